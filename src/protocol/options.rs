//! One table of engine options, shown in each dialect's own syntax, and why a value for
//! one is refused.

use std::fmt;

use super::command::Dialect;
use crate::book::BookError;
use crate::eval::nnue::NetError;

/// The type of an option (as UCI and UCCI name them) with its default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
    Button,
    Text {
        default: &'static str,
    },
}

impl OptionType {
    /// A spin option's default.
    pub fn spin_default(self) -> Option<i64> {
        match self {
            OptionType::Spin { default, .. } => Some(default),
            _ => None,
        }
    }

    /// A check option's default.
    pub fn check_default(self) -> Option<bool> {
        match self {
            OptionType::Check { default } => Some(default),
            _ => None,
        }
    }

    /// A combo or string option's default.
    pub fn text_default(self) -> Option<&'static str> {
        match self {
            OptionType::Combo { default, .. } | OptionType::Text { default } => Some(default),
            _ => None,
        }
    }
}

/// One option: its UCI name, its UCCI name (one lower-case word), and its kind.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub id: Id,
    pub uci: &'static str,
    pub ucci: &'static str,
    pub kind: OptionType,
    /// Shown only in this dialect (`None`: both).
    pub only: Option<Dialect>,
}

/// What each option controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Id {
    Hash,
    Threads,
    Ponder,
    MultiPv,
    MoveOverhead,
    ClearHash,
    UseMillisec,
    Batch,
    Debug,
    Rule60,
    RepetitionRule,
    DrawOffers,
    Resign,
    Variant,
    /// The network file of the NNUE evaluation.
    EvalFile,
    /// Whether the search evaluates with the network (else the hand-crafted evaluation).
    UseNnue,
    /// The strength level, 0 to 20 (full strength).
    SkillLevel,
    /// Whether `UCI_Elo` sets the strength (instead of `Skill Level`).
    LimitStrength,
    /// The strength as an Elo rating (see [`crate::search::skill::LEVEL_ELO`]).
    Elo,
    /// UCCI's choice among near-best moves (none … huge).
    Randomness,
    /// Whether UCI `info` lines carry `wdl W D L`.
    ShowWdl,
    /// Whether `go` plays from the opening book.
    OwnBook,
    /// The opening book file.
    BookFile,
    /// Accepted for GUI compatibility; Chariot has no such feature yet.
    Ignored,
}

pub const OPTIONS: &[Spec] = &[
    Spec {
        id: Id::Hash,
        uci: "Hash",
        ucci: "hashsize",
        kind: OptionType::Spin {
            default: 16,
            min: 0,
            max: 65536,
        },
        only: None,
    },
    Spec {
        id: Id::Threads,
        uci: "Threads",
        ucci: "threads",
        kind: OptionType::Spin {
            default: 1,
            min: 0,
            max: 256,
        },
        only: None,
    },
    Spec {
        id: Id::Ponder,
        uci: "Ponder",
        ucci: "ponder",
        kind: OptionType::Check { default: false },
        only: None,
    },
    Spec {
        id: Id::MultiPv,
        uci: "MultiPV",
        ucci: "multipv",
        kind: OptionType::Spin {
            default: 1,
            min: 1,
            max: 128,
        },
        only: Some(Dialect::Uci),
    },
    Spec {
        id: Id::MoveOverhead,
        uci: "Move Overhead",
        ucci: "moveoverhead",
        kind: OptionType::Spin {
            default: 50,
            min: 0,
            max: 5000,
        },
        only: None,
    },
    Spec {
        id: Id::ClearHash,
        uci: "Clear Hash",
        ucci: "newgame",
        kind: OptionType::Button,
        only: None,
    },
    Spec {
        id: Id::UseMillisec,
        uci: "usemillisec",
        ucci: "usemillisec",
        kind: OptionType::Check { default: true },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Batch,
        uci: "batch",
        ucci: "batch",
        kind: OptionType::Check { default: false },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Debug,
        uci: "Debug Log",
        ucci: "debug",
        kind: OptionType::Check { default: false },
        only: None,
    },
    Spec {
        id: Id::Rule60,
        uci: "Rule60",
        ucci: "rule60",
        kind: OptionType::Check { default: true },
        only: None,
    },
    Spec {
        id: Id::RepetitionRule,
        uci: "Repetition Rule",
        ucci: "repetitionrule",
        kind: OptionType::Combo {
            default: "chinese",
            values: &["chinese", "asian"],
        },
        only: None,
    },
    Spec {
        id: Id::DrawOffers,
        uci: "Draw Offers",
        ucci: "drawoffers",
        kind: OptionType::Check { default: true },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Resign,
        uci: "Resign",
        ucci: "resign",
        kind: OptionType::Check { default: true },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::EvalFile,
        uci: "EvalFile",
        ucci: "evalfile",
        kind: OptionType::Text {
            default: crate::eval::nnue::EMBEDDED_NAME,
        },
        only: None,
    },
    Spec {
        id: Id::UseNnue,
        uci: "Use NNUE",
        ucci: "usennue",
        kind: OptionType::Check { default: true },
        only: None,
    },
    Spec {
        id: Id::Variant,
        uci: "UCI_Variant",
        ucci: "variant",
        kind: OptionType::Combo {
            default: "xiangqi",
            values: &["xiangqi"],
        },
        only: Some(Dialect::Uci),
    },
    Spec {
        id: Id::ShowWdl,
        uci: "UCI_ShowWDL",
        ucci: "showwdl",
        kind: OptionType::Check { default: false },
        only: Some(Dialect::Uci),
    },
    Spec {
        id: Id::OwnBook,
        uci: "OwnBook",
        ucci: "usebook",
        kind: OptionType::Check { default: false },
        only: None,
    },
    Spec {
        id: Id::BookFile,
        uci: "BookFile",
        ucci: "bookfiles",
        kind: OptionType::Text { default: "" },
        only: None,
    },
    Spec {
        id: Id::SkillLevel,
        uci: "Skill Level",
        ucci: "skilllevel",
        kind: OptionType::Spin {
            default: crate::search::skill::MAX_LEVEL,
            min: 0,
            max: crate::search::skill::MAX_LEVEL,
        },
        only: None,
    },
    Spec {
        id: Id::LimitStrength,
        uci: "UCI_LimitStrength",
        ucci: "limitstrength",
        kind: OptionType::Check { default: false },
        only: Some(Dialect::Uci),
    },
    Spec {
        id: Id::Elo,
        uci: "UCI_Elo",
        ucci: "elo",
        kind: OptionType::Spin {
            default: crate::search::skill::ELO_MAX,
            min: crate::search::skill::ELO_MIN,
            max: crate::search::skill::ELO_MAX,
        },
        only: Some(Dialect::Uci),
    },
    Spec {
        id: Id::Randomness,
        uci: "randomness",
        ucci: "randomness",
        kind: OptionType::Combo {
            default: "none",
            values: RANDOMNESS,
        },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Ignored,
        uci: "style",
        ucci: "style",
        kind: OptionType::Combo {
            default: "normal",
            values: &["solid", "normal", "risky"],
        },
        only: Some(Dialect::Ucci),
    },
];

/// The values of UCCI's `randomness` (ElephantEye's).
pub const RANDOMNESS: &[&str] = &["none", "tiny", "small", "medium", "large", "huge"];

/// The names of UCCI options that GUIs commonly send and that are accepted without an
/// error even though Chariot does not offer them.
pub const UCCI_TOLERATED: &[&str] = &[
    "promotion",
    "pruning",
    "knowledge",
    "idle",
    "useegtb",
    "egtbpaths",
    "loadbook",
];

/// The option `id` (the first, for [`Id::Ignored`]).
///
/// # Panics
/// When the table has no option `id` (a slip in the table; a test checks every one).
pub fn spec(id: Id) -> &'static Spec {
    OPTIONS
        .iter()
        .find(|s| s.id == id)
        .expect("every option id is in the table")
}

/// Finds an option by name in either dialect's spelling (case-insensitive).
pub fn find(name: &str) -> Option<&'static Spec> {
    OPTIONS
        .iter()
        .find(|s| s.uci.eq_ignore_ascii_case(name) || s.ucci.eq_ignore_ascii_case(name))
}

/// Parses a check value (`true`/`false`, also `on`/`off`, `1`/`0`).
pub fn parse_check(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" | "yes" => Some(true),
        "false" | "off" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// A check option's value.
///
/// # Errors
/// [`OptionError::NotABool`] when `value` is none of [`parse_check`]'s words.
pub fn check_value(value: &str) -> Result<bool, OptionError> {
    parse_check(value).ok_or_else(|| OptionError::NotABool(value.to_string()))
}

impl Spec {
    /// A spin option's value, checked against its range.
    ///
    /// # Errors
    /// When `value` is not an integer, is outside the range, or this is not a spin
    /// option.
    pub fn spin_value(&self, value: &str) -> Result<i64, OptionError> {
        let OptionType::Spin { min, max, .. } = self.kind else {
            return Err(OptionError::NotASpin);
        };
        let n: i64 = value
            .parse()
            .map_err(|_| OptionError::NotANumber(value.to_string()))?;
        if n < min || n > max {
            return Err(OptionError::OutOfRange { value: n, min, max });
        }
        Ok(n)
    }
}

/// Why a `setoption` value was refused; the option keeps its value. Shown after
/// `error: option <name>: `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// A spin value that is not an integer.
    NotANumber(String),
    /// A spin value outside the option's range.
    OutOfRange { value: i64, min: i64, max: i64 },
    /// A check value that is not true or false.
    NotABool(String),
    /// A number was asked of an option that is not a spin (a slip in the table).
    NotASpin,
    /// `Repetition Rule` other than chinese or asian.
    UnknownRuleSet(String),
    /// `UCI_Variant` other than xiangqi.
    NotXiangqi(String),
    /// A combo value that is not one of its choices.
    NotAChoice {
        value: String,
        choices: &'static [&'static str],
    },
    /// The hash table of the new size cannot be had; the old one of `keeping_mb`
    /// stays.
    NoTable { reason: String, keeping_mb: usize },
    /// `EvalFile` names a net that cannot be loaded (`name` is cut to 200 characters);
    /// `keeping` is the file of the net that stays, if there is one.
    NetNotLoaded {
        name: String,
        error: NetError,
        keeping: Option<String>,
    },
    /// `Use NNUE` turned on with no net loaded.
    NoNetwork,
    /// `BookFile` names a book that cannot be used; the engine plays without one.
    BookNotLoaded { name: String, error: BookError },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::NotANumber(value) => write!(f, "'{value}' is not a number"),
            OptionError::OutOfRange { value, min, max } => {
                write!(f, "{value} is out of range {min}..{max}")
            }
            OptionError::NotABool(value) => write!(f, "'{value}' is not true or false"),
            OptionError::NotASpin => write!(f, "not a number option"),
            OptionError::UnknownRuleSet(value) => write!(f, "'{value}' is not chinese or asian"),
            OptionError::NotAChoice { value, choices } => {
                write!(f, "'{value}' is not one of {}", choices.join(", "))
            }
            OptionError::NotXiangqi(value) => {
                write!(f, "only the variant xiangqi is played, not '{value}'")
            }
            OptionError::NoTable { reason, keeping_mb } => {
                write!(f, "{reason}; keeping the {keeping_mb} MB table")
            }
            OptionError::NetNotLoaded {
                name,
                error,
                keeping,
            } => {
                write!(f, "cannot load '{name}': {error}; ")?;
                match keeping {
                    Some(file) => write!(f, "keeping the net '{file}'"),
                    None => write!(f, "no network loaded"),
                }
            }
            OptionError::NoNetwork => write!(f, "no network is loaded (set EvalFile first)"),
            OptionError::BookNotLoaded { name, error } => {
                write!(
                    f,
                    "cannot use the book '{name}': {error}; playing without a book"
                )
            }
        }
    }
}

impl std::error::Error for OptionError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_is_in_the_table() {
        use Id::*;
        let ids = [
            Hash,
            Threads,
            Ponder,
            MultiPv,
            MoveOverhead,
            ClearHash,
            UseMillisec,
            Batch,
            Debug,
            Rule60,
            RepetitionRule,
            DrawOffers,
            Resign,
            Variant,
            EvalFile,
            UseNnue,
            SkillLevel,
            LimitStrength,
            Elo,
            Randomness,
            ShowWdl,
            OwnBook,
            BookFile,
            Ignored,
        ];
        for id in ids {
            assert_eq!(spec(id).id, id);
        }
    }

    #[test]
    fn spin_values_are_numbers_in_range() {
        let hash = spec(Id::Hash);
        assert_eq!(hash.spin_value("64"), Ok(64));
        assert_eq!(hash.spin_value("0"), Ok(0));
        assert_eq!(hash.spin_value("65536"), Ok(65536));
        assert_eq!(
            hash.spin_value("abc"),
            Err(OptionError::NotANumber("abc".into()))
        );
        assert_eq!(
            hash.spin_value("1.5"),
            Err(OptionError::NotANumber("1.5".into()))
        );
        assert_eq!(
            hash.spin_value("65537"),
            Err(OptionError::OutOfRange {
                value: 65537,
                min: 0,
                max: 65536
            })
        );
        assert_eq!(
            spec(Id::MultiPv).spin_value("0"),
            Err(OptionError::OutOfRange {
                value: 0,
                min: 1,
                max: 128
            })
        );
        assert_eq!(spec(Id::Rule60).spin_value("1"), Err(OptionError::NotASpin));
    }

    #[test]
    fn check_values_are_true_or_false() {
        for word in ["true", "ON", "1", "yes"] {
            assert_eq!(check_value(word), Ok(true), "{word}");
        }
        for word in ["false", "Off", "0", "no"] {
            assert_eq!(check_value(word), Ok(false), "{word}");
        }
        assert_eq!(
            check_value("maybe"),
            Err(OptionError::NotABool("maybe".into()))
        );
        assert_eq!(check_value(""), Err(OptionError::NotABool(String::new())));
    }

    #[test]
    fn option_errors_read_as_before() {
        let io = NetError::Io {
            path: "x.nnue".into(),
            message: "gone".into(),
        };
        let cases = [
            (
                OptionError::NotANumber("abc".into()),
                "'abc' is not a number",
            ),
            (
                OptionError::OutOfRange {
                    value: -5,
                    min: 0,
                    max: 256,
                },
                "-5 is out of range 0..256",
            ),
            (
                OptionError::NotABool("maybe".into()),
                "'maybe' is not true or false",
            ),
            (OptionError::NotASpin, "not a number option"),
            (
                OptionError::UnknownRuleSet("western".into()),
                "'western' is not chinese or asian",
            ),
            (
                OptionError::NotXiangqi("chess".into()),
                "only the variant xiangqi is played, not 'chess'",
            ),
            (
                OptionError::NoTable {
                    reason: "too big".into(),
                    keeping_mb: 16,
                },
                "too big; keeping the 16 MB table",
            ),
            (
                OptionError::NetNotLoaded {
                    name: "x.nnue".into(),
                    error: io.clone(),
                    keeping: Some("<embedded>".into()),
                },
                "cannot load 'x.nnue': cannot read the file (gone); keeping the net '<embedded>'",
            ),
            (
                OptionError::NetNotLoaded {
                    name: "x.nnue".into(),
                    error: io,
                    keeping: None,
                },
                "cannot load 'x.nnue': cannot read the file (gone); no network loaded",
            ),
            (
                OptionError::NoNetwork,
                "no network is loaded (set EvalFile first)",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text, "{error:?}");
        }
    }
}
