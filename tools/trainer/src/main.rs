//! `trainer`: Chariot's training pipeline as one command with subcommands
//! (`trainer datagen|convert|tune|train|make-openings|spsa`; see `trainer::cli`).

fn main() -> std::process::ExitCode {
    trainer::cli::main()
}
