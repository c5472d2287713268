//! One table of engine options, shown in each dialect's own syntax.

use super::command::Dialect;

/// The kind and range of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
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

/// One option: its UCI name, its UCCI name (one lower-case word), and its kind.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub id: Id,
    pub uci: &'static str,
    pub ucci: &'static str,
    pub kind: Kind,
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
    /// Accepted for GUI compatibility; Chariot has no such feature yet.
    Ignored,
}

pub const OPTIONS: &[Spec] = &[
    Spec {
        id: Id::Hash,
        uci: "Hash",
        ucci: "hashsize",
        kind: Kind::Spin {
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
        kind: Kind::Spin {
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
        kind: Kind::Check { default: false },
        only: None,
    },
    Spec {
        id: Id::MultiPv,
        uci: "MultiPV",
        ucci: "multipv",
        kind: Kind::Spin {
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
        kind: Kind::Spin {
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
        kind: Kind::Button,
        only: None,
    },
    Spec {
        id: Id::UseMillisec,
        uci: "usemillisec",
        ucci: "usemillisec",
        kind: Kind::Check { default: true },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Batch,
        uci: "batch",
        ucci: "batch",
        kind: Kind::Check { default: false },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Debug,
        uci: "Debug Log",
        ucci: "debug",
        kind: Kind::Check { default: false },
        only: None,
    },
    Spec {
        id: Id::Rule60,
        uci: "Rule60",
        ucci: "rule60",
        kind: Kind::Check { default: true },
        only: None,
    },
    Spec {
        id: Id::RepetitionRule,
        uci: "Repetition Rule",
        ucci: "repetitionrule",
        kind: Kind::Combo {
            default: "chinese",
            values: &["chinese", "asian"],
        },
        only: None,
    },
    Spec {
        id: Id::DrawOffers,
        uci: "Draw Offers",
        ucci: "drawoffers",
        kind: Kind::Check { default: true },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Resign,
        uci: "Resign",
        ucci: "resign",
        kind: Kind::Check { default: true },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::EvalFile,
        uci: "EvalFile",
        ucci: "evalfile",
        kind: Kind::Text {
            default: crate::eval::nnue::EMBEDDED_NAME,
        },
        only: None,
    },
    Spec {
        id: Id::UseNnue,
        uci: "Use NNUE",
        ucci: "usennue",
        kind: Kind::Check { default: true },
        only: None,
    },
    Spec {
        id: Id::Variant,
        uci: "UCI_Variant",
        ucci: "variant",
        kind: Kind::Combo {
            default: "xiangqi",
            values: &["xiangqi"],
        },
        only: Some(Dialect::Uci),
    },
    Spec {
        id: Id::Ignored,
        uci: "usebook",
        ucci: "usebook",
        kind: Kind::Check { default: false },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Ignored,
        uci: "bookfiles",
        ucci: "bookfiles",
        kind: Kind::Text { default: "" },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Ignored,
        uci: "randomness",
        ucci: "randomness",
        kind: Kind::Combo {
            default: "none",
            values: &["none", "tiny", "small", "medium", "large", "huge"],
        },
        only: Some(Dialect::Ucci),
    },
    Spec {
        id: Id::Ignored,
        uci: "style",
        ucci: "style",
        kind: Kind::Combo {
            default: "normal",
            values: &["solid", "normal", "risky"],
        },
        only: Some(Dialect::Ucci),
    },
];

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

impl Spec {
    /// The name in `dialect`.
    pub fn name(&self, dialect: Dialect) -> &'static str {
        match dialect {
            Dialect::Uci => self.uci,
            Dialect::Ucci => self.ucci,
        }
    }

    /// The `option …` line announcing this option in `dialect`.
    pub fn announce(&self, dialect: Dialect) -> String {
        let name = self.name(dialect);
        match dialect {
            Dialect::Uci => {
                let kind = match self.kind {
                    Kind::Check { default } => format!("type check default {default}"),
                    Kind::Spin { default, min, max } => {
                        format!("type spin default {default} min {min} max {max}")
                    }
                    Kind::Combo { default, values } => {
                        let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
                        format!("type combo default {default}{vars}")
                    }
                    Kind::Button => "type button".to_string(),
                    Kind::Text { default } => format!(
                        "type string default {}",
                        if default.is_empty() {
                            "<empty>"
                        } else {
                            default
                        }
                    ),
                };
                format!("option name {name} {kind}")
            }
            Dialect::Ucci => {
                let kind = match self.kind {
                    Kind::Check { default } => format!(
                        "type check default {}",
                        if default { "true" } else { "false" }
                    ),
                    Kind::Spin { default, min, max } => {
                        format!("type spin min {min} max {max} default {default}")
                    }
                    Kind::Combo { default, values } => {
                        let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
                        format!("type combo{vars} default {default}")
                    }
                    Kind::Button => "type button".to_string(),
                    Kind::Text { default } => format!(
                        "type string default {}",
                        if default.is_empty() {
                            "<empty>"
                        } else {
                            default
                        }
                    ),
                };
                format!("option {name} {kind}")
            }
        }
    }
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
