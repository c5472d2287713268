//! The file of a training run's state (`<out>.state`, written after every epoch), which
//! `trainer train --resume` reads to go on with the run in a later sitting.
//!
//! Version 2, little-endian: the magic `CHTSTATE` (8 bytes), the version (`u32`), then the
//! fields of [`TrainState`] in order — fingerprint, epochs done, steps done and the
//! random generator's state (`u64` each), the output buckets (`u32`, the top bit set for
//! king mirroring), the net's width (`u32`), SCALE (`f32`), the
//! initial validation loss (a `u8` flag, 1 = present, then an `f64`), the best epoch
//! (`u64`) and its score (`f64`), the epoch reports (a `u64` count, then for each: epoch
//! and planned epochs as `u64`, training loss `f64`, validation loss as flag + `f64`,
//! seconds, update seconds and positions per second as `f64`), AdamW's step count
//! (`i32`), the parameter count (`u64`) and four `f32` arrays of that length: the
//! network, the first and second moments, the best network — and last the FNV-1a 64
//! hash of every byte before it. A file that is not such a state, is cut short, has
//! another version or does not hash to its last eight bytes is refused, saying which.
//! Version 1 (written before the width was a setting) is the same without the width,
//! and is read as a net 256 wide.

use std::path::Path;

use super::net::{architecture, fnv1a64, is_width, params_len, widths_text, Network};
use super::train::{Adam, EpochReport, TrainState};
use crate::error::{Result, TrainerError};

/// The state file's magic.
pub const MAGIC: &[u8; 8] = b"CHTSTATE";
/// The state file's version.
pub const VERSION: u32 = 2;
/// The version before the width was recorded (every net 256 wide), still read.
pub const VERSION_1: u32 = 1;
/// The width of the nets of version-1 states.
const VERSION_1_WIDTH: usize = 256;

/// The bytes of a state file.
pub fn to_bytes(s: &TrainState) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 * s.net.params.len() + 4096);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for v in [s.fingerprint, s.epoch as u64, s.step as u64, s.rng] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let mirror_bit = if s.net.king_mirror { 1u32 << 31 } else { 0 };
    out.extend_from_slice(&(s.net.buckets as u32 | mirror_bit).to_le_bytes());
    out.extend_from_slice(&(s.net.width as u32).to_le_bytes());
    out.extend_from_slice(&s.net.scale.to_le_bytes());
    put_option(&mut out, s.initial_val_loss);
    out.extend_from_slice(&(s.best_epoch as u64).to_le_bytes());
    out.extend_from_slice(&s.best_score.to_le_bytes());
    out.extend_from_slice(&(s.reports.len() as u64).to_le_bytes());
    for r in &s.reports {
        out.extend_from_slice(&(r.epoch as u64).to_le_bytes());
        out.extend_from_slice(&(r.epochs as u64).to_le_bytes());
        out.extend_from_slice(&r.train_loss.to_le_bytes());
        put_option(&mut out, r.val_loss);
        for v in [r.seconds, r.update_seconds, r.positions_per_s] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out.extend_from_slice(&s.adam.step.to_le_bytes());
    out.extend_from_slice(&(s.net.params.len() as u64).to_le_bytes());
    for array in [&s.net.params, &s.adam.m, &s.adam.v, &s.best.params] {
        for v in array.iter() {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    let hash = fnv1a64(&out);
    out.extend_from_slice(&hash.to_le_bytes());
    out
}

fn put_option(out: &mut Vec<u8>, v: Option<f64>) {
    out.push(u8::from(v.is_some()));
    out.extend_from_slice(&v.unwrap_or(0.0).to_le_bytes());
}

/// Reads fields in order, naming the field that is cut short.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Fields<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(TrainerError::Training(format!(
                "state file: cut short in the {what} (byte {})",
                self.at
            )));
        };
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u64(&mut self, what: &str) -> Result<u64> {
        Ok(u64::from_le_bytes(
            self.take(8, what)?.try_into().expect("8 bytes"),
        ))
    }

    fn f64(&mut self, what: &str) -> Result<f64> {
        Ok(f64::from_bits(self.u64(what)?))
    }

    fn u32(&mut self, what: &str) -> Result<u32> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4 bytes"),
        ))
    }

    fn usize(&mut self, what: &str) -> Result<usize> {
        usize::try_from(self.u64(what)?)
            .map_err(|_| TrainerError::Training(format!("state file: {what} out of range")))
    }

    fn option(&mut self, what: &str) -> Result<Option<f64>> {
        let flag = self.take(1, what)?[0];
        let v = self.f64(what)?;
        match flag {
            0 => Ok(None),
            1 => Ok(Some(v)),
            _ => Err(TrainerError::Training(format!(
                "state file: bad flag {flag} in the {what}"
            ))),
        }
    }

    fn floats(&mut self, n: usize, what: &str) -> Result<Vec<f32>> {
        let bytes = self.take(n.saturating_mul(4), what)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

/// Parses a state file's bytes.
///
/// # Errors
/// A wrong magic or version, a file cut short, a hash that does not match, or fields
/// that cannot belong together (a bucket count no net has, a parameter count that does
/// not fit it).
pub fn from_bytes(bytes: &[u8]) -> Result<TrainState> {
    let bad = |why: String| TrainerError::Training(format!("state file: {why}"));
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad("not a training state (no CHTSTATE magic)".to_string()));
    }
    if bytes.len() < MAGIC.len() + 12 {
        return Err(bad(format!("cut short ({} bytes)", bytes.len())));
    }
    let (body, hash) = bytes.split_at(bytes.len() - 8);
    let stored = u64::from_le_bytes(hash.try_into().expect("8 bytes"));
    let mut f = Fields {
        bytes: body,
        at: MAGIC.len(),
    };
    let version = f.u32("version")?;
    if version != VERSION && version != VERSION_1 {
        return Err(bad(format!(
            "version {version}, this trainer reads {VERSION_1} and {VERSION}"
        )));
    }
    if fnv1a64(body) != stored {
        return Err(bad(
            "the hash does not match (a damaged or cut file)".to_string()
        ));
    }
    let fingerprint = f.u64("fingerprint")?;
    let epoch = f.usize("epochs done")?;
    let step = f.usize("steps done")?;
    let rng = f.u64("generator state")?;
    let word = f.u32("bucket count")?;
    let king_mirror = word >> 31 == 1;
    let buckets = (word & !(1 << 31)) as usize;
    if architecture(buckets).is_none() {
        return Err(bad(format!("{buckets} output buckets")));
    }
    let width = if version == VERSION_1 {
        VERSION_1_WIDTH
    } else {
        f.u32("width")? as usize
    };
    if !is_width(width) {
        return Err(bad(format!(
            "a net {width} wide (the nets are {} wide)",
            widths_text()
        )));
    }
    let scale = f32::from_bits(f.u32("scale")?);
    let initial_val_loss = f.option("initial validation loss")?;
    let best_epoch = f.usize("best epoch")?;
    let best_score = f.f64("best score")?;
    let count = f.usize("report count")?;
    let mut reports = Vec::with_capacity(count.min(100_000));
    for _ in 0..count {
        reports.push(EpochReport {
            epoch: f.usize("epoch report")?,
            epochs: f.usize("epoch report")?,
            train_loss: f.f64("epoch report")?,
            val_loss: f.option("epoch report")?,
            seconds: f.f64("epoch report")?,
            update_seconds: f.f64("epoch report")?,
            positions_per_s: f.f64("epoch report")?,
        });
    }
    let adam_step = f.u32("optimiser step")? as i32;
    let n = f.usize("parameter count")?;
    if n != params_len(width, buckets) {
        return Err(bad(format!(
            "{n} parameters, a net {width} wide with {buckets} output bucket(s) has {}",
            params_len(width, buckets)
        )));
    }
    let net = Network {
        params: f.floats(n, "network")?,
        width,
        scale,
        buckets,
        king_mirror,
    };
    let m = f.floats(n, "first moments")?;
    let v = f.floats(n, "second moments")?;
    let best = Network {
        params: f.floats(n, "best network")?,
        width,
        scale,
        buckets,
        king_mirror,
    };
    if f.at != body.len() {
        return Err(bad(format!(
            "{} bytes after the last field",
            body.len() - f.at
        )));
    }
    Ok(TrainState {
        fingerprint,
        epoch,
        step,
        rng,
        net,
        adam: Adam {
            m,
            v,
            step: adam_step,
        },
        initial_val_loss,
        best_epoch,
        best_score,
        best,
        reports,
    })
}

/// Writes a state file (to `<path>.partial`, then renamed, so a run stopped while
/// writing leaves the previous state whole).
///
/// # Errors
/// When the file cannot be written.
pub fn write(path: &Path, s: &TrainState) -> Result<()> {
    let partial = path.with_extension("state.partial");
    std::fs::write(&partial, to_bytes(s)).map_err(|e| TrainerError::io(partial.display(), e))?;
    std::fs::rename(&partial, path).map_err(|e| TrainerError::io(path.display(), e))
}

/// Reads a state file.
///
/// # Errors
/// When the file cannot be read or is refused by [`from_bytes`].
pub fn read(path: &Path) -> Result<TrainState> {
    let bytes = std::fs::read(path).map_err(|e| TrainerError::io(path.display(), e))?;
    from_bytes(&bytes).map_err(|e| match e {
        TrainerError::Training(why) => TrainerError::Training(format!("{}: {why}", path.display())),
        other => other,
    })
}
