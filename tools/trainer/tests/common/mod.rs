//! Helpers shared by this package's integration tests.

pub mod games;
