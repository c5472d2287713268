//! The engine's settings: one typed value per option, starting from the defaults of the
//! options table ([`OPTIONS`](super::options::OPTIONS)), so that a default is written in
//! one place.

use std::sync::Arc;

use super::options::{spec, Id};
use crate::board::repetition::RuleSet;
use crate::book::Book;
use crate::eval::nnue::{self, Network};
use crate::search::skill::{self, Randomness, Strength};

/// Option values, as the engine core uses them.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub use_millisec: bool,
    pub rule60: bool,
    pub rule_set: RuleSet,
    pub draw_offers: bool,
    pub resign: bool,
    pub debug: bool,
    /// The loaded network (`None` only when the embedded one is invalid and no file
    /// was loaded) and what `EvalFile` names.
    pub net: Option<Arc<Network>>,
    pub eval_file: String,
    pub use_nnue: bool,
    /// `Skill Level` / `skilllevel`, 0 to 20.
    pub skill_level: i64,
    /// `UCI_LimitStrength`: the strength comes from `elo`.
    pub limit_strength: bool,
    pub elo: i64,
    /// UCCI `randomness`.
    pub randomness: Randomness,
    /// `OwnBook` / `usebook`: `go` plays book moves.
    pub own_book: bool,
    /// `BookFile` / `bookfiles` and the book it loaded (`None`: no book, or it could not
    /// be used).
    pub book_file: String,
    pub book: Option<Arc<Book>>,
}

/// A spin option's default from the table.
fn spin(id: Id) -> i64 {
    spec(id).kind.spin_default().unwrap_or_default()
}

/// A check option's default from the table.
fn check(id: Id) -> bool {
    spec(id).kind.check_default().unwrap_or_default()
}

/// A combo or string option's default from the table.
fn text(id: Id) -> &'static str {
    spec(id).kind.text_default().unwrap_or_default()
}

impl Settings {
    /// The size of the table that `Hash` 0 stands for: the default.
    pub fn default_hash_mb() -> usize {
        usize::try_from(spin(Id::Hash)).unwrap_or(16)
    }

    /// How the search is weakened, as the strength options say.
    pub fn strength(&self) -> Strength {
        let level = if self.limit_strength {
            skill::level_for_elo(self.elo)
        } else {
            self.skill_level as f64
        };
        Strength::level(level).with_randomness(self.randomness)
    }

    /// The network the search evaluates with, if NNUE is on.
    pub fn search_net(&self) -> Option<Arc<Network>> {
        self.net.clone().filter(|_| self.use_nnue)
    }
}

impl Default for Settings {
    /// The table's defaults, with the embedded net (NNUE off when it is invalid).
    fn default() -> Settings {
        let net = nnue::embedded().ok();
        Settings {
            hash_mb: Settings::default_hash_mb(),
            threads: usize::try_from(spin(Id::Threads)).unwrap_or(1),
            multipv: usize::try_from(spin(Id::MultiPv)).unwrap_or(1),
            move_overhead_ms: u64::try_from(spin(Id::MoveOverhead)).unwrap_or_default(),
            use_millisec: check(Id::UseMillisec),
            rule60: check(Id::Rule60),
            rule_set: text(Id::RepetitionRule).parse().unwrap_or(RuleSet::Chinese),
            draw_offers: check(Id::DrawOffers),
            resign: check(Id::Resign),
            debug: check(Id::Debug),
            use_nnue: check(Id::UseNnue) && net.is_some(),
            net,
            eval_file: text(Id::EvalFile).to_string(),
            skill_level: spin(Id::SkillLevel),
            limit_strength: check(Id::LimitStrength),
            elo: spin(Id::Elo),
            randomness: text(Id::Randomness).parse().unwrap_or(Randomness::None),
            own_book: check(Id::OwnBook),
            book_file: text(Id::BookFile).to_string(),
            book: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_tables() {
        let s = Settings::default();
        assert_eq!(
            (s.hash_mb, s.threads, s.multipv, s.move_overhead_ms),
            (16, 1, 1, 50)
        );
        assert!(s.use_millisec && s.rule60 && s.draw_offers && s.resign && !s.debug);
        assert_eq!(s.rule_set, RuleSet::Chinese);
        assert_eq!(s.eval_file, nnue::EMBEDDED_NAME);
        assert_eq!(s.use_nnue, nnue::embedded().is_ok());
        assert!(s.strength().is_full());
    }

    #[test]
    fn the_strength_options_make_the_strength() {
        let mut s = Settings {
            skill_level: 5,
            ..Settings::default()
        };
        assert_eq!(s.strength(), Strength::level(5.0));
        s.limit_strength = true;
        s.elo = skill::ELO_MIN;
        assert_eq!(s.strength(), Strength::level(0.0));
        s.limit_strength = false;
        s.skill_level = 20;
        s.randomness = Randomness::Small;
        assert_eq!(
            s.strength(),
            Strength::FULL.with_randomness(Randomness::Small)
        );
    }
}
