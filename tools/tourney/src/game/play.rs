//! One game between two engines: start them, keep the clocks, ask for moves, check
//! every move against the rules core, and stop when the arbiter, an adjudication or a
//! failure decides.

use std::time::{Duration, Instant};

use chariot::board::{Color, GameEnd, GameRules, Move, Position};

use crate::clock::Clock;
use crate::engine::{EngineConfig, EngineProcess, Failure, Reply, Thought, Turn};
use crate::game::adjudication::{Adjudged, Adjudicator, DrawAdjudication, ResignAdjudication};
use crate::game::arbiter::{forbidden_moves, judge, judge_claim, Verdict};
use crate::openings::Opening;
use chariot::board::Outcome;

/// Settings shared by all games.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Rules for the arbiter.
    pub rules: GameRules,
    /// Draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication.
    pub resign: Option<ResignAdjudication>,
    /// How long an engine without a clock (depth/nodes) may think before it is
    /// declared hung, ms.
    pub hang_timeout_ms: u64,
    /// Echo engine traffic to stderr.
    pub debug: bool,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            rules: GameRules::default(),
            draw: None,
            resign: None,
            hang_timeout_ms: 60_000,
            debug: false,
        }
    }
}

/// One move as played, with what the engine reported.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// The mover's last score (its own point of view).
    pub score: Option<i32>,
    /// Its last depth.
    pub depth: Option<u32>,
    /// Time taken, ms.
    pub time_ms: u64,
    /// Whether the mover had pondered on the opponent's move it answered: `Some(true)`
    /// for a ponder hit, `Some(false)` for a miss, `None` when it had not pondered.
    pub ponder_hit: Option<bool>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Red's name.
    pub red: String,
    /// Black's name.
    pub black: String,
    /// The FEN the game started from (before the opening moves).
    pub start_fen: String,
    /// Opening moves (played by the manager, not the engines).
    pub opening_moves: Vec<Move>,
    /// The engines' moves.
    pub moves: Vec<PlayedMove>,
    /// Result.
    pub outcome: Outcome,
    /// Why.
    pub reason: String,
    /// The loser lost by a foul (see [`Verdict::foul`]).
    pub foul: bool,
    /// The rules core's ending when the rules ended the game (see [`Verdict::end`]):
    /// `None` when an engine's failure, a resignation, an adjudication or an agreement
    /// did, and for games read back from a file.
    pub end: Option<GameEnd>,
    /// Time control in words (PGN tag).
    pub time_control: String,
}

impl GameRecord {
    /// The final position.
    pub fn final_position(&self) -> Position {
        let mut pos = Position::from_fen(&self.start_fen).expect("valid start");
        for mv in self
            .opening_moves
            .iter()
            .chain(self.moves.iter().map(|m| &m.mv))
        {
            pos.make_move(*mv);
        }
        pos
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The moves to forbid to an engine that bans moves (`bans`: UCCI's `banmoves`) in
/// `pos`: those that would complete a forbidden repetition, while some move remains
/// (without one the engine must play one and lose).
fn banned_moves(pos: &mut Position, bans: bool, rules: &GameRules) -> Vec<Move> {
    if !bans {
        return Vec::new();
    }
    let banned = forbidden_moves(pos, rules);
    if banned.is_empty() || banned.len() >= pos.legal_moves().len() {
        return Vec::new();
    }
    banned
}

/// The reply an engine named after its move (`bestmove m ponder p`), when it pondering
/// on it makes sense: it is legal in `pos` (the game after the engine's move) and does
/// not end the game.
fn ponder_move(
    pos: &Position,
    text: &str,
    cfg: &EngineConfig,
    rules: &GameRules,
    game_plies: usize,
) -> Option<Move> {
    let iccs = cfg.coords.from_engine(text)?;
    let mut after = pos.clone();
    let mv = after.try_play(&iccs).ok()?;
    judge(&after, rules, game_plies + 1).is_none().then_some(mv)
}

/// Plays one game. `red` and `black` are started fresh and quit at the end.
pub fn play_game(
    red: &EngineConfig,
    black: &EngineConfig,
    opening: &Opening,
    settings: &GameSettings,
) -> GameRecord {
    let mut pos = Position::from_fen(&opening.fen).expect("openings are validated when loaded");
    let mut opening_moves = Vec::new();
    for m in &opening.moves {
        let mv = pos.try_play(m).expect("openings are validated when loaded");
        opening_moves.push(mv);
    }
    let tc_text = if red.limits.tc == black.limits.tc {
        red.limits.tc.to_string()
    } else {
        format!("{} vs {}", red.limits.tc, black.limits.tc)
    };
    let mut record = GameRecord {
        red: red.name.clone(),
        black: black.name.clone(),
        start_fen: opening.fen.clone(),
        opening_moves,
        moves: Vec::new(),
        outcome: Outcome::Draw,
        reason: String::new(),
        foul: false,
        end: None,
        time_control: tc_text,
    };
    let ruling = run(red, black, &mut pos, settings, &mut record);
    record.outcome = ruling.outcome;
    record.reason = ruling.reason;
    record.foul = ruling.foul;
    record.end = ruling.end;
    record
}

fn run(
    red: &EngineConfig,
    black: &EngineConfig,
    pos: &mut Position,
    settings: &GameSettings,
    record: &mut GameRecord,
) -> Verdict {
    let configs = [red, black];
    let mut engines: Vec<EngineProcess> = Vec::with_capacity(2);
    for (i, cfg) in configs.iter().enumerate() {
        let color = if i == 0 { Color::Red } else { Color::Black };
        match EngineProcess::start(cfg, settings.debug).and_then(|mut e| e.new_game().map(|_| e)) {
            Ok(e) => engines.push(e),
            Err(e) => {
                return Verdict::foul(
                    Outcome::loss_for(color),
                    format!("{} ({}) failed to start: {e}", color_name(color), cfg.name),
                )
            }
        }
    }
    let ruling = game_loop(&mut engines, configs, pos, settings, record);
    for mut e in engines {
        e.game_over(ruling.outcome.pgn(), &ruling.reason);
        e.quit();
    }
    ruling
}

/// A game in progress: the engines, their clocks and what the loop remembers between
/// moves.
struct Game<'a> {
    engines: &'a mut [EngineProcess],
    configs: [&'a EngineConfig; 2],
    settings: &'a GameSettings,
    pos: &'a mut Position,
    record: &'a mut GameRecord,
    clocks: [Clock; 2],
    /// The engines get the FEN after the last capture plus the moves since.
    base_fen: String,
    since_base: Vec<Move>,
    adjudicator: Adjudicator,
    /// The side whose last move came with a draw offer (`bestmove m draw`), and
    /// whether the other side's next move accepted it.
    draw_offer: Option<Color>,
    agreed: bool,
    /// Pondering: the reply each engine's last answer expects (its ponder search starts
    /// as the opponent is asked to move), the one each engine's running ponder search
    /// expects, and when the last move came.
    ponder_next: [Option<Move>; 2],
    pondering: [Option<Move>; 2],
    last_move_at: Option<Instant>,
    bans: [bool; 2],
}

/// The side to move's turn: who it is and how long it may think.
struct Mover {
    side: Color,
    si: usize,
    who: String,
    limit_ms: u64,
    opponent_offers: bool,
}

fn game_loop(
    engines: &mut [EngineProcess],
    configs: [&EngineConfig; 2],
    pos: &mut Position,
    settings: &GameSettings,
    record: &mut GameRecord,
) -> Verdict {
    let mut game = Game::start(engines, configs, pos, settings, record);
    loop {
        if let Some(verdict) = game.ended() {
            return verdict;
        }
        if let Err(verdict) = game.turn() {
            return verdict;
        }
    }
}

/// The FEN the engines are sent and the moves after it: the opening from its start (so
/// the engines see its history), or from after its last capture.
fn engine_base(pos: &Position, record: &GameRecord) -> (String, Vec<Move>) {
    if record.opening_moves.is_empty() {
        return (pos.to_fen(), Vec::new());
    }
    let Some(last_cap) = pos.history().iter().rposition(|u| u.captured.is_some()) else {
        return (record.start_fen.clone(), record.opening_moves.clone());
    };
    let mut p = Position::from_fen(&record.start_fen).expect("valid");
    for mv in &record.opening_moves[..=last_cap] {
        p.make_move(*mv);
    }
    (p.to_fen(), record.opening_moves[last_cap + 1..].to_vec())
}

impl<'a> Game<'a> {
    fn start(
        engines: &'a mut [EngineProcess],
        configs: [&'a EngineConfig; 2],
        pos: &'a mut Position,
        settings: &'a GameSettings,
        record: &'a mut GameRecord,
    ) -> Game<'a> {
        let clocks = configs.map(|c| Clock::new(&c.limits.tc, c.limits.margin_ms));
        let (base_fen, since_base) = engine_base(pos, record);
        let bans = [engines[0].bans_moves(), engines[1].bans_moves()];
        Game {
            engines,
            configs,
            settings,
            pos,
            record,
            clocks,
            base_fen,
            since_base,
            // The move limit is the arbiter's (`GameRules::move_limit`).
            adjudicator: Adjudicator::new(settings.draw, settings.resign, None),
            draw_offer: None,
            agreed: false,
            ponder_next: [None, None],
            pondering: [None, None],
            last_move_at: None,
            bans,
        }
    }

    /// The game's plies so far, opening moves included.
    fn plies(&self) -> usize {
        self.record.opening_moves.len() + self.record.moves.len()
    }

    /// The verdict when the game has ended before the side to move's turn: by the
    /// rules, or by a draw agreed on the last two moves.
    fn ended(&self) -> Option<Verdict> {
        if let Some(r) = judge(self.pos, &self.settings.rules, self.plies()) {
            return Some(r);
        }
        if !self.agreed {
            return None;
        }
        let accepter = self.pos.side_to_move().other();
        Some(Verdict::new(
            Outcome::Draw,
            format!(
                "draw by agreement ({} offered, {} accepted)",
                color_name(accepter.other()),
                color_name(accepter)
            ),
        ))
    }

    /// One turn: the opponent starts pondering, the side to move answers, and its move
    /// is checked, played and adjudicated.
    fn turn(&mut self) -> Result<(), Verdict> {
        let side = self.pos.side_to_move();
        let si = side.index();
        let cfg = self.configs[si];
        // Every move since the start, for a dialect that keeps the game (CECP).
        let game_moves: Vec<Move> = self
            .record
            .opening_moves
            .iter()
            .copied()
            .chain(self.record.moves.iter().map(|m| m.mv))
            .collect();
        self.start_pondering(side, &game_moves);
        let limit_ms = self.clocks[si]
            .deadline_ms()
            .unwrap_or(self.settings.hang_timeout_ms);
        let mover = Mover {
            side,
            si,
            who: format!("{} ({})", color_name(side), cfg.name),
            limit_ms,
            opponent_offers: self.draw_offer == Some(side.other()),
        };
        let (thought, ponder_hit) = self.answer(&mover, &game_moves)?;
        if let Some(at) = thought.answered_at {
            self.last_move_at = Some(at);
        }
        let (mv_text, expects) = self.read_reply(&mover, &thought.reply)?;
        if let Err(why) = self.clocks[si].record(thought.elapsed_ms) {
            return Err(mover.loses(format!("loses on time ({why})")));
        }
        let mv = self.play(&mover, &mv_text)?;
        self.record.moves.push(PlayedMove {
            mv,
            score: thought.score,
            depth: thought.depth,
            time_ms: thought.elapsed_ms,
            ponder_hit,
        });
        if let Some(text) = expects {
            let plies = self.plies();
            self.ponder_next[si] = ponder_move(self.pos, &text, cfg, &self.settings.rules, plies);
        }
        self.after_move(&mover, thought.score)
    }

    /// The opponent of `side` ponders on the reply its last answer expects, while
    /// `side` thinks (unless the game has ended with that answer).
    fn start_pondering(&mut self, side: Color, game_moves: &[Move]) {
        let (si, oi) = (side.index(), side.other().index());
        let Some(expected) = self.ponder_next[oi].take() else {
            return;
        };
        let mut after = self.pos.clone();
        after.make_move(expected);
        let banned = banned_moves(&mut after, self.bans[oi], &self.settings.rules);
        let with = |moves: &[Move]| moves.iter().copied().chain([expected]).collect();
        let (since, moves): (Vec<Move>, Vec<Move>) = (with(&self.since_base), with(game_moves));
        // The clocks as they will be when the expected move is played.
        let turn = Turn {
            start_fen: &self.record.start_fen,
            moves: &moves,
            base_fen: &self.base_fen,
            since_base: &since,
            banned: &banned,
            own: &self.clocks[oi],
            opp: &self.clocks[si],
            side: side.other(),
            draw_offered: false,
        };
        // A failure to send shows when the engine is asked for its move.
        if let Ok(true) = self.engines[oi].ponder(&turn) {
            self.pondering[oi] = Some(expected);
        }
    }

    /// The side to move's answer, from a fresh search or from its ponder search (hit or
    /// missed), with whether it had pondered on the right move.
    fn answer(
        &mut self,
        mover: &Mover,
        game_moves: &[Move],
    ) -> Result<(Thought, Option<bool>), Verdict> {
        let si = mover.si;
        let banned = banned_moves(self.pos, self.bans[si], &self.settings.rules);
        let turn = Turn {
            start_fen: &self.record.start_fen,
            moves: game_moves,
            base_fen: &self.base_fen,
            since_base: &self.since_base,
            banned: &banned,
            own: &self.clocks[si],
            opp: &self.clocks[1 - si],
            side: mover.side,
            draw_offered: mover.opponent_offers,
        };
        let limit = Duration::from_millis(mover.limit_ms);
        let engine = &mut self.engines[si];
        let Some(expected) = self.pondering[si].take() else {
            return Ok((engine.think(&turn, None, limit), None));
        };
        // The clock has run since the opponent's move.
        let since = self.last_move_at.unwrap_or_else(Instant::now);
        let hit = self.record.moves.last().map(|m| m.mv) == Some(expected);
        let answer = if hit {
            engine.ponder_hit(mover.opponent_offers, since, limit)
        } else {
            // A miss: the ponder search's answer is dropped, and the time the engine
            // takes to stop counts on its clock.
            match engine.stop_pondering(since + limit) {
                Ok(()) => None,
                Err(Failure::Timeout) => {
                    engine.kill();
                    let ms = mover.limit_ms;
                    let verb = if self.clocks[si].deadline_ms().is_some() {
                        "loses on time"
                    } else {
                        "hangs"
                    };
                    return Err(mover.loses(format!("{verb} (no answer to stop within {ms} ms)")));
                }
                Err(_) => return Err(mover.loses("disconnects (crashed)".into())),
            }
        };
        // After a miss, or an answer that came before `ponderhit`, a search of the
        // position as it is.
        let thought = answer.unwrap_or_else(|| engine.think(&turn, Some(since), limit));
        Ok((thought, Some(hit)))
    }

    /// The move in the engine's reply and the reply it expects to it (to ponder on), or
    /// the verdict when the reply ends the game.
    fn read_reply(
        &mut self,
        mover: &Mover,
        reply: &Reply,
    ) -> Result<(String, Option<String>), Verdict> {
        let si = mover.si;
        match reply {
            Reply::Failed(Failure::Timeout) => {
                let ms = mover.limit_ms;
                let verb = if self.clocks[si].deadline_ms().is_some() {
                    "loses on time"
                } else {
                    "hangs"
                };
                self.engines[si].kill();
                Err(mover.loses(format!("{verb} (no move within {ms} ms)")))
            }
            Reply::Failed(Failure::Disconnected) | Reply::Failed(Failure::Io(_)) => {
                Err(mover.loses("disconnects (crashed)".into()))
            }
            Reply::NoMove => Err(judge_claim(self.pos, &self.settings.rules).unwrap_or_else(
                || mover.loses("returned no move in a position with legal moves".into()),
            )),
            Reply::BestMove { resign: true, .. } | Reply::Resign => Err(mover.resigns()),
            // A claim instead of a move: it holds as `nobestmove` does (a draw by a
            // repetition the rules draw), else it is false.
            Reply::Claim(claim) => Err(judge_claim(self.pos, &self.settings.rules)
                .unwrap_or_else(|| mover.loses(format!("makes a false claim: {}", words(claim))))),
            Reply::Rejected(text) => {
                Err(mover.loses(format!("refuses a legal move of the game: {}", words(text))))
            }
            Reply::BestMove {
                mv, draw, ponder, ..
            } => {
                // Two offers in a row, one by each side, agree a draw; an offer not
                // taken up at once lapses.
                self.agreed = *draw && mover.opponent_offers;
                self.draw_offer = draw.then_some(mover.side);
                let ponders = self.configs[si].ponder;
                Ok((mv.clone(), ponder.clone().filter(|_| ponders)))
            }
        }
    }

    /// Plays the engine's move `text` if it is legal, keeping the engines' base FEN.
    fn play(&mut self, mover: &Mover, text: &str) -> Result<Move, Verdict> {
        let illegal = || mover.loses(format!("makes an illegal move: {}", sanitize(text)));
        let iccs = self.configs[mover.si]
            .coords
            .from_engine(text)
            .ok_or_else(illegal)?;
        let mv = self.pos.try_play(&iccs).map_err(|_| illegal())?;
        if self
            .pos
            .history()
            .last()
            .is_some_and(|u| u.captured.is_some())
        {
            self.base_fen = self.pos.to_fen();
            self.since_base.clear();
        } else {
            self.since_base.push(mv);
        }
        Ok(mv)
    }

    /// After the move: what the engine said unasked, then adjudication on the scores.
    fn after_move(&mut self, mover: &Mover, score: Option<i32>) -> Result<(), Verdict> {
        let plies = self.plies();
        // What the engine said after its move (CECP: a resignation, or a claim that
        // the game is over, which the rules must bear out).
        if let Some(said) = self.engines[mover.si].unasked() {
            if judge(self.pos, &self.settings.rules, plies).is_none() {
                return Err(match said {
                    Reply::Claim(claim) => {
                        mover.loses(format!("makes a false claim: {}", words(&claim)))
                    }
                    _ => mover.resigns(),
                });
            }
        }
        match self.adjudicator.update(mover.side, score, plies) {
            Some(Adjudged::Loss(side)) => Err(Verdict::new(
                Outcome::loss_for(side),
                format!(
                    "adjudication: {}'s score stayed below -{}",
                    mover.who,
                    self.settings.resign.map_or(0, |r| r.score)
                ),
            )),
            // Not when the rules end the game with this move: they rule next.
            Some(Adjudged::Draw) if judge(self.pos, &self.settings.rules, 0).is_none() => {
                let d = self
                    .settings
                    .draw
                    .expect("a draw verdict comes from the rule");
                Err(Verdict::new(
                    Outcome::Draw,
                    format!(
                        "adjudication: both scores within {} for {} moves",
                        d.score, d.move_count
                    ),
                ))
            }
            _ => Ok(()),
        }
    }
}

impl Mover {
    /// The mover loses by a foul, for `what` it did.
    fn loses(&self, what: String) -> Verdict {
        Verdict::foul(Outcome::loss_for(self.side), format!("{} {what}", self.who))
    }

    /// The mover resigns.
    fn resigns(&self) -> Verdict {
        Verdict::new(
            Outcome::loss_for(self.side),
            format!("{} resigns", self.who),
        )
    }
}

/// Keeps what an engine said (a claim, a refusal) short and printable, in quotes.
fn words(text: &str) -> String {
    let t: String = text
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\\'))
        .take(80)
        .collect();
    format!("'{t}'")
}

/// Keeps a reported move short and printable.
fn sanitize(text: &str) -> String {
    let t: String = text.chars().filter(|c| !c.is_control()).take(16).collect();
    format!("'{t}'")
}
