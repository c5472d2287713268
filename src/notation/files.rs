//! Game files as they come: PGN in UTF-8, GBK/GB18030 or Big5 (found by
//! [`super::encoding::decode`]), or XQF (by its `XQ` mark or its `.xqf` name), read into
//! games each checked against the rules; and the `chariot pgn` command on top.
//!
//! This is the one reader for files from outside: `chariot pgn` and the tourney's
//! `-openings … format=pgn` both read through [`read_path`].

use std::fmt;
use std::io::Write;
use std::path::Path;

use super::encoding::{decode, decode_as, encode, TextEncoding};
use super::pgn::{read_pgn_games, write_pgn, PgnGame};
use super::xqf::{is_xqf, read_xqf, write_xqf, XqfError};
use super::{Format, NotationError};

/// Why a game of a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A PGN game: a broken tag or comment, a bad FEN, a move that does not parse or is
    /// not legal.
    Pgn(NotationError),
    /// An XQF file: truncated, not XQF, a bad slot or point, an illegal move.
    Xqf(XqfError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Pgn(e) => write!(f, "{e}"),
            GameError::Xqf(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GameError {}

/// One game of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileGame {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// The game, or why it could not be read.
    pub game: Result<PgnGame, GameError>,
    /// What was wrong without stopping the game (a missing or wrong result).
    pub notes: Vec<String>,
}

/// What kind of file it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// PGN text in this encoding.
    Pgn(TextEncoding),
    /// XQF of this version byte (10 = 1.0).
    Xqf(u8),
}

/// Everything read from one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// PGN (and its encoding) or XQF.
    pub kind: FileKind,
    /// The games, in order, read or not.
    pub games: Vec<FileGame>,
    /// About the file as a whole: bytes the encoding could not decode, text outside
    /// any game that was skipped.
    pub notes: Vec<String>,
}

impl GameFile {
    /// The games that were read.
    pub fn read(&self) -> impl Iterator<Item = &PgnGame> {
        self.games.iter().filter_map(|g| g.game.as_ref().ok())
    }

    /// The games that could not be read, with their errors.
    pub fn failed(&self) -> impl Iterator<Item = (usize, &GameError)> {
        self.games
            .iter()
            .filter_map(|g| g.game.as_ref().err().map(|e| (g.number, e)))
    }
}

/// Reads the games of a file's bytes: XQF when they start with its mark (or `xqf` is
/// set), else PGN text in `encoding`, or in the encoding found when `None`.
pub fn read_bytes(bytes: &[u8], xqf: bool, encoding: Option<TextEncoding>) -> GameFile {
    if xqf || is_xqf(bytes) {
        let version = bytes.get(2).copied().unwrap_or(0);
        let game = read_xqf(bytes).map_err(GameError::Xqf);
        return GameFile {
            kind: FileKind::Xqf(version),
            games: vec![FileGame {
                number: 1,
                game,
                notes: Vec::new(),
            }],
            notes: Vec::new(),
        };
    }
    let decoded = match encoding {
        Some(e) => decode_as(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes), e),
        None => decode(bytes),
    };
    let mut notes = Vec::new();
    if let Some(line) = decoded.first_bad_line {
        notes.push(format!(
            "line {line}: bytes that are not valid {} were replaced by U+FFFD",
            decoded.encoding
        ));
    }
    let pgn = read_pgn_games(&decoded.text);
    for (line, text) in &pgn.skipped {
        notes.push(format!(
            "line {line}: skipped text outside a game: '{text}'"
        ));
    }
    GameFile {
        kind: FileKind::Pgn(decoded.encoding),
        games: pgn
            .games
            .into_iter()
            .map(|g| FileGame {
                number: g.number,
                game: g.game.map_err(GameError::Pgn),
                notes: g.notes,
            })
            .collect(),
        notes,
    }
}

/// Reads the games of the file at `path` (XQF by its mark or an `.xqf` name).
///
/// # Errors
/// When the file cannot be read.
pub fn read_path(path: &Path, encoding: Option<TextEncoding>) -> std::io::Result<GameFile> {
    let bytes = std::fs::read(path)?;
    let xqf_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xqf"));
    Ok(read_bytes(&bytes, xqf_name, encoding))
}

/// What `chariot pgn` did: games read, their moves, errors (games that could not be
/// read and files that could not be opened).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read and written.
    pub games: usize,
    /// Their moves.
    pub moves: usize,
    /// Games that could not be read, and files that could not be opened.
    pub errors: usize,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} moves, {} errors",
            self.games, self.moves, self.errors
        )
    }
}

/// The options of `chariot pgn`, as typed.
#[derive(Clone, Debug, Default)]
pub struct PgnCommand {
    /// The files to read (PGN or XQF, any mix).
    pub files: Vec<std::path::PathBuf>,
    /// Move notation of the output: `iccs`, `chinese` or `wxf`.
    pub to: String,
    /// Encoding of the output: `utf8` or `gbk`.
    pub encoding: String,
    /// Read every PGN file in this encoding instead of finding it.
    pub input_encoding: Option<String>,
    /// Write here instead of standard output (`.xqf`: one game as XQF).
    pub output: Option<std::path::PathBuf>,
}

/// A usage problem of `chariot pgn` (exit status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Runs `chariot pgn`: reads every file, reports each game that could not be read
/// (`error: FILE: game N, move M 'text': why (line L)`) and what was wrong without
/// stopping a game (`warning: …`) on `messages`, writes the games read as normalised
/// PGN to `out` (or to the output file) and the summary line last on `messages`.
///
/// # Errors
/// A bad `--to` or `--encoding`, or an output file that cannot be written.
pub fn pgn_command(
    cmd: &PgnCommand,
    out: &mut dyn Write,
    messages: &mut dyn Write,
) -> Result<Summary, UsageError> {
    let to: Format = cmd
        .to
        .parse()
        .map_err(|e: NotationError| UsageError(format!("--to: {}", e.problem)))?;
    let encoding = match TextEncoding::parse(&cmd.encoding) {
        Some(e @ (TextEncoding::Utf8 | TextEncoding::Gbk)) => e,
        _ => {
            return Err(UsageError(format!(
                "--encoding: '{}' is not utf8 or gbk",
                cmd.encoding
            )))
        }
    };
    let input_encoding = match &cmd.input_encoding {
        Some(name) => Some(TextEncoding::parse(name).ok_or_else(|| {
            UsageError(format!(
                "--input-encoding: '{name}' is not utf8, gbk or big5"
            ))
        })?),
        None => None,
    };
    let xqf_out = cmd
        .output
        .as_ref()
        .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("xqf")));

    let mut summary = Summary::default();
    let mut games: Vec<PgnGame> = Vec::new();
    for path in &cmd.files {
        let name = path.display();
        let file = match read_path(path, input_encoding) {
            Ok(file) => file,
            Err(e) => {
                let _ = writeln!(messages, "error: {name}: cannot read: {e}");
                summary.errors += 1;
                continue;
            }
        };
        for note in &file.notes {
            let _ = writeln!(messages, "warning: {name}: {note}");
        }
        for g in file.games {
            for note in &g.notes {
                let _ = writeln!(messages, "warning: {name}: game {}: {note}", g.number);
            }
            match g.game {
                Ok(mut game) => {
                    // XQF comments keep their CR LF and padding; PGN's are trimmed.
                    for (_, text) in &mut game.comments {
                        *text = text.replace("\r\n", "\n").trim().to_string();
                    }
                    game.comments.retain(|(_, text)| !text.is_empty());
                    summary.games += 1;
                    summary.moves += game.moves.len();
                    games.push(game);
                }
                Err(e) => {
                    summary.errors += 1;
                    match e {
                        GameError::Pgn(e) => {
                            let _ = writeln!(messages, "error: {name}: {e}");
                        }
                        GameError::Xqf(e) => {
                            let _ = writeln!(messages, "error: {name}: {e}");
                        }
                    }
                }
            }
        }
    }

    let bytes = if xqf_out {
        if games.len() != 1 {
            return Err(UsageError(format!(
                "an XQF file holds one game; {} were read",
                games.len()
            )));
        }
        let written = write_xqf(&games[0]).map_err(|e| UsageError(format!("XQF: {e}")))?;
        for tag in &written.cut {
            let _ = writeln!(
                messages,
                "warning: the {tag} tag was cut to fit its XQF field"
            );
        }
        written.bytes
    } else {
        let text: Vec<String> = games.iter().map(|g| write_pgn(g, to)).collect();
        encode(&text.join("\n"), encoding)
    };
    match &cmd.output {
        Some(path) => std::fs::write(path, &bytes)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let _ = out.write_all(&bytes);
            let _ = out.flush();
        }
    }
    let _ = writeln!(messages, "{summary}");
    Ok(summary)
}
