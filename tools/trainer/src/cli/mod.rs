//! The `trainer` command line: one subcommand per step of the pipeline, each in its
//! own module. `src/main.rs` calls [`main`].
//!
//! | subcommand | what it does |
//! | --- | --- |
//! | `datagen` | self-play games, every position with its score and result, as text or a game pack ([`datagen`]) |
//! | `convert` | text ⇄ 40-byte binary training positions ⇄ game packs ([`convert`]) |
//! | `tune` | fits the hand-crafted evaluation's weights to results ([`tune`]) |
//! | `train` | trains an NNUE net on labelled positions ([`train`]) |
//! | `make-openings` | a held-out opening set from real games ([`make_openings`]) |
//! | `spsa` | tunes an engine's numeric parameters (UCI spin options) by SPSA from game pairs ([`spsa`]) |
//!
//! Usage errors exit with status 2 (clap's own, and arguments that cannot be used,
//! such as a held-out opening set given to `datagen` or `spsa`); failures at run time
//! with 1.

pub mod convert;
pub mod datagen;
pub mod make_openings;
pub mod spsa;
pub mod train;
pub mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Chariot's training pipeline.
#[derive(Parser)]
#[command(
    name = "trainer",
    version,
    about = "Chariot's training pipeline: self-play data, the NNUE trainer, the tuner of \
             the hand-crafted evaluation and the opening sets"
)]
pub struct Cli {
    /// The step to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Self-play games at a fixed node count, writing every searched position with its
    /// score and the game's result.
    Datagen(datagen::Args),
    /// Converts training data between text lines, 40-byte binary records and game packs.
    Convert(convert::Args),
    /// Fits the hand-crafted evaluation's weights to game results (Texel's method).
    Tune(tune::Args),
    /// Trains an NNUE net (nets/README.md) on labelled positions.
    Train(train::Args),
    /// Builds a held-out opening set from real games, balanced by a short search.
    MakeOpenings(make_openings::Args),
    /// Tunes an engine's numeric parameters (spin options) by SPSA from game pairs.
    Spsa(spsa::Args),
}

impl Command {
    /// The subcommand's name, the prefix of its messages.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Datagen(_) => "datagen",
            Command::Convert(_) => "convert",
            Command::Tune(_) => "tune",
            Command::Train(_) => "train",
            Command::MakeOpenings(_) => "make-openings",
            Command::Spsa(_) => "spsa",
        }
    }
}

/// Parses the command line and runs the subcommand; an error is printed as
/// `<subcommand>: <message>` and ends the process with its exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let name = cli.command.name();
    let result = match &cli.command {
        Command::Datagen(args) => datagen::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Train(args) => train::run(args),
        Command::MakeOpenings(args) => make_openings::run(args),
        Command::Spsa(args) => spsa::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            if let Command::Convert(_) = &cli.command {
                convert::hint(&e);
            }
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
