//! `trainer convert`: converts training data between the text form
//! (`<fen> | <score> | <result> [| <move>]`), the 40-byte binary records of
//! [`crate::nnue::data`] and the game packs of [`crate::nnue::pack`].
//!
//! ```text
//! trainer convert --in FILE --out FILE [--from text|binary|pack] [--to text|binary|pack] [--bad abort|skip]
//! ```
//!
//! The direction comes from the extensions (`.txt` text, `.bin` binary, `.pack` pack)
//! unless `--from` or `--to` says; `--in -` reads standard input and `--out -` writes
//! standard output (give the other side's form by extension or flag: `xz -dc a.txt.xz |
//! trainer convert --in - --out a.bin` reads text). Without either, text becomes binary,
//! binary and packs become text. A malformed line, record or game stops the conversion
//! with an error naming it (exit status 1), unless `--bad skip`: then it is skipped,
//! counted, and the first ten are listed in the summary. The output is written to
//! `FILE.partial` and renamed when the conversion succeeds, so a failed run leaves no
//! half file.
//!
//! **Into a pack** go positions written with their moves, one game after another (the
//! text `datagen` writes, `<fen> | <score> | <result> | <move>`, or binary records with
//! their moves): a position that is the previous one after its move, with the same
//! result, continues the game, any other starts a new game ([`Assembler`]), so every
//! position read is a scored ply of some game. A position without its move cannot be a
//! ply: the conversion stops there (old filtered data without moves stays text or
//! binary, which the trainer reads as positions). **Out of a pack** come the scored
//! plies as positions, each with its move.

use std::io::{BufWriter, Write};
use std::time::Instant;

use crate::error::{Result, TrainerError};
use crate::nnue::data::{open_input, write_entry, BadInput, DataFormat, LoadReport, Reader};
use crate::nnue::pack::{Assembler, PackReader, PackWriter};

/// `trainer convert`'s flags.
#[derive(clap::Args)]
pub struct Args {
    /// The input file; `-` is standard input.
    #[arg(long = "in", value_name = "FILE|-")]
    pub input: String,
    /// The output file; `-` is standard output.
    #[arg(long = "out", value_name = "FILE|-")]
    pub output: String,
    /// The input's form (default: from its extension, or the output's opposite).
    #[arg(long, value_name = "text|binary|pack", value_parser = parse_format)]
    pub from: Option<DataFormat>,
    /// The output's form (default: from its extension, or the input's opposite).
    #[arg(long, value_name = "text|binary|pack", value_parser = parse_format)]
    pub to: Option<DataFormat>,
    /// A malformed line, record or game: stop (abort) or skip it and count it (skip).
    #[arg(long, value_name = "abort|skip", default_value = "abort", value_parser = parse_bad)]
    pub bad: BadInput,
}

/// `text`/`txt`, `binary`/`bin` or `pack`.
pub fn parse_format(value: &str) -> Result<DataFormat> {
    DataFormat::parse(value)
        .ok_or_else(|| TrainerError::Usage(format!("want text, binary or pack, got {value}")))
}

/// `abort` or `skip`.
pub fn parse_bad(value: &str) -> Result<BadInput> {
    BadInput::parse(value)
        .ok_or_else(|| TrainerError::Usage(format!("want abort or skip, got {value}")))
}

/// The two forms: each from its flag, its file's extension, or as the other's opposite.
fn direction(o: &Args) -> Result<(DataFormat, DataFormat)> {
    let other = |f: DataFormat| match f {
        DataFormat::Text => DataFormat::Binary,
        DataFormat::Binary | DataFormat::Pack => DataFormat::Text,
    };
    let from = o.from.or_else(|| DataFormat::from_path(&o.input));
    let to = o.to.or_else(|| DataFormat::from_path(&o.output));
    match (from, to) {
        (Some(f), Some(t)) => Ok((f, t)),
        (Some(f), None) => Ok((f, other(f))),
        (None, Some(t)) => Ok((other(t), t)),
        (None, None) => Err(TrainerError::Usage(format!(
            "cannot tell the direction from '{}' and '{}': use .txt/.bin/.pack names or --from/--to",
            o.input, o.output
        ))),
    }
}

/// What a conversion wrote.
#[derive(Clone, Copy, Debug, Default)]
struct Written {
    /// Positions (scored plies of a pack).
    positions: u64,
    /// Games, when the output is a pack.
    games: u64,
    /// Bytes.
    bytes: u64,
}

/// Copies every entry of the input to `out`, counting what was read and written.
fn copy(
    o: &Args,
    (from, to): (DataFormat, DataFormat),
    out: &mut impl Write,
    report: &mut LoadReport,
) -> Result<Written> {
    let mut written = Written::default();
    let mut line = Vec::new();
    for item in Reader::new(open_input(&o.input)?, from) {
        match item {
            Ok(entry) => {
                report.read += 1;
                line.clear();
                write_entry(&mut line, &entry, to).map_err(|e| TrainerError::io(&o.output, e))?;
                out.write_all(&line)
                    .map_err(|e| TrainerError::io(&o.output, e))?;
                written.positions += 1;
                written.bytes += line.len() as u64;
            }
            Err(e) => report.bad_input(e, o.bad, &o.input)?,
        }
    }
    out.flush().map_err(|e| TrainerError::io(&o.output, e))?;
    Ok(written)
}

/// Gathers the input's positions into games and writes them as a pack.
fn to_pack(
    o: &Args,
    from: DataFormat,
    out: &mut impl Write,
    report: &mut LoadReport,
) -> Result<Written> {
    let io = |e| TrainerError::io(&o.output, e);
    let mut writer = PackWriter::new(out).map_err(io)?;
    let mut assembler = Assembler::new();
    let mut positions = 0u64;
    let mut reader = Reader::new(open_input(&o.input)?, from);
    while let Some(item) = reader.next() {
        let entry = match item {
            Ok(entry) => entry,
            Err(e) => {
                report.bad_input(e, o.bad, &o.input)?;
                continue;
            }
        };
        report.read += 1;
        let Some(mv) = entry.mv else {
            return Err(TrainerError::Other(format!(
                "{}: {}: no move: only positions written with their moves, one game after \
                 another (datagen's '<fen> | <score> | <result> | <move>'), can become games; \
                 keep this data as text or binary, which the trainer reads as positions",
                o.input,
                reader.place()
            )));
        };
        if let Some(game) = assembler.push(&entry.pos, entry.score, entry.result, mv) {
            writer.write_game(&game).map_err(io)?;
        }
        positions += 1;
    }
    if let Some(game) = assembler.finish() {
        writer.write_game(&game).map_err(io)?;
    }
    writer.flush().map_err(io)?;
    Ok(Written {
        positions,
        games: writer.games,
        bytes: writer.bytes,
    })
}

/// Where the games of a pack go: a pack again, or positions in a form.
enum Sink<'a, W: Write> {
    Pack(PackWriter<&'a mut W>),
    Positions(&'a mut W, DataFormat),
}

/// Reads the games of a pack and writes them as a pack again or as positions.
fn from_pack<W: Write>(
    o: &Args,
    to: DataFormat,
    out: &mut W,
    report: &mut LoadReport,
) -> Result<Written> {
    let io = |e| TrainerError::io(&o.output, e);
    let mut written = Written::default();
    let mut sink = match to {
        DataFormat::Pack => Sink::Pack(PackWriter::new(out).map_err(io)?),
        _ => Sink::Positions(out, to),
    };
    let mut line = Vec::new();
    for item in PackReader::new(open_input(&o.input)?) {
        let game = match item {
            Ok(game) => game,
            Err(e) => {
                report.bad_input(e, o.bad, &o.input)?;
                continue;
            }
        };
        let positions = game.positions() as u64;
        report.read += positions;
        written.positions += positions;
        written.games += 1;
        match &mut sink {
            Sink::Pack(writer) => writer.write_game(&game).map_err(io)?,
            Sink::Positions(out, to) => {
                for entry in game.entries() {
                    line.clear();
                    write_entry(&mut line, &entry, *to).map_err(io)?;
                    written.bytes += line.len() as u64;
                    out.write_all(&line).map_err(io)?;
                }
            }
        }
    }
    match sink {
        Sink::Pack(mut writer) => {
            writer.flush().map_err(io)?;
            written.bytes = writer.bytes;
        }
        Sink::Positions(out, _) => {
            written.games = 0;
            out.flush().map_err(io)?;
        }
    }
    Ok(written)
}

fn convert(o: &Args) -> Result<(LoadReport, Written)> {
    let direction = direction(o)?;
    let partial = format!("{}.partial", o.output);
    let sink: Box<dyn Write> = if o.output == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        Box::new(std::fs::File::create(&partial).map_err(|e| TrainerError::io(&partial, e))?)
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    let mut report = LoadReport::default();
    let result = match direction {
        (DataFormat::Pack, to) => from_pack(o, to, &mut out, &mut report),
        (from, DataFormat::Pack) => to_pack(o, from, &mut out, &mut report),
        _ => copy(o, direction, &mut out, &mut report),
    };
    drop(out);
    if o.output != "-" {
        match &result {
            Ok(_) => std::fs::rename(&partial, &o.output)
                .map_err(|e| TrainerError::io(format!("{partial} → {}", o.output), e))?,
            Err(_) => {
                let _ = std::fs::remove_file(&partial);
            }
        }
    }
    result.map(|written| (report, written))
}

/// After the error of a failed conversion: how to go on past a malformed line, record
/// or game (not after a read error, which skipping does not help).
pub fn hint(e: &TrainerError) {
    if let TrainerError::Data { error, .. } = e {
        if !error.io {
            eprintln!(
                "convert: nothing written; --bad skip skips malformed lines, records or games"
            );
        }
    }
}

/// `trainer convert`.
pub fn run(o: &Args) -> Result<()> {
    let started = Instant::now();
    let (report, written) = convert(o)?;
    for example in &report.bad_examples {
        eprintln!("convert: skipped {example}");
    }
    let games = if written.games > 0 {
        format!(
            " in {} games ({:.1} positions a game)",
            written.games,
            written.positions as f64 / written.games as f64
        )
    } else {
        String::new()
    };
    eprintln!(
        "convert: {} positions read, {} written, {} malformed skipped, {:.1} s; \
         {} bytes ({:.2} a position){games}",
        report.read,
        written.positions,
        report.bad,
        started.elapsed().as_secs_f64(),
        written.bytes,
        written.bytes as f64 / written.positions.max(1) as f64,
    );
    Ok(())
}
