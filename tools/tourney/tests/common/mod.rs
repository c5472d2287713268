//! Helpers shared by this package's integration tests.

use std::path::{Path, PathBuf};

use chariot_tools::engine::{EngineConfig, Protocol};

/// The engine, the workspace's root package binary `chariot`, found next to this
/// package's own `tourney` binary (`<target dir>/<profile>/chariot`). `cargo test
/// --workspace` builds it before running any test, because the root package has
/// integration tests; run alone (`cargo test -p chariot-tools`), this package's tests
/// find none unless `cargo build --release -p chariot` ran before. `CHARIOT_BIN`
/// overrides the search.
///
/// # Panics
///
/// When there is no such binary: a test that needs the engine must not pass without it.
pub fn chariot_binary() -> PathBuf {
    if let Some(p) = std::env::var_os("CHARIOT_BIN") {
        return PathBuf::from(p);
    }
    let tourney = Path::new(env!("CARGO_BIN_EXE_tourney"));
    let p = tourney
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("chariot{}", std::env::consts::EXE_SUFFIX));
    assert!(
        p.is_file(),
        "no chariot binary at {} (run `cargo test --release --workspace`, build it with \
         `cargo build --release -p chariot`, or set CHARIOT_BIN)",
        p.display()
    );
    p
}

/// The Chariot engine of [`chariot_binary`] as a test event's entry named `name`,
/// speaking `proto`, with ten seconds for its handshake (a loaded machine starts slowly).
#[allow(dead_code)] // rules_authority.rs plays fake engines only
pub fn chariot_engine(name: &str, proto: Protocol) -> EngineConfig {
    let mut e = EngineConfig::new(name, &chariot_binary().to_string_lossy(), proto);
    e.init_timeout_ms = 10_000;
    e
}
