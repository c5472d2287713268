//! Helpers shared by this package's integration tests.

use std::path::{Path, PathBuf};

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
