//! Progress of long work (`datagen`'s games, `train`'s epochs): a bar with rates and
//! the time left when standard error is a terminal, and the tools' plain periodic log
//! lines when it is not (a run in the background logs to a file, a test reads stderr).

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
        let bar = std::io::stderr().is_terminal().then(|| {
            let style = ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
            ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()).with_style(style)
        });
        Progress { bar }
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

    /// Removes the bar (the summary lines that follow stay).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
