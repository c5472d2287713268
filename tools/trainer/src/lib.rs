//! `trainer`: Chariot's training pipeline. The command `trainer` ([`cli`]) has one
//! subcommand per step: `datagen` (self-play positions labelled with results), `tune`
//! (fits the hand-crafted evaluation's weights), `convert` and `train` (the NNUE data
//! formats and trainer in [`nnue`]) and `make-openings` (a held-out opening set from
//! real games), over this library, the `chariot` engine and the opening sets and
//! generator of `tourney`. [`heldout`] finds the games in a file of positions and
//! splits whole games into training, validation and test sets for `train` and `tune`.
//! [`spsa`] tunes an engine's numeric parameters from game pairs (`trainer spsa`).
//! Errors are [`error::TrainerError`]s; `chariot::progress` shows long work on a terminal.
//!
//! # Floors
//!
//! A module imports only from floors below its own (`tools/scripts/import-graph`
//! checks it):
//!
//! 1. [`error`]: the error type (and the place of a bad line or record).
//! 2. [`heldout`]: games in a file of positions and their split; [`spsa`]: the SPSA
//!    tuner of an engine's parameters (the algorithm, without the games).
//! 3. [`nnue`]: inside it, from the bottom, [`nnue::data`] (formats and loader),
//!    [`nnue::net`] (the network) and [`nnue::pack`] (game packs, and the loader of
//!    every format), [`nnue::train`] (the trainer).
//! 4. [`cli`]: the subcommands; inside it `convert` below `train` (which takes its
//!    `--bad` parser), the others on the ground floor.

#![forbid(unsafe_code)]

pub mod cli;
pub mod error;
pub mod heldout;
pub mod nnue;
pub mod spsa;
