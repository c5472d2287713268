//! Progress of long work for the command-line tools (`trainer datagen` and `train`,
//! `tourney`'s live line, `chariot book build` and `chariot pgn` over large files): a
//! bar with rates and the time left when standard error is a terminal, and nothing when
//! it is not, so that a run in the background logs only its own plain lines and a test
//! reading standard error sees no bar. The engine's protocols never use it.

use std::io::IsTerminal;

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
