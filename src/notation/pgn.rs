//! Xiangqi PGN: the chess PGN layout (tag pairs, then numbered move text, then the
//! result) with the conventions of the common xiangqi game collections:
//!
//! * `[Game "Chinese Chess"]` opens the tags (written when the game has no `Game` tag).
//! * `[FEN "…"]` gives a set-up position (a `[SetUp "1"]` tag is accepted and ignored;
//!   the FEN alone decides; an empty one is the start position). The FEN tag is written
//!   only when the game does not start from the standard position.
//! * `[Format "ICCS"]` announces coordinate move text written `H2-E2`; `[Format "WXF"]`
//!   move text such as `C2.5`; `[Format "Chinese"]`, or no `Format` tag, Chinese move
//!   text (`1. 炮二平五 马８进７`). [`write_pgn`] writes exactly these three dialects,
//!   each with its `Format` tag.
//!
//! [`read_pgn_games`] reads any number of games, each on its own, and recognises each
//! move by its own syntax, so `h2e2`, `H2-E2`, `C2.5` and 炮二平五 are all read
//! whatever the `Format` tag says. It reads what real files hold: move numbers (`12.`,
//! `12...`, glued to the move, or repeated after a comment as `3.          马８进７`),
//! comments (`{…}` and `; …`) anywhere, NAGs (`$1`), annotation marks (`!`, `?`), `%`
//! escape lines, variations `( … )` (skipped, nested or not), empty tags, text before
//! the first tags and after a result (a site's notice, a line of `=`: skipped and
//! listed), a missing or wrong `Result` (noted, not fatal). The result token (`1-0`,
//! `0-1`, `1/2-1/2`, `*`) ends a game, as does the next game's first tag. A game that
//! cannot be read (a move that fits no legal move, a bad FEN, a broken tag) is reported
//! with its number, the move's number and the line, and the games after it are still
//! read. [`read_pgn`] is the all-or-nothing form. The text is already decoded: the
//! bytes of a file go through [`super::files::read_file`], which finds the encoding.

use crate::board::{Move, Position};

use super::chinese::from_chinese;
use super::error::{NotationError, Problem};
use super::format::{format_move, Format};
use super::iccs::{from_iccs, iccs_dashed, iccs_syntax};
use super::wxf::from_wxf;

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

// ----- reading -----------------------------------------------------------------------

/// What the scanner finds in PGN text.
#[derive(Debug)]
enum Token {
    Tag(String, String),
    Comment(String),
    Word(String),
    /// A tag or comment that is not closed, or a tag that is not `[Name "value"]`.
    Bad(NotationError),
}

/// A token and the 1-based line it starts on.
#[derive(Debug)]
struct Item {
    token: Token,
    line: usize,
}

/// The first characters of `chars`, for an error message.
fn excerpt(chars: &[char]) -> String {
    chars.iter().take(40).collect()
}

/// Splits PGN text into tags, comments and words, dropping variations, NAGs, `%` escape
/// lines and everything inside a variation. A tag starts only at the start of a line or
/// right after another tag, and ends on its line; a `[` elsewhere is part of a word. A
/// tag or comment that is not closed becomes a [`Token::Bad`] and scanning goes on
/// after its line, so one broken game never swallows the games after it. A tag always
/// closes open variations (a variation cannot hold one).
///
/// The scan is linear in the text, and its items are made as they are taken: the end of
/// a line is found once for all the tags on it, and once no `}` is left in the text, a
/// later `{` is known unclosed without looking again (a file of unclosed comments would
/// otherwise be read to its end once per comment).
fn scan(text: &str) -> Scanner {
    let chars: Vec<char> = text.chars().collect();
    Scanner {
        no_close_from: chars.len() + 1,
        chars,
        i: 0,
        depth: 0,
        line: 1,
        at_line_start: true,
        line_end: None,
    }
}

/// The state of [`scan`].
struct Scanner {
    chars: Vec<char>,
    /// The next character to look at.
    i: usize,
    /// Variations open.
    depth: usize,
    /// The 1-based line of `i`.
    line: usize,
    /// Only whitespace (or tags) so far on this line.
    at_line_start: bool,
    /// The end of the line last looked for: a later search from the same line finds it
    /// here (the scan only moves forward, so no newline lies between).
    line_end: Option<usize>,
    /// From here on the text holds no `}` (found by a search that came to the end).
    no_close_from: usize,
}

impl Scanner {
    /// The index of the newline that ends the line of `from` (or the text's end).
    fn end_of_line(&mut self, from: usize) -> usize {
        match self.line_end {
            Some(end) if end >= from => end,
            _ => {
                let end = self.chars[from..]
                    .iter()
                    .position(|&c| c == '\n')
                    .map_or(self.chars.len(), |p| from + p);
                self.line_end = Some(end);
                end
            }
        }
    }

    /// The index of the `}` that closes a comment opened just before `from`.
    fn comment_close(&mut self, from: usize) -> Option<usize> {
        if from >= self.no_close_from {
            return None;
        }
        let close = self.chars[from..].iter().position(|&c| c == '}');
        if close.is_none() {
            self.no_close_from = from;
        }
        close.map(|p| from + p)
    }

    /// The tag starting at `i` (a `[` at the start of a line).
    fn tag(&mut self, start_line: usize) -> Item {
        let i = self.i;
        self.depth = 0;
        let eol = self.end_of_line(i);
        let chars = &self.chars;
        let mut in_quotes = false;
        let mut escaped = false;
        let mut close = None;
        for (k, &c) in chars.iter().enumerate().take(eol).skip(i + 1) {
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
                close = Some(k);
                break;
            }
        }
        let token = match close {
            Some(k) => {
                let raw: String = chars[i + 1..k].iter().collect();
                self.i = k + 1;
                parse_tag(&raw).unwrap_or_else(|e| Token::Bad(e.on_line(start_line)))
            }
            None => {
                let raw = excerpt(&chars[i..eol]);
                self.i = eol;
                Token::Bad(
                    NotationError::new(&raw, Problem::BadTag { unclosed: true })
                        .on_line(start_line),
                )
            }
        };
        Item {
            token,
            line: start_line,
        }
    }
}

impl Iterator for Scanner {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        while self.i < self.chars.len() {
            let i = self.i;
            let c = self.chars[i];
            if c == '\n' {
                self.line += 1;
                self.at_line_start = true;
                self.i += 1;
                continue;
            }
            // U+001A: the DOS end-of-file mark old files end with.
            if c.is_whitespace() || c == '\u{1A}' {
                self.i += 1;
                continue;
            }
            let start_line = self.line;
            let item = |token| Item {
                token,
                line: start_line,
            };
            let mut found = None;
            match c {
                '%' if self.at_line_start => self.i = self.end_of_line(i),
                // Another tag may follow on the same line: still at its start.
                '[' if self.at_line_start => return Some(self.tag(start_line)),
                '{' => match self.comment_close(i + 1) {
                    Some(close) => {
                        let body: String = self.chars[i + 1..close].iter().collect();
                        self.line += body.matches('\n').count();
                        self.i = close + 1;
                        if self.depth == 0 {
                            found = Some(item(Token::Comment(body.trim().to_string())));
                        }
                    }
                    None => {
                        let eol = self.end_of_line(i);
                        let error = NotationError::syntax(
                            &excerpt(&self.chars[i..eol]),
                            "comment not closed by '}'",
                        )
                        .on_line(start_line);
                        self.i = eol;
                        found = Some(item(Token::Bad(error)));
                    }
                },
                ';' => {
                    let eol = self.end_of_line(i);
                    let body: String = self.chars[i + 1..eol].iter().collect();
                    self.i = eol;
                    if self.depth == 0 {
                        found = Some(item(Token::Comment(body.trim().to_string())));
                    }
                }
                '(' => {
                    self.depth += 1;
                    self.i += 1;
                }
                ')' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.i += 1;
                }
                _ => {
                    // The first character always belongs to the word (a stray `}` too).
                    let chars = &self.chars;
                    let mut end = i + 1;
                    while end < chars.len()
                        && !chars[end].is_whitespace()
                        && !"{}();".contains(chars[end])
                    {
                        end += 1;
                    }
                    let word: String = chars[i..end].iter().collect();
                    self.i = end;
                    if self.depth == 0 && !word.starts_with('$') {
                        found = Some(item(Token::Word(word)));
                    }
                }
            }
            self.at_line_start = false;
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// `Name "value"` (the inside of a tag's brackets).
fn parse_tag(raw: &str) -> Result<Token, NotationError> {
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
    Ok(Token::Tag(name.to_string(), value))
}

/// The result tokens of the move text.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A result as the move text or a `Result` tag writes it, in the standard form: also
/// `½-½`, and the Chinese words some databases put in the tag (红胜, 黑胜, 和棋, …).
fn normal_result(text: &str) -> Option<&'static str> {
    let t = text.trim();
    if let Some(r) = RESULTS.iter().find(|&&r| r == t) {
        return Some(r);
    }
    match t {
        "½-½" | "1/2" => Some("1/2-1/2"),
        "红胜" | "紅勝" | "红方胜" | "紅方勝" | "红先胜" | "紅先勝" | "先胜" | "先勝" => {
            Some("1-0")
        }
        "黑胜" | "黑勝" | "黑方胜" | "黑方勝" | "红先负" | "紅先負" | "先负" | "先負" => {
            Some("0-1")
        }
        "和" | "和棋" | "和局" | "红先和" | "紅先和" | "先和" => Some("1/2-1/2"),
        _ => None,
    }
}

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

/// Whether `word`, met outside any game, is a move in some notation (legal from the
/// start position or not) and so starts a game without tags, rather than being text
/// around the games.
fn starts_a_game(word: &str) -> bool {
    match read_move(&Position::startpos(), word) {
        Ok(_) => true,
        Err(e) => !matches!(e.problem, Problem::Syntax(_)),
    }
}

/// One game of a PGN text as read: the game, or the first thing that stopped it, and
/// what was wrong in it without stopping it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// 1-based number of the game in its text.
    pub number: usize,
    /// 1-based line the game starts on.
    pub line: usize,
    /// The game, or why it could not be read (with the game's number, the move's number
    /// when a move failed, and the line).
    pub game: Result<PgnGame, NotationError>,
    /// What was wrong without stopping the game: no result at the end of the move
    /// text, a `Result` tag that disagrees with it or is not a result.
    pub notes: Vec<String>,
}

/// Everything read from one PGN text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnFile {
    /// The games, in order, read or not.
    pub games: Vec<ReadGame>,
    /// Text outside any game that was skipped (a site's notice, a line of `=`): the
    /// line it starts on and its first words.
    pub skipped: Vec<(usize, String)>,
}

impl PgnFile {
    /// The games that were read.
    pub fn read(&self) -> impl Iterator<Item = &PgnGame> {
        self.games.iter().filter_map(|g| g.game.as_ref().ok())
    }

    /// The errors of the games that could not be read.
    pub fn errors(&self) -> impl Iterator<Item = &NotationError> {
        self.games.iter().filter_map(|g| g.game.as_ref().err())
    }
}

/// A game being read.
struct OpenGame {
    number: usize,
    line: usize,
    game: PgnGame,
    /// The position after the moves read so far; `None` until the move text starts.
    pos: Option<Position>,
    /// Past the tags: a comment, a move number or a move was read.
    in_moves: bool,
    /// The result token that ended the move text.
    result_token: Option<&'static str>,
    /// The first error; the rest of the game is skipped.
    error: Option<NotationError>,
}

impl OpenGame {
    fn new(number: usize, line: usize) -> OpenGame {
        OpenGame {
            number,
            line,
            game: PgnGame::default(),
            pos: None,
            in_moves: false,
            result_token: None,
            error: None,
        }
    }

    fn fail(&mut self, error: NotationError) {
        if self.error.is_none() {
            self.error = Some(error.in_game(self.number));
        }
    }

    /// The position after the moves so far, set up from the `FEN` tag the first time.
    fn position(&mut self) -> Result<&mut Position, NotationError> {
        if self.pos.is_none() {
            let start = match self.game.tag("FEN").filter(|f| !f.trim().is_empty()) {
                Some(fen) => Position::from_fen(fen)
                    .map_err(|e| NotationError::new(fen, Problem::BadFen(e)))?,
                None => Position::startpos(),
            };
            self.game.start = start.clone();
            self.pos = Some(start);
        }
        Ok(self.pos.get_or_insert_with(Position::startpos))
    }

    fn play(&mut self, word: &str, line: usize) {
        if self.error.is_some() {
            return;
        }
        let text = word.trim_end_matches(['!', '?', '#']);
        let number = self.game.moves.len() + 1;
        let played = self.position().and_then(|pos| {
            let mv = read_move(pos, text).map_err(|e| e.at_move(number))?;
            pos.make_move(mv);
            Ok(mv)
        });
        match played {
            Ok(mv) => self.game.moves.push(mv),
            Err(e) => self.fail(e.on_line(line)),
        }
    }

    fn close(mut self) -> ReadGame {
        let mut notes = Vec::new();
        if self.error.is_none() {
            if let Err(e) = self.position() {
                let line = self.line;
                self.fail(e.on_line(line));
            }
        }
        if let Some(error) = self.error {
            return ReadGame {
                number: self.number,
                line: self.line,
                game: Err(error),
                notes,
            };
        }
        let tag = self.game.tag("Result").map(str::trim).unwrap_or("");
        let from_tag = normal_result(tag);
        if !tag.is_empty() && from_tag.is_none() {
            notes.push(format!("[Result \"{tag}\"] is not a result"));
        }
        self.game.result = match (self.result_token, from_tag) {
            (Some("*"), Some(r)) => r.to_string(),
            // A tag of `*` (unknown) says nothing against the move text's result.
            (Some(token), Some(r)) if token != r && r != "*" => {
                notes.push(format!(
                    "[Result \"{tag}\"] disagrees with the result {token} that ends the \
                     move text; {token} is kept"
                ));
                token.to_string()
            }
            (Some(token), _) => token.to_string(),
            (None, r) => {
                let r = r.unwrap_or("*");
                notes.push(format!(
                    "the move text has no result (1-0, 0-1, 1/2-1/2 or *) at its end; \
                     {r} is taken"
                ));
                r.to_string()
            }
        };
        ReadGame {
            number: self.number,
            line: self.line,
            game: Ok(self.game),
            notes,
        }
    }
}

/// Reads every game of a PGN text, each on its own: a game that cannot be read is
/// reported (with its number, the move's number and the line) and the games after it
/// are still read. Text outside the games (before the first tags, after a result) is
/// skipped and listed; a game without tags is recognised by its first move.
pub fn read_pgn_games(text: &str) -> PgnFile {
    read_pgn_games_with(text, &mut |_| {})
}

/// [`read_pgn_games`], calling `on_game` with the line reached each time a game has
/// been read (for a progress bar over a large file).
pub fn read_pgn_games_with(text: &str, on_game: &mut dyn FnMut(usize)) -> PgnFile {
    let mut file = PgnFile::default();
    let mut open: Option<OpenGame> = None;
    let mut skipping = false;
    let next_number = |file: &PgnFile| file.games.len() + 1;
    let mut reported = 0;
    for Item { token, line } in scan(text) {
        if file.games.len() != reported {
            reported = file.games.len();
            on_game(line);
        }
        match token {
            Token::Tag(name, value) => {
                if open.as_ref().is_some_and(|g| g.in_moves) {
                    file.games.extend(open.take().map(OpenGame::close));
                }
                let game = open.get_or_insert_with(|| OpenGame::new(next_number(&file), line));
                game.game.tags.push((name, value));
                skipping = false;
            }
            Token::Bad(error) => match open.as_mut() {
                Some(game) => game.fail(error),
                None if matches!(error.problem, Problem::BadTag { .. }) => {
                    let mut game = OpenGame::new(next_number(&file), line);
                    game.fail(error);
                    open = Some(game);
                    skipping = false;
                }
                // An unclosed comment outside a game is more text around the games,
                // one note with the words around it.
                None => {
                    match file.skipped.last_mut() {
                        Some((_, text)) if skipping => {
                            if text.chars().count() < 60 {
                                text.push(' ');
                                text.push_str(&error.text);
                            }
                        }
                        _ => file.skipped.push((line, error.text)),
                    }
                    skipping = true;
                }
            },
            Token::Comment(body) => {
                if let Some(game) = open.as_mut() {
                    game.in_moves = true;
                    let ply = game.game.moves.len();
                    game.game.comments.push((ply, body));
                }
            }
            Token::Word(word) => {
                let bare = strip_move_number(&word);
                if bare.chars().all(|c| matches!(c, '.' | '．' | '…')) {
                    if let Some(game) = open.as_mut() {
                        game.in_moves = true;
                    }
                    continue;
                }
                let result = match bare {
                    "½-½" => Some("1/2-1/2"),
                    _ => RESULTS.iter().find(|&&r| r == bare).copied(),
                };
                if let Some(result) = result {
                    if let Some(mut game) = open.take() {
                        game.result_token = Some(result);
                        file.games.push(game.close());
                    }
                    continue;
                }
                if open.is_none() {
                    if !starts_a_game(bare) {
                        match file.skipped.last_mut() {
                            Some((_, text)) if skipping => {
                                if text.chars().count() < 60 {
                                    text.push(' ');
                                    text.push_str(&word);
                                }
                            }
                            _ => file.skipped.push((line, word.clone())),
                        }
                        skipping = true;
                        continue;
                    }
                    open = Some(OpenGame::new(next_number(&file), line));
                }
                skipping = false;
                if let Some(game) = open.as_mut() {
                    game.in_moves = true;
                    game.play(bare, line);
                }
            }
        }
    }
    file.games.extend(open.map(OpenGame::close));
    file
}

/// Reads every game of a PGN text, all or nothing: [`read_pgn_games`] with the first
/// game that could not be read as the error.
///
/// # Errors
/// A malformed tag or comment, a bad FEN tag, or the first move that does not parse or
/// is illegal (with the game's and the move's 1-based numbers and the line).
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, NotationError> {
    read_pgn_games(text)
        .games
        .into_iter()
        .map(|g| g.game)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("ICCS")
    }

    #[test]
    fn pgn_errors_keep_the_game_and_move_numbers() {
        let two = "1. h2e2 h9g7 *\n\n1. h2e2 h9h0 *\n";
        let err = read_pgn(two).unwrap_err();
        assert_eq!((err.game_number, err.move_number), (Some(2), Some(2)));
        assert_eq!(err.problem, Problem::Illegal(mv("h9h0")));

        // A broken tag fails its own game, with the line it is on.
        let err = read_pgn("[Event \"x\"]\n1. h2e2 *\n[Round 3]\n1. h2e2 *").unwrap_err();
        assert_eq!((err.game_number, err.line), (Some(2), Some(3)), "{err}");
        assert_eq!(err.problem, Problem::BadTag { unclosed: false });
        let err = read_pgn("[Event \"open").unwrap_err();
        assert_eq!(err.problem, Problem::BadTag { unclosed: true });

        // Results: a disagreeing tag is noted, an unknown one (`*`) is not.
        let notes = |text: &str| read_pgn_games(text).games[0].notes.clone();
        assert!(notes("[Result \"*\"]\n1. h2e2 1-0").is_empty());
        assert!(notes("[Result \"1-0\"]\n1. h2e2 1-0").is_empty());
        assert_eq!(notes("[Result \"1-0\"]\n1. h2e2 0-1").len(), 1);
        assert_eq!(
            notes("[Result \"红胜\"]\n1. h2e2").len(),
            1,
            "no result token"
        );
        assert_eq!(
            read_pgn("[Result \"红胜\"]\n1. h2e2").unwrap()[0].result,
            "1-0"
        );

        let err = read_pgn("1. h2e2 *\n\n[FEN \"nonsense\"]\n1. h2e2 *").unwrap_err();
        assert_eq!(err.game_number, Some(2), "{err}");
        assert!(matches!(err.problem, Problem::BadFen(_)), "{err}");
        assert!(err.to_string().contains("bad FEN tag"), "{err}");
    }
}
