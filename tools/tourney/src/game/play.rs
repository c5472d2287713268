//! One game between two engines: start them, keep the clocks, ask for moves, check
//! every move against the rules core, and stop when the arbiter, an adjudication or a
//! failure decides.

use std::time::{Duration, Instant};

use chariot::board::{Color, GameEnd, GameRules, Move, Position};

use crate::clock::Clock;
use crate::engine::{EngineConfig, EngineProcess, Failure, Reply, Turn};
use crate::game::arbiter::{forbidden_moves, judge, judge_claim, GameOutcome, Verdict};
use crate::openings::Opening;

/// Draw adjudication: after move `move_number`, when both engines' scores have stayed
/// within `score` for `move_count` consecutive moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// First full move at which it may apply.
    pub move_number: u32,
    /// Consecutive moves (per engine).
    pub move_count: u32,
    /// Score bound in centipawns.
    pub score: i32,
}

/// Resign adjudication: an engine whose score stays at or below `-score` for
/// `move_count` consecutive moves of its own loses (with `two_sided`, the opponent must
/// agree with a score at or above `score`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// Consecutive moves.
    pub move_count: u32,
    /// Score threshold in centipawns.
    pub score: i32,
    /// Both engines must agree.
    pub two_sided: bool,
}

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
    pub outcome: GameOutcome,
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
        outcome: GameOutcome::Draw,
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
                    GameOutcome::loss_for(color),
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

fn game_loop(
    engines: &mut [EngineProcess],
    configs: [&EngineConfig; 2],
    pos: &mut Position,
    settings: &GameSettings,
    record: &mut GameRecord,
) -> Verdict {
    let mut clocks = [
        Clock::new(&configs[0].limits.tc, configs[0].limits.margin_ms),
        Clock::new(&configs[1].limits.tc, configs[1].limits.margin_ms),
    ];
    // The engines get the FEN after the last capture plus the moves since.
    let mut base_fen = pos.to_fen();
    let mut since_base: Vec<Move> = Vec::new();
    if !record.opening_moves.is_empty() {
        // Send the opening from its start so the engines see its history.
        base_fen = record.start_fen.clone();
        since_base = record.opening_moves.clone();
        if let Some(last_cap) = pos.history().iter().rposition(|u| u.captured.is_some()) {
            let mut p = Position::from_fen(&record.start_fen).expect("valid");
            for mv in &record.opening_moves[..=last_cap] {
                p.make_move(*mv);
            }
            base_fen = p.to_fen();
            since_base = record.opening_moves[last_cap + 1..].to_vec();
        }
    }
    // Consecutive-score counters for adjudication.
    let mut draw_streak = 0u32;
    let mut resign_streak = [0u32; 2];
    // The side whose last move came with a draw offer (`bestmove m draw`), and whether
    // the other side's next move accepted it.
    let mut draw_offer: Option<Color> = None;
    let mut agreed = false;
    // Pondering: the reply each engine's last answer expects (its ponder search starts
    // as the opponent is asked to move), the one each engine's running ponder search
    // expects, and when the last move came.
    let mut ponder_next: [Option<Move>; 2] = [None, None];
    let mut pondering: [Option<Move>; 2] = [None, None];
    let mut last_move_at: Option<Instant> = None;
    let bans = [engines[0].bans_moves(), engines[1].bans_moves()];
    loop {
        let game_plies = record.moves.len();
        if let Some(r) = judge(
            pos,
            &settings.rules,
            game_plies + record.opening_moves.len(),
        ) {
            return r;
        }
        if agreed {
            let accepter = pos.side_to_move().other();
            return Verdict::new(
                GameOutcome::Draw,
                format!(
                    "draw by agreement ({} offered, {} accepted)",
                    color_name(accepter.other()),
                    color_name(accepter)
                ),
            );
        }
        let side = pos.side_to_move();
        let si = side.index();
        let cfg = configs[si];
        let coords = cfg.coords;
        // Every move since the start, for a dialect that keeps the game (CECP).
        let game_moves: Vec<Move> = record
            .opening_moves
            .iter()
            .copied()
            .chain(record.moves.iter().map(|m| m.mv))
            .collect();
        // The opponent ponders on the reply its last answer expects, while this side
        // thinks (unless the game has ended with that answer).
        let oi = 1 - si;
        if let Some(expected) = ponder_next[oi].take() {
            let mut after = pos.clone();
            after.make_move(expected);
            let banned = banned_moves(&mut after, bans[oi], &settings.rules);
            let with = |moves: &[Move]| moves.iter().copied().chain([expected]).collect();
            let (since, moves): (Vec<Move>, Vec<Move>) = (with(&since_base), with(&game_moves));
            // The clocks as they will be when the expected move is played.
            let turn = Turn {
                start_fen: &record.start_fen,
                moves: &moves,
                base_fen: &base_fen,
                since_base: &since,
                banned: &banned,
                own: &clocks[oi],
                opp: &clocks[si],
                side: side.other(),
                draw_offered: false,
            };
            // A failure to send shows when the engine is asked for its move.
            if let Ok(true) = engines[oi].ponder(&turn) {
                pondering[oi] = Some(expected);
            }
        }
        let opponent_offers = draw_offer == Some(side.other());
        let banned = banned_moves(pos, bans[si], &settings.rules);
        let turn = Turn {
            start_fen: &record.start_fen,
            moves: &game_moves,
            base_fen: &base_fen,
            since_base: &since_base,
            banned: &banned,
            own: &clocks[si],
            opp: &clocks[1 - si],
            side,
            draw_offered: opponent_offers,
        };
        let limit_ms = clocks[si].deadline_ms().unwrap_or(settings.hang_timeout_ms);
        let limit = Duration::from_millis(limit_ms);
        let who = format!("{} ({})", color_name(side), cfg.name);
        let mut ponder_hit = None;
        let thought = match pondering[si].take() {
            None => engines[si].think(&turn, None, limit),
            Some(expected) => {
                // The clock has run since the opponent's move.
                let since = last_move_at.unwrap_or_else(Instant::now);
                let hit = record.moves.last().map(|m| m.mv) == Some(expected);
                ponder_hit = Some(hit);
                let answer = if hit {
                    engines[si].ponder_hit(opponent_offers, since, limit)
                } else {
                    // A miss: the ponder search's answer is dropped, and the time the
                    // engine takes to stop counts on its clock.
                    match engines[si].stop_pondering(since + limit) {
                        Ok(()) => None,
                        Err(Failure::Timeout) => {
                            engines[si].kill();
                            let reason = if clocks[si].deadline_ms().is_some() {
                                format!(
                                    "{who} loses on time (no answer to stop within {limit_ms} ms)"
                                )
                            } else {
                                format!("{who} hangs (no answer to stop within {limit_ms} ms)")
                            };
                            return Verdict::foul(GameOutcome::loss_for(side), reason);
                        }
                        Err(_) => {
                            return Verdict::foul(
                                GameOutcome::loss_for(side),
                                format!("{who} disconnects (crashed)"),
                            );
                        }
                    }
                };
                // After a miss, or an answer that came before `ponderhit`, a search of
                // the position as it is.
                answer.unwrap_or_else(|| engines[si].think(&turn, Some(since), limit))
            }
        };
        if let Some(at) = thought.answered_at {
            last_move_at = Some(at);
        }
        let (mv_text, expects) = match &thought.reply {
            Reply::Failed(Failure::Timeout) => {
                let reason = if clocks[si].deadline_ms().is_some() {
                    format!("{who} loses on time (no move within {limit_ms} ms)")
                } else {
                    format!("{who} hangs (no move within {limit_ms} ms)")
                };
                engines[si].kill();
                return Verdict::foul(GameOutcome::loss_for(side), reason);
            }
            Reply::Failed(Failure::Disconnected) | Reply::Failed(Failure::Io(_)) => {
                return Verdict::foul(
                    GameOutcome::loss_for(side),
                    format!("{who} disconnects (crashed)"),
                );
            }
            Reply::NoMove => {
                if let Some(r) = judge_claim(pos, &settings.rules) {
                    return r;
                }
                return Verdict::foul(
                    GameOutcome::loss_for(side),
                    format!("{who} returned no move in a position with legal moves"),
                );
            }
            Reply::BestMove { resign: true, .. } | Reply::Resign => {
                return Verdict::new(GameOutcome::loss_for(side), format!("{who} resigns"));
            }
            Reply::Claim(claim) => {
                // A claim instead of a move: it holds as `nobestmove` does (a draw by a
                // repetition the rules draw), else it is false.
                if let Some(r) = judge_claim(pos, &settings.rules) {
                    return r;
                }
                return Verdict::foul(
                    GameOutcome::loss_for(side),
                    format!("{who} makes a false claim: {}", words(claim)),
                );
            }
            Reply::Rejected(text) => {
                return Verdict::foul(
                    GameOutcome::loss_for(side),
                    format!("{who} refuses a legal move of the game: {}", words(text)),
                );
            }
            Reply::BestMove {
                mv, draw, ponder, ..
            } => {
                // Two offers in a row, one by each side, agree a draw; an offer not
                // taken up at once lapses.
                agreed = *draw && opponent_offers;
                draw_offer = draw.then_some(side);
                (mv.clone(), ponder.clone().filter(|_| cfg.ponder))
            }
        };
        if let Err(why) = clocks[si].record(thought.elapsed_ms) {
            return Verdict::foul(
                GameOutcome::loss_for(side),
                format!("{who} loses on time ({why})"),
            );
        }
        let iccs = match coords.from_engine(&mv_text) {
            Some(m) => m,
            None => {
                return Verdict::foul(
                    GameOutcome::loss_for(side),
                    format!("{who} makes an illegal move: {}", sanitize(&mv_text)),
                )
            }
        };
        let mv = match pos.try_play(&iccs) {
            Ok(mv) => mv,
            Err(_) => {
                return Verdict::foul(
                    GameOutcome::loss_for(side),
                    format!("{who} makes an illegal move: {}", sanitize(&mv_text)),
                )
            }
        };
        if pos.history().last().is_some_and(|u| u.captured.is_some()) {
            base_fen = pos.to_fen();
            since_base.clear();
        } else {
            since_base.push(mv);
        }
        record.moves.push(PlayedMove {
            mv,
            score: thought.score,
            depth: thought.depth,
            time_ms: thought.elapsed_ms,
            ponder_hit,
        });
        if let Some(text) = expects {
            let plies = record.opening_moves.len() + record.moves.len();
            ponder_next[si] = ponder_move(pos, &text, cfg, &settings.rules, plies);
        }
        // What the engine said after its move (CECP: a resignation, or a claim that
        // the game is over, which the rules must bear out).
        if let Some(said) = engines[si].unasked() {
            let plies = record.opening_moves.len() + record.moves.len();
            if judge(pos, &settings.rules, plies).is_none() {
                return match said {
                    Reply::Claim(claim) => Verdict::foul(
                        GameOutcome::loss_for(side),
                        format!("{who} makes a false claim: {}", words(&claim)),
                    ),
                    _ => Verdict::new(GameOutcome::loss_for(side), format!("{who} resigns")),
                };
            }
        }
        // Adjudication on the engines' scores.
        if let Some(adj) = settings.resign {
            let mine = thought.score;
            let theirs = record.moves.iter().rev().nth(1).and_then(|m| m.score);
            let losing = mine.is_some_and(|s| s <= -adj.score)
                && (!adj.two_sided || theirs.is_some_and(|s| s >= adj.score));
            resign_streak[si] = if losing { resign_streak[si] + 1 } else { 0 };
            if resign_streak[si] >= adj.move_count {
                return Verdict::new(
                    GameOutcome::loss_for(side),
                    format!("adjudication: {who}'s score stayed below -{}", adj.score),
                );
            }
        }
        if let Some(adj) = settings.draw {
            let quiet = thought.score.is_some_and(|s| s.abs() <= adj.score);
            draw_streak = if quiet { draw_streak + 1 } else { 0 };
            let full_move = (record.opening_moves.len() + record.moves.len()).div_ceil(2) as u32;
            if full_move >= adj.move_number
                && draw_streak >= 2 * adj.move_count
                && judge(pos, &settings.rules, 0).is_none()
            {
                return Verdict::new(
                    GameOutcome::Draw,
                    format!(
                        "adjudication: both scores within {} for {} moves",
                        adj.score, adj.move_count
                    ),
                );
            }
        }
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
