//! NNUE training: the data formats and loader (`data`), the network, its features and
//! its file format (`net`), and the trainer (`train`). The `convert-data` and `train`
//! binaries are thin command lines over these.

pub mod data;
pub mod net;
pub mod train;
