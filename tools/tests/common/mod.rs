//! Helpers shared by this package's integration tests.

use std::path::{Path, PathBuf};

/// The engine, the workspace's root package binary `chariot`, found next to this
/// package's own `tourney` binary (`<target dir>/<profile>/chariot`). `cargo test
/// --workspace` builds it before running any test, because the root package has
/// integration tests; run alone, this package's tests may find none. `CHARIOT_BIN`
/// overrides the search.
pub fn chariot_binary() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHARIOT_BIN") {
        return Some(PathBuf::from(p));
    }
    let dir = Path::new(env!("CARGO_BIN_EXE_tourney")).parent()?;
    let p = dir.join(format!("chariot{}", std::env::consts::EXE_SUFFIX));
    p.is_file().then_some(p)
}
