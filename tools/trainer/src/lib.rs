//! `trainer`: Chariot's training pipeline. The binaries `datagen` (self-play positions
//! labelled with results), `tune` (fits the hand-crafted evaluation's weights),
//! `convert-data` and `train` (the NNUE data formats and trainer in [`nnue`]) and
//! `make-openings` (a held-out opening set from real games) are command lines over this
//! library, the `chariot` engine and the opening sets and generator of `tourney`.
//! [`heldout`] finds the games in a file of positions and splits whole games into
//! training, validation and test sets for `train` and `tune`.
//!
//! # Floors
//!
//! A module imports only from floors below its own (`tools/scripts/import-graph`
//! checks it):
//!
//! 1. [`heldout`]: games in a file of positions and their split.
//! 2. [`nnue`]: inside it, from the bottom, [`nnue::data`] (formats and loader),
//!    [`nnue::net`] (the network), [`nnue::train`] (the trainer).

#![forbid(unsafe_code)]

pub mod heldout;
pub mod nnue;
