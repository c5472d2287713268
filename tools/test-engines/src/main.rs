//! `fake-engine`: a tiny UCCI/UCI engine for the tourney tests, which plays random legal
//! moves and misbehaves on purpose. The command line is documented in [`args`]; the
//! protocol loop is [`session`]; each way of playing is a file of [`modes`].

mod args;
mod modes;
mod notation;
mod out;
mod session;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    session::Session::new(args::Args::parse(&args)).run();
}
