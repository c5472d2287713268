//! The protocol loop: the handshake, `position` and `banmoves`, `go` (and `go ponder`),
//! `ponderhit`, `stop` and `quit`, in UCCI or UCI (whichever handshake came last).

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use chariot::board::{Position, START_FEN};
use tourney::rng::Rng;

use crate::args::Args;
use crate::modes::{self, Behaviour, Reaction, Tail, Turn};
use crate::notation::Notation;
use crate::out::{Answer, Out};

/// The engine between commands.
pub struct Session {
    args: Args,
    notation: Notation,
    out: Out,
    behaviour: Box<dyn Behaviour>,
    rng: Rng,
    pos: Position,
    /// UCCI (else UCI).
    ucci: bool,
    /// `go`s answered so far (a silent one not counted).
    moves_made: u64,
    /// The moves of the last `banmoves` (ICCS), until the next `position`.
    banned: Vec<String>,
    /// A ponder search's answer, held back until `ponderhit` or `stop`.
    ponder_search: Option<Answer>,
}

impl Session {
    /// The engine the command line asks for, in the start position.
    pub fn new(mut args: Args) -> Session {
        let prefer = std::mem::take(&mut args.prefer);
        let mut rng = args.seed.map(Rng::new).unwrap_or_else(Rng::from_entropy);
        let behaviour: Box<dyn Behaviour> = match &args.toy {
            Some(spec) => Box::new(modes::Toy::new(spec, rng.next_u64())),
            None => modes::new(&args.mode, args.n, prefer),
        };
        Session {
            notation: Notation { uci10: args.uci10 },
            out: Out::new(args.trace.take()),
            behaviour,
            rng,
            pos: Position::startpos(),
            ucci: true,
            moves_made: 0,
            banned: Vec::new(),
            ponder_search: None,
            args,
        }
    }

    /// Answers standard input's commands until `quit` or its end (or a line that is
    /// not UTF-8).
    pub fn run(&mut self) {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            self.out.heard(&line);
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&cmd) = words.first() else { continue };
            match cmd {
                "ucci" | "uci" => self.handshake(cmd == "ucci"),
                "isready" => self.out.say("readyok"),
                "ponderhit" => self.ponderhit(),
                "stop" => self.stop(),
                "quit" => {
                    self.quit();
                    return;
                }
                "banmoves" => self.banmoves(&words[1..]),
                "setoption" => self.setoption(&words[1..]),
                "position" => self.position(&words),
                "go" => self.go(&line, &words),
                _ => {}
            }
        }
    }

    fn handshake(&mut self, ucci: bool) {
        self.ucci = ucci;
        if !self.behaviour.starts() {
            return;
        }
        let options: &[&str] = if ucci {
            &[
                "option usemillisec type check default true",
                "option newgame type button",
                "option ponder type check default false",
            ]
        } else {
            &[
                "option name UCI_Variant type combo default xiangqi var xiangqi",
                "option name Hash type spin default 16 min 1 max 1024",
                "option name Ponder type check default false",
            ]
        };
        // The last option, pondering, only with `--ponder`.
        let options = if self.args.ponder_guess.is_some() {
            options
        } else {
            &options[..2]
        };
        self.out.say("id name FakeEngine");
        self.out.say("id author chariot tests");
        for line in options {
            self.out.say(line);
        }
        for line in self.behaviour.options(ucci) {
            self.out.say(&line);
        }
        self.out.say(if ucci { "ucciok" } else { "uciok" });
    }

    fn ponderhit(&mut self) {
        if let Some(answer) = self.ponder_search.take() {
            let due = answer.started + Duration::from_millis(self.args.think_ms);
            std::thread::sleep(due.saturating_duration_since(Instant::now()));
            answer.say(&mut self.out);
        }
    }

    fn stop(&mut self) {
        match self.ponder_search.take() {
            Some(answer) if !self.args.deaf_stop => answer.say(&mut self.out),
            Some(_) => {}
            None if self.ucci => self.out.say("nobestmove"),
            None => {}
        }
    }

    fn quit(&mut self) {
        if self.ucci {
            self.out.say("bye");
        }
    }

    /// `setoption name N value V` (UCI) or `setoption N V` (UCCI), told to the
    /// behaviour.
    fn setoption(&mut self, words: &[&str]) {
        let (name, value) = match words {
            ["name", rest @ ..] => {
                let at = rest
                    .iter()
                    .position(|w| *w == "value")
                    .unwrap_or(rest.len());
                (
                    rest[..at].join(" "),
                    rest.get(at + 1..).unwrap_or(&[]).join(" "),
                )
            }
            [name, rest @ ..] => (name.to_string(), rest.join(" ")),
            [] => return,
        };
        self.behaviour.set_option(&name, &value);
    }

    fn banmoves(&mut self, moves: &[&str]) {
        self.banned = moves.iter().map(|m| self.notation.read(m)).collect();
    }

    /// `position startpos|fen FEN [moves …]`: an unreadable FEN is the start position,
    /// and the moves are played up to the first illegal one.
    fn position(&mut self, words: &[&str]) {
        self.banned.clear();
        let (fen, k) = if words.get(1) == Some(&"startpos") {
            (START_FEN.to_string(), 2)
        } else {
            let end = words
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(words.len());
            (words[2.min(end)..end].join(" "), end)
        };
        self.pos = Position::from_fen(&fen).unwrap_or_else(|_| Position::startpos());
        if words.get(k) == Some(&"moves") {
            for m in &words[k + 1..] {
                if self.pos.try_play(&self.notation.read(m)).is_err() {
                    break;
                }
            }
        }
    }

    /// `go …` (`line`, split into `words`): asks the behaviour, then answers (or holds
    /// the answer of `go ponder`).
    fn go(&mut self, line: &str, words: &[&str]) {
        if let Some(f) = self.args.log.as_mut() {
            let _ = writeln!(f, "{line}");
        }
        let started = Instant::now();
        let pos = self.pos.clone();
        let turn = Turn {
            pos: &pos,
            legal: self.unbanned_moves(),
            moves_made: self.moves_made,
            words,
        };
        let reaction = self.behaviour.react(&turn);
        match reaction {
            Reaction::Exit => std::process::exit(3),
            Reaction::Silence => return,
            _ => self.moves_made += 1,
        }
        match reaction {
            Reaction::Garbage => modes::babble(&mut self.out),
            _ if turn.legal.is_empty() => self.no_move(),
            Reaction::NoMove => self.no_move(),
            Reaction::Illegal => {
                let bad = self.notation.write(&modes::illegal_move(&pos));
                self.out.say(&format!("bestmove {bad}"));
            }
            _ => self.play(&turn, started),
        }
    }

    /// The legal moves (ICCS, generation order) but the banned ones, unless that leaves
    /// none.
    fn unbanned_moves(&self) -> Vec<String> {
        let all: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let legal: Vec<String> = all
            .iter()
            .filter(|m| !self.banned.contains(m))
            .cloned()
            .collect();
        if legal.is_empty() {
            all
        } else {
            legal
        }
    }

    fn no_move(&mut self) {
        self.out.say(if self.ucci {
            "nobestmove"
        } else {
            "bestmove (none)"
        });
    }

    /// Plays the behaviour's move: answers now, or once due, or holds the answer of
    /// `go ponder` for `ponderhit` or `stop`.
    fn play(&mut self, turn: &Turn, started: Instant) {
        let mv = self.behaviour.choose(turn, &mut self.rng);
        let tail = if self.short_of_time(turn) {
            Tail::Resign
        } else {
            self.behaviour.tail(turn)
        };
        let tail = match tail {
            Tail::Resign => " resign",
            Tail::Draw => " draw",
            Tail::None => "",
        };
        let ponder = self
            .expected_reply(turn.pos, &mv)
            .map(|p| format!(" ponder {}", self.notation.write(&p)))
            .unwrap_or_default();
        let answer = Answer {
            started,
            info: format!(
                "info depth 1 score {}{} nodes 1",
                if self.ucci { "" } else { "cp " },
                self.args.score
            ),
            pv: self.notation.write(&mv),
            best: format!("bestmove {}{ponder}{tail}", self.notation.write(&mv)),
        };
        if turn.words.get(1) == Some(&"ponder") && !self.args.eager {
            self.ponder_search = Some(answer);
            return;
        }
        let wait = self.args.think_ms.max(self.args.delay_ms);
        let due = started + Duration::from_millis(wait);
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        answer.say(&mut self.out);
    }

    /// Whether `--resign-under` applies: the own clock of the `go` line shows less.
    fn short_of_time(&self, turn: &Turn) -> bool {
        let clock_key = match (self.ucci, turn.black()) {
            (true, _) => "time",
            (false, false) => "wtime",
            (false, true) => "btime",
        };
        let own_time = turn
            .words
            .windows(2)
            .find(|w| w[0] == clock_key)
            .and_then(|w| w[1].parse::<u64>().ok());
        matches!((self.args.resign_under, own_time), (Some(u), Some(t)) if t < u)
    }

    /// With `--ponder first|last`: the first (last) legal reply to `mv` in ICCS order.
    fn expected_reply(&self, pos: &Position, mv: &str) -> Option<String> {
        let guess = self.args.ponder_guess.as_deref()?;
        let mut after = pos.clone();
        after.make_move(after.parse_move(mv).ok()?);
        let mut replies: Vec<String> = after.legal_moves().iter().map(|m| m.to_string()).collect();
        replies.sort();
        if guess == "last" {
            replies.pop()
        } else {
            replies.into_iter().next()
        }
    }
}
