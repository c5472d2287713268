//! The text encodings game files come in, told apart automatically.
//!
//! Xiangqi PGN files are written by Windows programs and web sites in the local code
//! page far more often than in UTF-8: GBK (GB2312's superset, the Chinese Windows
//! default; GB18030 extends it) in mainland files, Big5 in Taiwanese and Hong Kong ones.
//! [`decode`] takes the bytes of a file and finds the encoding in this order:
//!
//! 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) decides;
//! 2. bytes that are valid UTF-8 are UTF-8 (plain ASCII is too);
//! 3. otherwise GB18030 (which reads GBK and GB2312) and Big5 are both tried, and the
//!    one whose text holds more of the characters xiangqi files are written with wins
//!    (the move notation's pieces, directions and numerals, and common words), GB18030
//!    on a tie.
//!
//! Bytes that are invalid in the chosen encoding become U+FFFD and the first such
//! place is reported (its line), so a damaged file is still read as far as it can be.
//! The decoding itself is `encoding_rs`'s (the WHATWG decoders), never a table of ours.

use std::fmt;

use encoding_rs::{Encoding, BIG5, GB18030, UTF_16BE, UTF_16LE, UTF_8};

/// An encoding [`decode`] can find, or [`encode`] can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 without a byte-order mark.
    Utf8,
    /// UTF-8 after a byte-order mark.
    Utf8Bom,
    /// UTF-16, little-endian, after a byte-order mark.
    Utf16Le,
    /// UTF-16, big-endian, after a byte-order mark.
    Utf16Be,
    /// GBK / GB2312 / GB18030 (simplified Chinese Windows and web sites).
    Gbk,
    /// Big5 (traditional Chinese).
    Big5,
}

impl TextEncoding {
    /// The lower-case name: `utf8`, `utf8-bom`, `utf16le`, `utf16be`, `gbk`, `big5`.
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf8",
            TextEncoding::Utf8Bom => "utf8-bom",
            TextEncoding::Utf16Le => "utf16le",
            TextEncoding::Utf16Be => "utf16be",
            TextEncoding::Gbk => "gbk",
            TextEncoding::Big5 => "big5",
        }
    }

    /// `utf8`/`utf-8`, `gbk`/`gb18030`/`gb2312`, `big5` (any case), for the encodings
    /// a file can be forced to or written in.
    pub fn parse(name: &str) -> Option<TextEncoding> {
        match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "utf8" | "utf-8" => Some(TextEncoding::Utf8),
            "gbk" | "gb18030" | "gb2312" | "cp936" => Some(TextEncoding::Gbk),
            "big5" | "big-5" => Some(TextEncoding::Big5),
            _ => None,
        }
    }

    fn encoding(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 | TextEncoding::Utf8Bom => UTF_8,
            TextEncoding::Utf16Le => UTF_16LE,
            TextEncoding::Utf16Be => UTF_16BE,
            TextEncoding::Gbk => GB18030,
            TextEncoding::Big5 => BIG5,
        }
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text decoded from a file's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text (without a byte-order mark).
    pub text: String,
    /// The encoding it was read in.
    pub encoding: TextEncoding,
    /// The 1-based line of the first byte sequence that is not valid in that encoding
    /// (replaced by U+FFFD), if there was one.
    pub first_bad_line: Option<usize>,
}

/// Decodes a file's bytes, finding the encoding as the module describes.
pub fn decode(bytes: &[u8]) -> Decoded {
    if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        let found = if encoding == UTF_8 {
            TextEncoding::Utf8Bom
        } else if encoding == UTF_16LE {
            TextEncoding::Utf16Le
        } else {
            TextEncoding::Utf16Be
        };
        return decode_as(&bytes[bom_len..], found);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Decoded {
            text: text.to_string(),
            encoding: TextEncoding::Utf8,
            first_bad_line: None,
        };
    }
    let gbk = decode_as(bytes, TextEncoding::Gbk);
    let big5 = decode_as(bytes, TextEncoding::Big5);
    // A clean decoding beats one with replaced bytes; between two of the same kind, the
    // text that reads like a xiangqi file wins.
    let rank = |d: &Decoded| (d.first_bad_line.is_none(), likeness(&d.text));
    if rank(&big5) > rank(&gbk) {
        big5
    } else {
        gbk
    }
}

/// Decodes `bytes` (no byte-order mark) in `encoding`, replacing invalid sequences.
pub fn decode_as(bytes: &[u8], encoding: TextEncoding) -> Decoded {
    let (text, had_errors) = encoding.encoding().decode_without_bom_handling(bytes);
    let text = text.into_owned();
    let first_bad_line = if had_errors {
        text.lines()
            .position(|line| line.contains('\u{FFFD}'))
            .map(|i| i + 1)
            .or(Some(1))
    } else {
        None
    };
    Decoded {
        text,
        encoding,
        first_bad_line,
    }
}

/// Characters xiangqi files are written with: the notation's pieces, directions and
/// numerals in simplified and traditional forms, and words of tags and comments.
const XIANGQI_CHARS: &str = "车車俥马馬傌炮砲包相象仕士帅帥将將兵卒前中后後进進退平\
    一二三四五六七八九１２３４５６７８９红紅黑方胜勝负負和先局棋赛賽杯届屆年月日第轮輪\
    对對的是不了在有人这這中大上个個国國";

/// How much `text` reads like a xiangqi file: one point per character of
/// [`XIANGQI_CHARS`], none for others.
fn likeness(text: &str) -> usize {
    text.chars().filter(|&c| XIANGQI_CHARS.contains(c)).count()
}

/// Encodes `text` for writing: UTF-8 as it is, GBK as GB18030 (the same bytes for every
/// GBK character, four-byte codes for the rest, so nothing is lost), Big5 with `?` for
/// characters Big5 lacks (simplified ones among them).
pub fn encode(text: &str, encoding: TextEncoding) -> Vec<u8> {
    match encoding {
        TextEncoding::Utf8 => text.as_bytes().to_vec(),
        TextEncoding::Utf8Bom => {
            let mut out = vec![0xEF, 0xBB, 0xBF];
            out.extend_from_slice(text.as_bytes());
            out
        }
        TextEncoding::Utf16Le | TextEncoding::Utf16Be => {
            let units = text.encode_utf16();
            let mut out = Vec::with_capacity(2 * text.len() + 2);
            if encoding == TextEncoding::Utf16Le {
                out.extend_from_slice(&[0xFF, 0xFE]);
                units.for_each(|u| out.extend_from_slice(&u.to_le_bytes()));
            } else {
                out.extend_from_slice(&[0xFE, 0xFF]);
                units.for_each(|u| out.extend_from_slice(&u.to_be_bytes()));
            }
            out
        }
        TextEncoding::Gbk => GB18030.encode(text).0.into_owned(),
        TextEncoding::Big5 => {
            let mut out = Vec::with_capacity(2 * text.len());
            let mut buf = [0u8; 4];
            for c in text.chars() {
                let (bytes, _, unmappable) = BIG5.encode(c.encode_utf8(&mut buf));
                if unmappable {
                    out.push(b'?');
                } else {
                    out.extend_from_slice(&bytes);
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str =
        "[Event \"全国象棋锦标赛\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";
    const TRADITIONAL: &str =
        "[Event \"全國象棋錦標賽\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *\n";

    #[test]
    fn each_encoding_is_found() {
        for (text, enc) in [
            (SAMPLE, TextEncoding::Utf8),
            (SAMPLE, TextEncoding::Utf8Bom),
            (SAMPLE, TextEncoding::Utf16Le),
            (SAMPLE, TextEncoding::Utf16Be),
            (SAMPLE, TextEncoding::Gbk),
            (TRADITIONAL, TextEncoding::Gbk),
            (TRADITIONAL, TextEncoding::Big5),
        ] {
            let bytes = encode(text, enc);
            let decoded = decode(&bytes);
            assert_eq!(decoded.encoding, enc, "{text}");
            assert_eq!(decoded.text, text);
            assert_eq!(decoded.first_bad_line, None);
        }
        // Plain ASCII is UTF-8.
        assert_eq!(decode(b"1. h2e2 *").encoding, TextEncoding::Utf8);
    }

    #[test]
    fn bad_bytes_are_replaced_and_their_line_reported() {
        let mut bytes = encode("[Event \"象棋\"]\n1. 炮二平五\n", TextEncoding::Gbk);
        bytes.extend_from_slice(b"2. \xFF\xFF\n");
        let decoded = decode(&bytes);
        assert_eq!(decoded.encoding, TextEncoding::Gbk);
        assert_eq!(decoded.first_bad_line, Some(3));
        assert!(decoded.text.starts_with("[Event \"象棋\"]\n1. 炮二平五\n"));
    }

    #[test]
    fn names() {
        assert_eq!(TextEncoding::parse("GB18030"), Some(TextEncoding::Gbk));
        assert_eq!(TextEncoding::parse("utf-8"), Some(TextEncoding::Utf8));
        assert_eq!(TextEncoding::parse("latin1"), None);
        assert_eq!(encode("炮", TextEncoding::Big5), [0xAC, 0xB6]);
        assert_eq!(encode("车", TextEncoding::Big5), b"?");
    }
}
