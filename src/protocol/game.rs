//! The game CECP keeps in the engine: the position with its whole history, which side
//! the engine plays (or neither, in force mode; or analysis), the clocks, and the job
//! running for it (thinking on its move, pondering on the opponent's, analysing).
//!
//! The engine core searches and stops ([`Core::start_search`]); a search for the game
//! comes back as [`Game::finished`] on the protocol loop's thread, which plays the move
//! on the game, says it, claims the result when the rules core ends the game
//! ([`Position::game_end`] under the options' rules), and ponders. So the game and what
//! the GUI was told never disagree: a search stopped by `force`, `new`, `undo` … before
//! its outcome came back says nothing at all.

use std::time::{Duration, Instant};

use super::cecp::Cecp;
use super::engine::{Answer, Core, GameLayer, RESIGN_SCORE};
use super::options::{spec, Id, OptionType};
use super::xboard::clock::{Clock, Control};
use super::xboard::{features, find_option, quoted};
use crate::board::repetition::NATURAL_LIMIT_MOVES;
use crate::board::{Color, GameEnd, GameRules, Move, Position};
use crate::search::{Limits, Outcome, MAX_THREADS};

/// Whom the engine plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Neither side: moves are only checked and played.
    Force,
    /// This side: it thinks when that side is to move.
    Play(Color),
    /// Analyse every position the game reaches.
    Analyze,
}

/// The search running for the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    Idle,
    /// On the engine's move, since `started`.
    Think {
        id: u64,
        started: Instant,
    },
    /// On the opponent's time.
    Ponder {
        id: u64,
    },
    /// In analyze mode, since `started`.
    Analyze {
        id: u64,
        started: Instant,
    },
}

/// What `pause` stopped, for `resume` to start again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Paused {
    Idle,
    /// Thinking, with this much of the engine's clock already used.
    Think(Duration),
    Ponder,
    Analyze,
}

/// The CECP game.
pub struct Game {
    position: Position,
    mode: Mode,
    clock: Clock,
    /// `hard`: ponder on the opponent's time.
    ponder: bool,
    /// `post`: thinking output.
    post: bool,
    /// The opponent offered a draw that the engine has not answered with a move yet.
    draw_offered: bool,
    /// The last `setboard` was refused: moves are illegal until `new` or `setboard`.
    bad_setup: bool,
    job: Job,
    paused: Option<Paused>,
    /// `ping`s that came while the engine was on move: answered after its move.
    pongs: Vec<String>,
    /// Settings (`memory`, `cores`, `option`) sent while the engine was thinking on
    /// its move: applied once it has moved.
    deferred: Vec<Cecp>,
    /// The reply the last search expected (for `hint` and pondering).
    hint: Option<Move>,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            position: Position::startpos(),
            mode: Mode::Play(Color::Black),
            clock: Clock::default(),
            ponder: false,
            post: false,
            draw_offered: false,
            bad_setup: false,
            job: Job::Idle,
            paused: None,
            pongs: Vec::new(),
            deferred: Vec::new(),
            hint: None,
        }
    }
}

/// The rules the engine's options set: the repetition rule set, and the natural limit
/// while `Rule60` is on.
fn rules(engine: &Core) -> GameRules {
    let settings = engine.settings();
    GameRules {
        rule_set: settings.rule_set,
        natural_limit_moves: if settings.rule60 {
            NATURAL_LIMIT_MOVES
        } else {
            0
        },
        ..GameRules::default()
    }
}

/// The claim of a game ended by the rules: `1-0 {…}`, `0-1 {…}` or `1/2-1/2 {…}`
/// (Red is CECP's White).
pub fn claim(end: &GameEnd, rules: &GameRules) -> String {
    let result = end.outcome().pgn();
    let comment = match end {
        GameEnd::Checkmate(loser) => format!("{} mates", title(&loser.other().to_string())),
        GameEnd::Repetition(ruling) => format!("Repetition: {}", ruling.reason()),
        _ => title(&end.detail_under(rules)),
    };
    // A brace would end the comment early.
    let comment = comment.replace(['{', '}'], "");
    format!("{result} {{{comment}}}")
}

/// `text` with its first letter in upper case.
fn title(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Game {
    /// After the game changed: claim the result if it is over and the engine plays;
    /// think when the engine is on move, ponder when not (if allowed); analyse in
    /// analyze mode.
    fn proceed(&mut self, engine: &mut Core) {
        if self.bad_setup || self.job != Job::Idle {
            return;
        }
        match self.mode {
            Mode::Force => {}
            Mode::Analyze => self.analyse(engine),
            Mode::Play(side) => {
                let rules = rules(engine);
                let plies = self.position.history().len();
                if let Some(end) = self.position.game_end(&rules, plies) {
                    engine.say(&claim(&end, &rules));
                    self.mode = Mode::Force;
                } else if self.position.side_to_move() == side {
                    self.think(engine);
                } else if self.ponder {
                    self.ponder_move(engine);
                }
            }
        }
    }

    fn think(&mut self, engine: &mut Core) {
        let moves_made = self.position.history().len() / 2;
        let overhead = Duration::from_millis(engine.settings().move_overhead_ms);
        let limits = self.clock.limits(moves_made, overhead);
        engine.show_progress(self.post);
        let id = engine.start_search(self.position.clone(), limits, Answer::Event);
        self.job = Job::Think {
            id,
            started: Instant::now(),
        };
    }

    /// Ponders the position after the reply the last search expected (announced as
    /// `Hint:` with thinking output on), or the current one when there is none.
    fn ponder_move(&mut self, engine: &mut Core) {
        let mut position = self.position.clone();
        if let Some(guess) = self.hint.filter(|&m| position.is_legal(m)) {
            if self.post {
                engine.say(&format!("Hint: {guess}"));
            }
            position.make_move(guess);
        }
        if position.legal_moves().is_empty() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ponder: true,
            ..Limits::default()
        };
        engine.show_progress(self.post);
        let id = engine.start_search(position, limits, Answer::Event);
        self.job = Job::Ponder { id };
    }

    /// Analyses the current position until told otherwise (nothing to do when it has no
    /// legal move).
    fn analyse(&mut self, engine: &mut Core) {
        if self.position.legal_moves().is_empty() {
            return;
        }
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        engine.show_progress(self.post);
        let id = engine.start_search(self.position.clone(), limits, Answer::Event);
        self.job = Job::Analyze {
            id,
            started: Instant::now(),
        };
    }

    /// Stops the running search (its outcome will be ignored).
    fn stop_job(&mut self, engine: &mut Core) {
        if self.job != Job::Idle {
            engine.stop_and_wait();
            self.job = Job::Idle;
        }
    }

    /// Before a command that changes the game or the mode: the running search is
    /// stopped without a word, a pause is forgotten, waiting settings are applied and
    /// waiting `ping`s answered (the commands before them are done).
    fn abandon(&mut self, engine: &mut Core) {
        self.stop_job(engine);
        self.paused = None;
        self.apply_deferred(engine);
        self.answer_pings(engine);
    }

    fn answer_pings(&mut self, engine: &Core) {
        for n in self.pongs.drain(..) {
            engine.say(&format!("pong {n}"));
        }
    }

    fn new_game(&mut self, engine: &mut Core) {
        self.abandon(engine);
        engine.clear_game();
        self.position = Position::startpos();
        self.clock.new_game();
        self.bad_setup = false;
        self.draw_offered = false;
        self.hint = None;
        // Analyze mode stays; otherwise the engine plays Black, not pondering yet.
        if self.mode == Mode::Analyze {
            self.proceed(engine);
        } else {
            self.mode = Mode::Play(Color::Black);
        }
    }

    /// `usermove`: a legal move is played (and the engine answers, ponders or analyses
    /// as its mode says); anything else gets `Illegal move` and changes nothing.
    fn user_move(&mut self, engine: &mut Core, text: &str) {
        let legal = if self.bad_setup {
            None
        } else {
            self.position.parse_move(text).ok()
        };
        let Some(mv) = legal else {
            engine.say(&format!("Illegal move: {}", quoted(text)));
            return;
        };
        self.abandon(engine);
        self.position.make_move(mv);
        self.proceed(engine);
    }

    fn set_board(&mut self, engine: &mut Core, fen: &str) {
        self.abandon(engine);
        match Position::from_fen(fen) {
            Ok(position) => {
                self.position = position;
                self.bad_setup = false;
                self.draw_offered = false;
                self.hint = None;
                if self.mode == Mode::Analyze {
                    self.proceed(engine);
                }
            }
            Err(e) => {
                engine.say(&format!(
                    "tellusererror Illegal position: {}",
                    quoted(&e.to_string())
                ));
                self.bad_setup = true;
            }
        }
    }

    /// `undo` (one move) or `remove` (two): the game goes back and the engine carries
    /// on as its mode says; with too few moves, an error and no change.
    fn take_back(&mut self, engine: &mut Core, plies: usize, command: &str) {
        if self.bad_setup || self.position.history().len() < plies {
            engine.say(&format!("Error (command not legal now): {command}"));
            return;
        }
        self.abandon(engine);
        for _ in 0..plies {
            self.position.unmake_move();
        }
        self.hint = None;
        self.proceed(engine);
    }

    /// `.` in analyze mode: `stat01: time nodes ply mvleft mvtot [mvname]` (time in
    /// centiseconds, figures of the latest report).
    fn status(&self, engine: &Core) {
        if self.mode != Mode::Analyze {
            return;
        }
        let total = self.position.legal_moves().len();
        let elapsed = match self.job {
            Job::Analyze { started, .. } => started.elapsed(),
            _ => Duration::ZERO,
        };
        let progress = engine.progress();
        let (left, current) = match progress.current {
            Some((mv, number)) => (total.saturating_sub(number), format!(" {mv}")),
            None => (0, String::new()),
        };
        engine.say(&format!(
            "stat01: {} {} {} {left} {total}{current}",
            elapsed.as_millis() / 10,
            progress.nodes,
            progress.depth
        ));
    }

    /// `pause`: the search stops, remembered for `resume` (the clock time it used).
    fn pause(&mut self, engine: &mut Core) {
        if self.paused.is_some() {
            return;
        }
        let paused = match self.job {
            Job::Idle => Paused::Idle,
            Job::Think { started, .. } => Paused::Think(started.elapsed()),
            Job::Ponder { .. } => Paused::Ponder,
            Job::Analyze { .. } => Paused::Analyze,
        };
        self.stop_job(engine);
        self.paused = Some(paused);
    }

    /// `resume`: what `pause` stopped starts again (a move's thinking with the clock
    /// time it had used taken off the engine's clock).
    fn resume(&mut self, engine: &mut Core) {
        match self.paused.take() {
            Some(Paused::Think(spent)) => {
                if let Some(own) = self.clock.own {
                    self.clock.own = Some(own.saturating_sub(spent));
                }
                self.proceed(engine);
            }
            Some(Paused::Ponder | Paused::Analyze) => self.proceed(engine),
            Some(Paused::Idle) | None => {}
        }
    }

    /// `memory`, `cores` and `option`: applied at once, except while the engine thinks
    /// on its move (then after it has moved); a ponder search is stopped first and an
    /// analysis restarted after.
    fn configure(&mut self, engine: &mut Core, setting: Cecp) {
        let restart = match self.job {
            Job::Think { .. } => {
                self.deferred.push(setting);
                return;
            }
            Job::Ponder { .. } => {
                self.stop_job(engine);
                false
            }
            Job::Analyze { .. } => {
                self.stop_job(engine);
                true
            }
            Job::Idle => false,
        };
        apply_setting(engine, setting);
        if restart {
            self.proceed(engine);
        }
    }

    fn apply_deferred(&mut self, engine: &mut Core) {
        for setting in std::mem::take(&mut self.deferred) {
            apply_setting(engine, setting);
        }
    }
}

/// Applies `memory N` (the hash size in MB), `cores N` (search threads) or `option
/// NAME[=VALUE]`; a refused value gets `Error (…)` and the option keeps its value.
fn apply_setting(engine: &mut Core, setting: Cecp) {
    let (option, value, command) = match setting {
        Cecp::Memory(mb) => (
            spec(Id::Hash),
            mb.clamp(1, 65_536).to_string(),
            format!("memory {mb}"),
        ),
        Cecp::Cores(n) => (
            spec(Id::Threads),
            n.clamp(1, MAX_THREADS as u64).to_string(),
            format!("cores {n}"),
        ),
        Cecp::SetOption { name, value } => {
            let command = match &value {
                Some(v) => format!("option {name}={v}"),
                None => format!("option {name}"),
            };
            let Some(option) = find_option(&name) else {
                engine.say(&format!("Error (unknown option): {}", quoted(&command)));
                return;
            };
            let value = match (value, option.kind) {
                (_, OptionType::Button) => String::new(),
                (Some(value), _) => value,
                (None, _) => {
                    engine.say(&format!("Error (missing value): {}", quoted(&command)));
                    return;
                }
            };
            (option, value, command)
        }
        _ => return,
    };
    if let Err(e) = engine.apply_option(option, &value) {
        engine.say(&format!(
            "Error ({}: {e}): {}",
            option.uci,
            quoted(&command)
        ));
    }
}

/// The core's view of the game: what it hands over, and what it asks.
impl GameLayer for Game {
    /// Handles one CECP command.
    fn handle(&mut self, engine: &mut Core, command: Cecp) {
        match command {
            Cecp::Protover(_) => {
                for line in features(engine.settings()) {
                    engine.say(&line);
                }
            }
            Cecp::FeatureReply | Cecp::Ignored | Cecp::Otim(_) => {}
            Cecp::New => self.new_game(engine),
            Cecp::Variant(name) => {
                if !name.eq_ignore_ascii_case("xiangqi") {
                    engine.say(&format!(
                        "Error (only xiangqi is played): variant {}",
                        quoted(&name)
                    ));
                }
            }
            Cecp::Force => {
                self.abandon(engine);
                self.mode = Mode::Force;
            }
            Cecp::Go if self.bad_setup => engine.say("Error (illegal position): go"),
            Cecp::PlayOther if self.bad_setup => engine.say("Error (illegal position): playother"),
            Cecp::Go => {
                self.abandon(engine);
                self.mode = Mode::Play(self.position.side_to_move());
                self.proceed(engine);
            }
            Cecp::PlayOther => {
                self.abandon(engine);
                self.mode = Mode::Play(self.position.side_to_move().other());
                self.proceed(engine);
            }
            Cecp::Level(level) => self.clock.control = Control::Level(level),
            Cecp::St(time) => self.clock.control = Control::PerMove(time),
            Cecp::Sd(depth) => self.clock.depth = Some(depth),
            Cecp::Nps(rate) => self.clock.nps = Some(rate),
            Cecp::Time(time) => self.clock.own = Some(time),
            Cecp::Move(text) => self.user_move(engine, &text),
            Cecp::MoveNow => {
                if matches!(self.job, Job::Think { .. }) {
                    engine.request_stop();
                }
            }
            Cecp::Ping(n) => {
                if matches!(self.job, Job::Think { .. }) {
                    self.pongs.push(n);
                } else {
                    engine.say(&format!("pong {n}"));
                }
            }
            Cecp::Draw => self.draw_offered = true,
            Cecp::Result(_) => {
                self.abandon(engine);
                self.mode = Mode::Force;
            }
            Cecp::SetBoard(fen) => self.set_board(engine, &fen),
            Cecp::Hint => {
                if let Some(hint) = self.hint.filter(|&m| self.position.is_legal(m)) {
                    engine.say(&format!("Hint: {hint}"));
                }
            }
            Cecp::Book => {
                engine.say(" Chariot has no opening book.");
                engine.say("");
            }
            Cecp::Undo => self.take_back(engine, 1, "undo"),
            Cecp::Remove => self.take_back(engine, 2, "remove"),
            Cecp::Ponder(on) => {
                self.ponder = on;
                match self.job {
                    Job::Ponder { .. } if !on => self.abandon(engine),
                    Job::Idle if on && self.paused.is_none() => self.proceed(engine),
                    _ => {}
                }
            }
            Cecp::Post(on) => {
                self.post = on;
                engine.show_progress(on);
            }
            Cecp::Analyze => {
                self.abandon(engine);
                self.mode = Mode::Analyze;
                self.proceed(engine);
            }
            Cecp::Exit => {
                if self.mode == Mode::Analyze {
                    self.abandon(engine);
                    self.mode = Mode::Force;
                }
            }
            Cecp::Status => self.status(engine),
            Cecp::Pause => self.pause(engine),
            Cecp::Resume => self.resume(engine),
            setting @ (Cecp::Memory(_) | Cecp::Cores(_) | Cecp::SetOption { .. }) => {
                self.configure(engine, setting);
            }
        }
    }

    /// A search of the engine's has ended with `outcome`. When it is the game's search
    /// on the engine's move, the engine answers: it resigns, or plays the move (after
    /// `offer draw` when it accepts the opponent's offer), answers the `ping`s that
    /// waited for it, claims the result if the game is over, and ponders.
    fn finished(&mut self, engine: &mut Core, id: u64, outcome: Outcome) {
        match self.job {
            Job::Think { id: current, .. } if current == id => self.job = Job::Idle,
            // A search stopped by a command, or a ponder or analysis that ran out of
            // depth: nothing to say.
            Job::Ponder { id: current } | Job::Analyze { id: current, .. } if current == id => {
                self.job = Job::Idle;
                return;
            }
            _ => return,
        }
        let settings = engine.settings();
        let best = outcome.best.filter(|&m| self.position.is_legal(m));
        let resign = settings.resign && outcome.score <= RESIGN_SCORE;
        let accept = self.draw_offered && settings.draw_offers && outcome.score <= 0;
        match best {
            Some(_) if resign => {
                engine.say("resign");
                self.mode = Mode::Force;
            }
            Some(best) => {
                if accept {
                    engine.say("offer draw");
                }
                self.draw_offered = false;
                self.position.make_move(best);
                engine.say(&format!("move {best}"));
                self.hint = outcome.ponder.filter(|&m| self.position.is_legal(m));
            }
            // No legal move: the rules end the game (claimed below).
            None => {}
        }
        self.answer_pings(engine);
        self.apply_deferred(engine);
        self.proceed(engine);
    }

    /// The game's position, `None` after a refused `setboard` (until `new` or a valid
    /// one).
    fn position(&self) -> Option<&Position> {
        (!self.bad_setup).then_some(&self.position)
    }

    /// A `setboard` that could not be read (a line too long): the game is left
    /// without a position, as after an illegal one, until `new` or a valid `setboard`.
    fn refuse_setup(&mut self, engine: &mut Core) {
        self.abandon(engine);
        self.bad_setup = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(fen: &str, moves: &str) -> GameEnd {
        let mut pos = Position::from_fen(fen).unwrap();
        for m in moves.split_whitespace() {
            pos.try_play(m).unwrap();
        }
        pos.game_end(&GameRules::default(), pos.history().len())
            .expect("the game is over")
    }

    #[test]
    fn claims_name_the_winner_as_cecp_does() {
        let rules = GameRules::default();
        let mate = ended("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", "b7b9");
        assert_eq!(claim(&mate, &rules), "1-0 {Red mates}");
        let stalemate = ended("4k4/4a4/9/9/R8/3R5/9/9/9/4K4 w - - 0 1", "a5f5");
        assert_eq!(
            claim(&stalemate, &rules),
            "1-0 {Black is stalemated (no legal move)}"
        );
        let perpetual = ended(
            "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
            "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9",
        );
        let text = claim(&perpetual, &rules);
        assert!(
            text.starts_with("0-1 {Repetition: red perpetual check"),
            "{text}"
        );
        let shuffle = ended(
            crate::board::START_FEN,
            "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
        );
        assert!(claim(&shuffle, &rules).starts_with("1/2-1/2 {Repetition: draw"));
        let bare = ended("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "");
        assert_eq!(
            claim(&bare, &rules),
            "1/2-1/2 {Insufficient material (no attacking pieces)}"
        );
    }
}
