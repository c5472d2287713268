//! Moves as the engine reads and writes them: ICCS-style squares (`h2e2`, ranks 0-9),
//! or with `--uci10` UCI-style ones (`h3e3`, ranks 1-10).

/// Writes and reads moves in the notation the engine was told to use.
#[derive(Clone, Copy)]
pub struct Notation {
    /// Ranks 1-10 (`--uci10`) instead of 0-9.
    pub uci10: bool,
}

impl Notation {
    /// The move `m` (ICCS) as the engine writes it.
    pub fn write(self, m: &str) -> String {
        if !self.uci10 {
            return m.to_string();
        }
        let b = m.as_bytes();
        format!(
            "{}{}{}{}",
            b[0] as char,
            b[1] - b'0' + 1,
            b[2] as char,
            b[3] - b'0' + 1
        )
    }

    /// The move `m`, as the engine reads it, in ICCS.
    pub fn read(self, m: &str) -> String {
        if self.uci10 {
            from_uci10(m)
        } else {
            m.to_string()
        }
    }
}

/// A UCI-style move (ranks 1-10) in ICCS (ranks 0-9); one it cannot split, unchanged.
fn from_uci10(m: &str) -> String {
    let b = m.as_bytes();
    let digits_end = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let sq = |s: &str| -> String {
        let r: u8 = s[1..].parse().unwrap_or(1);
        format!("{}{}", &s[..1], r.saturating_sub(1))
    };
    if digits_end >= m.len() {
        return m.to_string();
    }
    format!("{}{}", sq(&m[..digits_end]), sq(&m[digits_end..]))
}
