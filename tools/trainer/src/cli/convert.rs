//! `trainer convert`: converts training positions between the text form
//! (`<fen> | <score> | <result> [| <move>]`) and the 40-byte binary records of
//! [`crate::nnue::data`].
//!
//! ```text
//! trainer convert --in FILE --out FILE [--from text|binary] [--to text|binary] [--bad abort|skip]
//! ```
//!
//! The direction comes from the extensions (`.txt` text, `.bin` binary) unless `--from`
//! or `--to` says; `--in -` reads standard input and `--out -` writes standard output
//! (give the other side's form by extension or flag: `xz -dc a.txt.xz | trainer convert
//! --in - --out a.bin` reads text). A malformed line or record stops the conversion with
//! an error naming it (exit status 1), unless `--bad skip`: then it is skipped, counted,
//! and the first ten are listed in the summary. The output is written to `FILE.partial`
//! and renamed when the conversion succeeds, so a failed run leaves no half file.

use std::io::{BufWriter, Write};
use std::time::Instant;

use crate::error::{Result, TrainerError};
use crate::nnue::data::{open_input, write_entry, BadInput, DataFormat, LoadReport, Reader};

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
    #[arg(long, value_name = "text|binary", value_parser = parse_format)]
    pub from: Option<DataFormat>,
    /// The output's form (default: from its extension, or the input's opposite).
    #[arg(long, value_name = "text|binary", value_parser = parse_format)]
    pub to: Option<DataFormat>,
    /// A malformed line or record: stop (abort) or skip it and count it (skip).
    #[arg(long, value_name = "abort|skip", default_value = "abort", value_parser = parse_bad)]
    pub bad: BadInput,
}

/// `text`/`txt` or `binary`/`bin`.
pub fn parse_format(value: &str) -> Result<DataFormat> {
    DataFormat::parse(value)
        .ok_or_else(|| TrainerError::Usage(format!("want text or binary, got {value}")))
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
        DataFormat::Binary => DataFormat::Text,
    };
    let from = o.from.or_else(|| DataFormat::from_path(&o.input));
    let to = o.to.or_else(|| DataFormat::from_path(&o.output));
    match (from, to) {
        (Some(f), Some(t)) => Ok((f, t)),
        (Some(f), None) => Ok((f, other(f))),
        (None, Some(t)) => Ok((other(t), t)),
        (None, None) => Err(TrainerError::Usage(format!(
            "cannot tell the direction from '{}' and '{}': use .txt/.bin names or --from/--to",
            o.input, o.output
        ))),
    }
}

/// Copies every entry of the input to `out`, counting what was read and written.
fn copy(
    o: &Args,
    (from, to): (DataFormat, DataFormat),
    out: &mut impl Write,
    report: &mut LoadReport,
) -> Result<u64> {
    let mut written = 0u64;
    for item in Reader::new(open_input(&o.input)?, from) {
        match item {
            Ok(entry) => {
                report.read += 1;
                write_entry(out, &entry, to).map_err(|e| TrainerError::io(&o.output, e))?;
                written += 1;
            }
            Err(e) => report.bad_input(e, o.bad, &o.input)?,
        }
    }
    out.flush().map_err(|e| TrainerError::io(&o.output, e))?;
    Ok(written)
}

fn convert(o: &Args) -> Result<(LoadReport, u64)> {
    let direction = direction(o)?;
    let partial = format!("{}.partial", o.output);
    let sink: Box<dyn Write> = if o.output == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        Box::new(std::fs::File::create(&partial).map_err(|e| TrainerError::io(&partial, e))?)
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    let mut report = LoadReport::default();
    let result = copy(o, direction, &mut out, &mut report);
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

/// After the error of a failed conversion: how to go on past a malformed line or
/// record (not after a read error, which skipping does not help).
pub fn hint(e: &TrainerError) {
    if let TrainerError::Data { error, .. } = e {
        if !error.io {
            eprintln!("convert: nothing written; --bad skip skips malformed lines or records");
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
    eprintln!(
        "convert: {} positions read, {written} written, {} malformed skipped, {:.1} s",
        report.read,
        report.bad,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
