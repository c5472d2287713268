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
use super::error::NotationError;
use super::format::Format;
use super::pgn::{read_pgn_games_with, write_pgn, PgnGame};
use super::xqf::{is_xqf, read_xqf, write_xqf, XqfError};
use crate::input::{self, FileError, GAME_FILE_BYTES};
use crate::progress::Progress;

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
    read_bytes_with(bytes, xqf, encoding, &mut |_| {})
}

/// [`read_bytes`], calling `on_progress` with the share of the file read so far (0 to
/// 1) as the games are read, for a progress bar over large files.
pub fn read_bytes_with(
    bytes: &[u8],
    xqf: bool,
    encoding: Option<TextEncoding>,
    on_progress: &mut dyn FnMut(f64),
) -> GameFile {
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
    let lines = decoded.text.bytes().filter(|&b| b == b'\n').count().max(1);
    let pgn = read_pgn_games_with(&decoded.text, &mut |line| {
        on_progress((line as f64 / lines as f64).min(1.0));
    });
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
/// When the file cannot be read or holds more than [`GAME_FILE_BYTES`].
pub fn read_path(path: &Path, encoding: Option<TextEncoding>) -> Result<GameFile, FileError> {
    read_path_with(path, encoding, &mut |_| {})
}

/// [`read_path`], calling `on_progress` with the share of the file read so far (see
/// [`read_bytes_with`]).
///
/// # Errors
/// When the file cannot be read or holds more than [`GAME_FILE_BYTES`].
pub fn read_path_with(
    path: &Path,
    encoding: Option<TextEncoding>,
    on_progress: &mut dyn FnMut(f64),
) -> Result<GameFile, FileError> {
    let bytes = input::read_file(path, GAME_FILE_BYTES)?;
    let xqf_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xqf"));
    Ok(read_bytes_with(&bytes, xqf_name, encoding, on_progress))
}

/// A bar over the bytes of `paths` (quiet when standard error is not a terminal), for
/// reading many or large game files: [`FilesBar::file`] reads one and moves the bar.
pub struct FilesBar {
    progress: Progress,
    /// Bytes of the files read so far.
    done: u64,
    /// Games read so far.
    games: usize,
}

impl FilesBar {
    /// A bar over the sizes of `paths` (a file that cannot be read counts nothing),
    /// named `what` (`pgn`, `book`).
    pub fn new(paths: &[std::path::PathBuf], what: &str) -> FilesBar {
        let total: u64 = paths
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
            .sum();
        let template =
            format!("{what} {{bar:30}} {{percent:>3}}% {{msg}}, {{elapsed}} elapsed, {{eta}} left");
        let progress = Progress::new(total, &template);
        progress.update(0, "0 games".to_string());
        FilesBar {
            progress,
            done: 0,
            games: 0,
        }
    }

    /// Reads the file at `path` as [`read_path`] does, moving the bar as its games are
    /// read.
    ///
    /// # Errors
    /// When the file cannot be read or holds more than [`GAME_FILE_BYTES`].
    pub fn file(
        &mut self,
        path: &Path,
        encoding: Option<TextEncoding>,
    ) -> Result<GameFile, FileError> {
        let size = std::fs::metadata(path).map_or(0, |m| m.len());
        let (done, games, progress) = (self.done, &mut self.games, &self.progress);
        let file = read_path_with(path, encoding, &mut |share| {
            *games += 1;
            progress.update(
                done + (share * size as f64) as u64,
                format!("{games} games"),
            );
        });
        self.done += size;
        self.progress.set_position(self.done);
        file
    }

    /// The bar, for lines written while it is drawn ([`Progress::suspend`]).
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.progress.finish();
    }
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

/// Reads the games of one file for `chariot pgn` into `games`, counting them in
/// `summary` and writing the errors and warnings to `messages`.
fn read_file_games(
    bar: &mut FilesBar,
    path: &Path,
    input_encoding: Option<TextEncoding>,
    summary: &mut Summary,
    games: &mut Vec<PgnGame>,
    messages: &mut dyn Write,
) {
    let name = path.display();
    let file = match bar.file(path, input_encoding) {
        Ok(file) => file,
        Err(e) => {
            let _ = writeln!(messages, "error: {e}");
            summary.errors += 1;
            return;
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
    let mut bar = FilesBar::new(&cmd.files, "pgn");
    for path in &cmd.files {
        // A file's messages are written together, with the bar hidden.
        let mut lines = Vec::new();
        read_file_games(
            &mut bar,
            path,
            input_encoding,
            &mut summary,
            &mut games,
            &mut lines,
        );
        bar.progress().suspend(|| {
            let _ = messages.write_all(&lines);
            let _ = messages.flush();
        });
    }
    bar.finish();

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
