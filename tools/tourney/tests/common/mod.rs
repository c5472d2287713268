//! Helpers shared by this package's integration tests: the engine binaries they play,
//! found next to this package's own `tourney` binary.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use tourney::engine::{EngineConfig, Protocol};
use tourney::event::{run, Standings, TournamentConfig};

/// The binary `name` of another package of the workspace, found next to this package's
/// own `tourney` binary (`<target dir>/<profile>/<name>`), or the file the environment
/// variable `var` names. `cargo test --workspace` builds it before running any test:
/// Cargo builds a package's binaries for its integration tests, and `build` says which
/// package's tests those are.
///
/// # Panics
///
/// When there is no such binary: a test that needs it must not pass without it.
fn workspace_binary(name: &str, var: &str, build: &str) -> PathBuf {
    if let Some(p) = std::env::var_os(var) {
        return PathBuf::from(p);
    }
    let tourney = Path::new(env!("CARGO_BIN_EXE_tourney"));
    let p = tourney
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        p.is_file(),
        "no {name} binary at {} (run `cargo test --release --workspace`, build it with \
         `cargo build --release {build}`, or set {var})",
        p.display()
    );
    p
}

/// The engine, the workspace's root package binary `chariot` (see
/// [`workspace_binary`]). Run alone (`cargo test -p tourney`), this package's tests
/// find none unless `cargo build --release -p chariot` ran before. `CHARIOT_BIN`
/// overrides the search.
///
/// # Panics
///
/// When there is no such binary: a test that needs the engine must not pass without it.
pub fn chariot_binary() -> PathBuf {
    workspace_binary("chariot", "CHARIOT_BIN", "-p chariot")
}

/// The test engine, the `fake-engine` binary of the `test-engines` package (see
/// [`workspace_binary`]): `cargo test -p tourney -p test-engines` builds it too, and
/// `FAKE_ENGINE_BIN` overrides the search.
///
/// # Panics
///
/// When there is no such binary: a test that plays it must not pass without it.
pub fn fake_engine() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(|| {
        workspace_binary("fake-engine", "FAKE_ENGINE_BIN", "-p test-engines")
            .to_string_lossy()
            .into_owned()
    })
}

/// The Chariot engine of [`chariot_binary`] as a test event's entry named `name`,
/// speaking `proto`, with ten seconds for its handshake (a loaded machine starts slowly).
pub fn chariot_engine(name: &str, proto: Protocol) -> EngineConfig {
    let mut e = EngineConfig::new(name, &chariot_binary().to_string_lossy(), proto);
    e.init_timeout_ms = 10_000;
    e
}

/// Runs the event of `cfg` and returns its standings and everything it printed.
pub fn play_event(cfg: &TournamentConfig) -> (Standings, String) {
    let mut out = Vec::new();
    let st = run(cfg, &mut out);
    (st, String::from_utf8(out).expect("the output is UTF-8"))
}
