//! `fake-engine`: a tiny UCCI/UCI engine for the tourney tests. It plays random legal
//! moves (the rules core chooses them) and can misbehave on purpose.
//!
//! Usage: `fake-engine [MODE [N]] [--uci10] [--seed S] [--score CP] [--prefer M1,M2,…]
//! [--log FILE] [--resign-under MS] [--ponder first|last] [--think MS] [--delay MS]
//! [--deaf-stop] [--eager] [--trace FILE] [--toy NAME=OPT]`
//!
//! Modes (N = the number of good moves before misbehaving, default 0):
//! - `random`: random legal moves (default);
//! - `crash N`: exits instead of answering the (N+1)-th `go`;
//! - `illegal N`: answers the (N+1)-th `go` with an illegal move;
//! - `hang N`: never answers the (N+1)-th `go`;
//! - `garbage N`: prints junk (also invalid UTF-8) and then a junk `bestmove`;
//! - `resign N`: answers `bestmove <m> resign`;
//! - `resignblack N`: resigns when playing Black, plays random moves as Red;
//! - `nomove N`: answers `nobestmove` / `bestmove (none)`;
//! - `slow MS`: waits MS ms before every move;
//! - `nostart`: never finishes the handshake;
//! - `checks`: deterministic: the first checking move (in ICCS order), else the first
//!   legal move (both skip the moves of `banmoves`);
//! - `draw N`: random moves, and from the (N+1)-th on every `bestmove` offers a draw;
//! - `acceptdraw`: random moves, adding `draw` when told `go draw` (UCCI);
//! - `first`, `last`: deterministic: the first (last) legal move in ICCS order.
//!
//! `--toy NAME=OPT` (instead of a mode; for the SPSA tuner's test): the engine offers
//! the spin option NAME (`-1000..1000`, default 0), plays random legal moves, and
//! answers each `go` with an illegal move (a loss) with the probability
//! `min(0.5, 0.01 + |V − OPT| / 1000)`, V the value `setoption` gave NAME: the farther
//! from OPT, the sooner it loses.
//!
//! Every mode honours `banmoves` (reset by the next `position`). With `--prefer`, the
//! engine plays the first move of the list that is legal and not banned, and falls back
//! to its mode's choice (so two such engines can be made to play a given cycle). With
//! `--log`, every `go` line received is appended to FILE (so a test can see what the
//! tourney told the engine); with `--trace`, every line received (`< …`) and sent
//! (`> …`).
//!
//! Pondering: with `--ponder first|last` the engine offers the `Ponder` option (UCCI:
//! `ponder`) and names in each `bestmove` the reply it expects (`ponder P`: the first or
//! last legal reply in ICCS order). `go ponder` searches without answering until
//! `ponderhit` (then the answer comes once `--think` MS have passed since `go ponder`)
//! or `stop` (the answer at once; never with `--deaf-stop`); with `--eager` it answers
//! `go ponder` at once, as a broken engine would. `--think MS`: every search
//! takes MS ms; `--delay MS`: wait MS ms before answering a plain `go`. `stop` while
//! idle is answered `nobestmove` under UCCI (as ElephantEye does), ignored under UCI.
//! Every answer's `info` line tells the time searched (`time MS`, from its `go` or
//! `go ponder`, as the engine measured it).

use std::fs::File;

/// The command line, parsed. An option missing its value (or with an unreadable one)
/// takes its default; any other word is the mode (the first) or its N (the later ones).
#[derive(Default)]
pub struct Args {
    /// The mode's name (`random` unless told).
    pub mode: String,
    /// The mode's N: good moves before misbehaving (`slow`: the ms to wait).
    pub n: u64,
    /// Squares written UCI-style with ranks 1-10 (`--uci10`).
    pub uci10: bool,
    /// The random moves' seed (`--seed`); none: from entropy.
    pub seed: Option<u64>,
    /// The score every `info` line reports (`--score`).
    pub score: i32,
    /// Moves to play whenever one is legal, first listed first (`--prefer`).
    pub prefer: Vec<String>,
    /// Where every `go` line is appended (`--log`).
    pub log: Option<File>,
    /// Resign when the own clock shows less than this many ms (`--resign-under`).
    pub resign_under: Option<u64>,
    /// `first` or `last`: which reply to expect and offer pondering (`--ponder`).
    pub ponder_guess: Option<String>,
    /// Every search takes this many ms (`--think`).
    pub think_ms: u64,
    /// A plain `go` waits this many ms (`--delay`).
    pub delay_ms: u64,
    /// `stop` during a ponder search is never answered (`--deaf-stop`).
    pub deaf_stop: bool,
    /// `go ponder` is answered at once (`--eager`).
    pub eager: bool,
    /// Where every line received and sent is appended (`--trace`).
    pub trace: Option<File>,
    /// `NAME=OPT`: the toy tunable engine (`--toy`).
    pub toy: Option<String>,
}

impl Args {
    /// Parses the arguments (without the program's name).
    pub fn parse(args: &[String]) -> Args {
        let mut parsed = Args {
            mode: "random".to_string(),
            ..Args::default()
        };
        let mut words = args.iter();
        let mut positional = 0;
        while let Some(word) = words.next() {
            if !parsed.option(word, &mut words) {
                if positional == 0 {
                    parsed.mode = word.clone();
                } else {
                    parsed.n = word.parse().unwrap_or(0);
                }
                positional += 1;
            }
        }
        parsed
    }

    /// Takes `word` as an option, reading its value from `rest`; false if it is none.
    fn option<'a>(&mut self, word: &str, rest: &mut impl Iterator<Item = &'a String>) -> bool {
        let mut value = || rest.next();
        match word {
            "--uci10" => self.uci10 = true,
            "--deaf-stop" => self.deaf_stop = true,
            "--eager" => self.eager = true,
            "--seed" => self.seed = number(value()),
            "--score" => self.score = number(value()).unwrap_or(0),
            "--think" => self.think_ms = number(value()).unwrap_or(0),
            "--delay" => self.delay_ms = number(value()).unwrap_or(0),
            "--resign-under" => self.resign_under = number(value()),
            "--ponder" => self.ponder_guess = value().cloned(),
            "--toy" => self.toy = value().cloned(),
            "--log" => self.log = append(value()),
            "--trace" => self.trace = append(value()),
            "--prefer" => {
                self.prefer = value()
                    .map(|list| list.split(',').map(str::to_string).collect())
                    .unwrap_or_default();
            }
            _ => return false,
        }
        true
    }
}

/// An option's value as a number, if there is one and it reads as one.
fn number<T: std::str::FromStr>(value: Option<&String>) -> Option<T> {
    value.and_then(|s| s.parse().ok())
}

/// The file at `path` opened for appending (created if need be), if it can be.
fn append(path: Option<&String>) -> Option<File> {
    path.and_then(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()
    })
}
