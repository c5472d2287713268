//! NNUE training: the data formats and loader (`data`), the game packs and the loader of
//! every format (`pack`), the network, its features and its file format (`net`), and the
//! trainer (`train`) and the file of a run's state that resumes it (`state`). The
//! `convert` and `train` subcommands are thin command lines over these.

pub mod data;
pub mod net;
pub mod pack;
pub mod state;
pub mod train;
