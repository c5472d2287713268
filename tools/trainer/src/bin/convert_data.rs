//! `convert-data`: converts training positions between the text form
//! (`<fen> | <score> | <result> [| <move>]`) and the 40-byte binary records of
//! `trainer::nnue::data`.
//!
//!     convert-data -in FILE -out FILE [-from text|binary] [-to text|binary] [-bad abort|skip]
//!
//! The direction comes from the extensions (`.txt` text, `.bin` binary) unless `-from`
//! or `-to` says; `-in -` reads standard input and `-out -` writes standard output
//! (give the other side's form by extension or flag: `xz -dc a.txt.xz | convert-data
//! -in - -out a.bin` reads text). A malformed line or record stops the conversion with
//! an error naming it (exit code 2), unless `-bad skip`: then it is skipped, counted,
//! and the first ten are listed in the summary. The output is written to `FILE.partial`
//! and renamed when the conversion succeeds, so a failed run leaves no half file.

use std::io::{BufWriter, Write};

use trainer::nnue::data::{open_input, write_entry, BadInput, DataFormat, LoadReport, Reader};

struct Options {
    input: String,
    output: String,
    from: Option<DataFormat>,
    to: Option<DataFormat>,
    bad: BadInput,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        input: String::new(),
        output: String::new(),
        from: None,
        to: None,
        bad: BadInput::Abort,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let format = || {
            DataFormat::parse(value)
                .ok_or_else(|| format!("{}: want text or binary, got {value}", args[i]))
        };
        match args[i].as_str() {
            "-in" => o.input = value.clone(),
            "-out" => o.output = value.clone(),
            "-from" => o.from = Some(format()?),
            "-to" => o.to = Some(format()?),
            "-bad" => {
                o.bad = BadInput::parse(value)
                    .ok_or_else(|| format!("-bad: want abort or skip, got {value}"))?
            }
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    if o.input.is_empty() || o.output.is_empty() {
        return Err("need -in and -out".to_string());
    }
    Ok(o)
}

/// The two forms: each from its flag, its file's extension, or as the other's opposite.
fn direction(o: &Options) -> Result<(DataFormat, DataFormat), String> {
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
        (None, None) => Err(format!(
            "cannot tell the direction from '{}' and '{}': use .txt/.bin names or -from/-to",
            o.input, o.output
        )),
    }
}

fn convert(o: &Options) -> Result<(LoadReport, u64), String> {
    let (from, to) = direction(o)?;
    let input = open_input(&o.input)?;
    let partial = format!("{}.partial", o.output);
    let sink: Box<dyn Write> = if o.output == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        Box::new(std::fs::File::create(&partial).map_err(|e| format!("{partial}: {e}"))?)
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    let mut report = LoadReport::default();
    let mut written = 0u64;
    let result = (|| {
        for item in Reader::new(input, from) {
            match item {
                Ok(entry) => {
                    report.read += 1;
                    write_entry(&mut out, &entry, to).map_err(|e| format!("{}: {e}", o.output))?;
                    written += 1;
                }
                Err(e) => report.bad_input(e, o.bad, &o.input)?,
            }
        }
        out.flush().map_err(|e| format!("{}: {e}", o.output))
    })();
    drop(out);
    if o.output != "-" {
        match &result {
            Ok(()) => std::fs::rename(&partial, &o.output)
                .map_err(|e| format!("{partial} → {}: {e}", o.output))?,
            Err(_) => {
                let _ = std::fs::remove_file(&partial);
            }
        }
    }
    result.map(|()| (report, written))
}

fn main() {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("convert-data: {e}");
            eprintln!(
                "usage: convert-data -in FILE|- -out FILE|- [-from text|binary] [-to text|binary] [-bad abort|skip]"
            );
            std::process::exit(2);
        }
    };
    let started = std::time::Instant::now();
    match convert(&options) {
        Ok((report, written)) => {
            for example in &report.bad_examples {
                eprintln!("convert-data: skipped {example}");
            }
            eprintln!(
                "convert-data: {} positions read, {written} written, {} malformed skipped, {:.1} s",
                report.read,
                report.bad,
                started.elapsed().as_secs_f64()
            );
        }
        Err(e) => {
            eprintln!("convert-data: {e}");
            if options.bad == BadInput::Abort
                && (e.contains(": line ") || e.contains(": record "))
                && !e.contains("truncated")
                && !e.contains("read error")
            {
                eprintln!(
                    "convert-data: nothing written; -bad skip skips malformed lines or records"
                );
            }
            std::process::exit(2);
        }
    }
}
