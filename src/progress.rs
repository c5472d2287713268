//! Progress of long work for the command-line tools (`trainer datagen` and `train`,
//! `tourney`'s live line, `chariot book build` and `chariot pgn` over large files): a
//! bar with rates and the time left when standard error is a terminal, and nothing when
//! it is not, so that a run in the background logs only its own plain lines and a test
//! reading standard error sees no bar. The engine's protocols never use it.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on a terminal, or nothing: then the caller logs plain lines.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar of `len` steps drawn with `template` (indicatif's syntax) when standard
    /// error is a terminal; otherwise a quiet one ([`Progress::is_quiet`]).
    pub fn new(len: u64, template: &str) -> Progress {
        if std::io::stderr().is_terminal() {
            Progress::drawn(len, template)
        } else {
            Progress::quiet()
        }
    }

    /// A bar that is always drawn on standard error, terminal or not.
    pub fn drawn(len: u64, template: &str) -> Progress {
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
            .with_style(style);
        Progress { bar: Some(bar) }
    }

    /// No bar.
    pub fn quiet() -> Progress {
        Progress { bar: None }
    }

    /// Whether no bar is drawn: the caller's periodic log lines are wanted instead.
    pub fn is_quiet(&self) -> bool {
        self.bar.is_none()
    }

    /// Sets the position and the message after it.
    pub fn update(&self, position: u64, message: String) {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
            bar.set_message(message);
        }
    }

    /// Sets the position only.
    pub fn set_position(&self, position: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
        }
    }

    /// Sets the number of steps (known only once the work has begun).
    pub fn set_length(&self, len: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(len);
        }
    }

    /// Prints a line to standard error, above the bar when there is one.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// Runs `f` with the bar hidden (for output to standard output while the bar is
    /// drawn, which would otherwise be written through it).
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar (the summary lines that follow stay).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A writer whose complete lines are written with the bar hidden, so that output to
/// standard output and the bar on standard error share a terminal cleanly (the bar is
/// drawn again below each line). A line without its newline waits for it, or for
/// [`Write::flush`].
pub struct Above<'a, W: Write> {
    progress: &'a Progress,
    inner: W,
    pending: Vec<u8>,
}

impl<'a, W: Write> Above<'a, W> {
    /// Writes to `inner` above `progress`.
    pub fn new(progress: &'a Progress, inner: W) -> Above<'a, W> {
        Above {
            progress,
            inner,
            pending: Vec::new(),
        }
    }

    fn write_pending(&mut self, upto: usize) -> std::io::Result<()> {
        let lines: Vec<u8> = self.pending.drain(..upto).collect();
        let inner = &mut self.inner;
        self.progress
            .suspend(|| inner.write_all(&lines).and_then(|()| inner.flush()))
    }
}

impl<W: Write> Write for Above<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
            self.write_pending(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let all = self.pending.len();
        self.write_pending(all)
    }
}

impl<W: Write> Drop for Above<'_, W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}
