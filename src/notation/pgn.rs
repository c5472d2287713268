//! Xiangqi PGN: the chess PGN layout (tag pairs, then numbered move text, then the
//! result) with the conventions of the common xiangqi game collections:
//!
//! * `[Game "Chinese Chess"]` opens the tags (written when the game has no `Game` tag).
//! * `[FEN "…"]` gives a set-up position (a `[SetUp "1"]` tag is accepted and ignored;
//!   the FEN alone decides). The FEN tag is written only when the game does not start
//!   from the standard position.
//! * `[Format "ICCS"]` announces coordinate move text written `H2-E2`; `[Format "WXF"]`
//!   move text such as `C2.5`; `[Format "Chinese"]`, or no `Format` tag, Chinese move
//!   text (`1. 炮二平五 马８进７`). [`write_pgn`] writes exactly these three dialects,
//!   each with its `Format` tag.
//!
//! [`read_pgn`] reads any number of games and recognises each move by its own syntax, so
//! `h2e2`, `H2-E2`, `C2.5` and 炮二平五 are all read whatever the `Format` tag says. Move
//! numbers (`12.`, `12...`, also glued to the move), comments (`{…}` and `; …`), NAGs
//! (`$1`), annotation marks (`!`, `?`), `%` escape lines and variations `( … )`
//! (skipped, nested or not) are handled; the result token (`1-0`, `0-1`, `1/2-1/2`,
//! `*`) ends a game, as does the next game's first tag.

use crate::board::{Move, Position};

use super::{format_move, from_chinese, from_iccs, from_wxf, iccs_dashed, iccs_syntax};
use super::{Format, NotationError, Problem};

/// One game of a PGN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in file order (including `FEN` and `Format` when read from a file).
    pub tags: Vec<(String, String)>,
    /// The position the moves start from (from the `FEN` tag, else the start position).
    pub start: Position,
    /// The moves, each legal in turn.
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Comments: the number of moves played before each (0 = before the first move),
    /// and its text.
    pub comments: Vec<(usize, String)>,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame::new(Position::startpos())
    }
}

impl PgnGame {
    /// A game with no tags and no moves from `start`, result `*`.
    pub fn new(start: Position) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: "*".to_string(),
            comments: Vec::new(),
        }
    }

    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing an existing one or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The position after all the moves.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.make_move(mv);
        }
        pos
    }
}

const GENERATED_TAGS: [&str; 5] = ["Game", "Format", "FEN", "SetUp", "Result"];

/// The tags written first, in this order, before `Result` (PGN's seven-tag roster, with
/// xiangqi's `Red` and `Black` for White and Black).
const ROSTER_TAGS: [&str; 6] = ["Event", "Site", "Date", "Round", "Red", "Black"];

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `game` as PGN with move text in `movetext` notation (ICCS as `H2-E2` under
/// `[Format "ICCS"]`, WXF under `[Format "WXF"]`, Chinese under `[Format "Chinese"]`). The
/// tags come in the standard order: `Game`, the roster tags the game has (`Event`,
/// `Site`, `Date`, `Round`, `Red`, `Black`), `Result`, then `FEN` and `Format`, then
/// the game's other tags in their order; `Game`, `Result`, `FEN` and `Format` are
/// written from the game itself. Lines of move text are kept under 80 columns. The
/// library and the tourney write their games with this one writer.
///
/// # Panics
/// When a move of `game.moves` is not legal in turn (games from [`read_pgn`] always
/// are).
pub fn write_pgn(game: &PgnGame, movetext: Format) -> String {
    let mut out = String::new();
    let game_tag = game.tag("Game").unwrap_or("Chinese Chess");
    out.push_str(&format!("[Game \"{}\"]\n", escape(game_tag)));
    let is = |name: &str, list: &[&str]| list.iter().any(|g| g.eq_ignore_ascii_case(name));
    for roster in ROSTER_TAGS {
        for (name, value) in game
            .tags
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(roster))
        {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push_str(&format!("[Result \"{}\"]\n", escape(&game.result)));
    if game.start != Position::startpos() {
        out.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
    }
    match movetext {
        Format::Iccs => out.push_str("[Format \"ICCS\"]\n"),
        Format::Wxf => out.push_str("[Format \"WXF\"]\n"),
        Format::Chinese => out.push_str("[Format \"Chinese\"]\n"),
    }
    for (name, value) in &game.tags {
        if !is(name, &GENERATED_TAGS) && !is(name, &ROSTER_TAGS) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push('\n');

    let mut words: Vec<String> = Vec::new();
    let comments_at = |ply: usize, words: &mut Vec<String>| {
        for (_, text) in game.comments.iter().filter(|(at, _)| *at == ply) {
            words.push(format!("{{{}}}", text.replace('}', ")")));
        }
    };
    comments_at(0, &mut words);
    let mut pos = game.start.clone();
    for (i, &mv) in game.moves.iter().enumerate() {
        let number = pos.fullmove_number();
        let red = pos.side_to_move() == crate::board::Color::Red;
        if red {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(match movetext {
            Format::Iccs => iccs_dashed(mv),
            f => format_move(&pos, mv, f),
        });
        pos.play(mv);
        comments_at(i + 1, &mut words);
    }
    words.push(game.result.clone());

    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// What the scanner finds in PGN text.
#[derive(Debug)]
enum Item {
    Tag(String, String),
    Comment(String),
    Word(String),
}

/// Splits PGN text into tags, comments and words, dropping variations, NAGs and escape
/// lines.
fn scan(text: &str) -> Result<Vec<Item>, NotationError> {
    let mut items = Vec::new();
    let mut chars = text.chars().peekable();
    let mut depth = 0usize;
    let mut line_start = true;
    while let Some(c) = chars.next() {
        let at_line_start = line_start;
        line_start = c == '\n';
        if c.is_whitespace() {
            continue;
        }
        match c {
            '%' if at_line_start => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            '{' => {
                let mut body = String::new();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    body.push(c);
                }
                if !closed {
                    return Err(NotationError::syntax(
                        &format!("{{{}", body.chars().take(40).collect::<String>()),
                        "comment not closed by '}'",
                    ));
                }
                if depth == 0 {
                    items.push(Item::Comment(body.trim().to_string()));
                }
            }
            ';' => {
                let mut body = String::new();
                for c in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                    body.push(c);
                }
                if depth == 0 {
                    items.push(Item::Comment(body.trim().to_string()));
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '[' => {
                let mut raw = String::new();
                let mut in_quotes = false;
                let mut escaped = false;
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                    }
                    if in_quotes {
                        if escaped {
                            escaped = false;
                        } else if c == '\\' {
                            escaped = true;
                        } else if c == '"' {
                            in_quotes = false;
                        }
                    } else if c == '"' {
                        in_quotes = true;
                    } else if c == ']' {
                        closed = true;
                        break;
                    }
                    raw.push(c);
                }
                if !closed {
                    return Err(NotationError::new(
                        &format!("[{}", raw.chars().take(40).collect::<String>()),
                        Problem::BadTag { unclosed: true },
                    ));
                }
                if depth == 0 {
                    items.push(parse_tag(&raw)?);
                }
            }
            _ => {
                let mut word = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "[]{}();".contains(n) {
                        break;
                    }
                    word.push(n);
                    chars.next();
                }
                if depth == 0 && !word.starts_with('$') {
                    items.push(Item::Word(word));
                }
            }
        }
    }
    Ok(items)
}

/// `Name "value"` (the inside of a tag's brackets).
fn parse_tag(raw: &str) -> Result<Item, NotationError> {
    let bad = || NotationError::new(&format!("[{raw}]"), Problem::BadTag { unclosed: false });
    let raw = raw.trim();
    let name_end = raw.find(|c: char| c.is_whitespace()).ok_or_else(bad)?;
    let name = &raw[..name_end];
    let rest = raw[name_end..].trim();
    if name.is_empty() || !rest.starts_with('"') || !rest.ends_with('"') || rest.len() < 2 {
        return Err(bad());
    }
    let mut value = String::new();
    let mut escaped = false;
    for c in rest[1..rest.len() - 1].chars() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            value.push(c);
        }
    }
    Ok(Item::Tag(name.to_string(), value))
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Drops a move number glued to the front (`12.`, `12...`, `12．`).
fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return word;
    }
    let rest = word[digits..].trim_start_matches(['.', '．', '、']);
    // `33.4` is a WXF move (pawns on two files), not move 33.
    if digits == 2 && word.len() == 4 && rest.len() == 1 && rest != "0" {
        return word;
    }
    if rest.len() == word.len() - digits {
        word
    } else {
        rest
    }
}

/// Reads a move in whichever notation its syntax shows.
fn read_move(pos: &Position, word: &str) -> Result<Move, NotationError> {
    if iccs_syntax(word).is_some() {
        from_iccs(pos, word)
    } else if word.is_ascii() {
        from_wxf(pos, word)
    } else {
        from_chinese(pos, word)
    }
}

/// A game being read.
struct Reader {
    game: PgnGame,
    /// The position after the moves read so far; `None` until the move text starts.
    pos: Option<Position>,
    started: bool,
}

impl Reader {
    fn new() -> Reader {
        Reader {
            game: PgnGame::default(),
            pos: None,
            started: false,
        }
    }

    fn position(&mut self) -> Result<&mut Position, NotationError> {
        if self.pos.is_none() {
            let start = match self.game.tag("FEN") {
                Some(fen) => Position::from_fen(fen)
                    .map_err(|e| NotationError::new(fen, Problem::BadFen(e)))?,
                None => Position::startpos(),
            };
            self.game.start = start.clone();
            self.pos = Some(start);
        }
        Ok(self.pos.get_or_insert_with(Position::startpos))
    }

    fn finish(mut self) -> Result<PgnGame, NotationError> {
        self.position()?;
        if self.game.result == "*" {
            if let Some(r) = self.game.tag("Result").filter(|r| RESULTS.contains(r)) {
                self.game.result = r.to_string();
            }
        }
        Ok(self.game)
    }
}

/// Reads every game of a PGN text.
///
/// # Errors
/// A malformed tag or comment, a bad FEN tag, or the first move that does not parse or
/// is illegal (with the game's and the move's 1-based numbers).
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, NotationError> {
    let mut games = Vec::new();
    let mut reader = Reader::new();
    let mut has_content = false;
    let game_no = |games: &Vec<PgnGame>| games.len() + 1;
    for item in scan(text)? {
        match item {
            Item::Tag(name, value) => {
                if reader.started {
                    let done = std::mem::replace(&mut reader, Reader::new());
                    games.push(done.finish().map_err(|e| e.in_game(game_no(&games)))?);
                }
                reader.game.tags.push((name, value));
                has_content = true;
            }
            Item::Comment(body) => {
                reader.started = true;
                has_content = true;
                let ply = reader.game.moves.len();
                reader.game.comments.push((ply, body));
            }
            Item::Word(word) => {
                let word = strip_move_number(&word);
                if word.is_empty() {
                    continue;
                }
                reader.started = true;
                has_content = true;
                if RESULTS.contains(&word) {
                    reader.game.result = word.to_string();
                    let done = std::mem::replace(&mut reader, Reader::new());
                    games.push(done.finish().map_err(|e| e.in_game(game_no(&games)))?);
                    has_content = false;
                    continue;
                }
                let mv_text = word.trim_end_matches(['!', '?', '#']);
                let number = reader.game.moves.len() + 1;
                let n = game_no(&games);
                let pos = reader.position().map_err(|e| e.in_game(n))?;
                let mv = read_move(pos, mv_text).map_err(|e| e.at_move(number).in_game(n))?;
                pos.make_move(mv);
                reader.game.moves.push(mv);
            }
        }
    }
    if has_content {
        let n = game_no(&games);
        games.push(reader.finish().map_err(|e| e.in_game(n))?);
    }
    Ok(games)
}
