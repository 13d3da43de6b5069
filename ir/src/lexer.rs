//! Tokens of MLIR's textual IR, lexed with `logos`.
//!
//! Keywords (`i32`, `tensor`, `loc`, ...) are bare identifiers; the parser compares
//! their text. Negative numbers are a `Minus` then a number, as in MLIR.

use logos::Logos;

#[derive(Logos, Copy, Clone, PartialEq, Eq, Debug)]
// A NUL inside the buffer is whitespace to mlir-opt.
#[logos(skip r"[ \t\r\n\x00]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Tok {
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_$.]*")]
    BareIdent,
    #[regex(r"@[a-zA-Z_][a-zA-Z0-9_$.]*")]
    AtIdent,
    /// `@"quoted symbol"`.
    #[regex(r#"@"([^"\\\n]|\\[^\n])*""#)]
    AtString,
    #[regex(r"%([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    PercentIdent,
    #[regex(r"#([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    HashIdent,
    #[regex(r"\^([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    CaretIdent,
    #[regex(r"!([0-9]+|[a-zA-Z$._\-][a-zA-Z0-9$._\-]*)")]
    ExclIdent,
    #[regex(r"[0-9]+")]
    Integer,
    #[regex(r"0x[0-9a-fA-F]+")]
    HexInteger,
    #[regex(r"[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?")]
    Float,
    #[regex(r#""([^"\\\n]|\\[^\n])*""#)]
    String,
    #[token("->")]
    Arrow,
    #[token("::")]
    ColonColon,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[token("=")]
    Equal,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LSquare,
    #[token("]")]
    RSquare,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("<")]
    Less,
    #[token(">")]
    Greater,
    #[token("?")]
    Question,
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("...")]
    Ellipsis,
    #[token("|")]
    Pipe,
    #[token("{-#")]
    FileMetadataBegin,
    #[token("#-}")]
    FileMetadataEnd,
    /// A character no token starts with, or an unterminated string.
    Error,
    Eof,
}

/// A token and its byte span in the buffer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
}

/// A lexer over one buffer that can be repositioned (for `4x?xf32` dimension lists
/// and raw-scanned dialect bodies).
pub struct Lexer<'a> {
    src: &'a str,
    inner: logos::Lexer<'a, Tok>,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src,
            inner: Tok::lexer(src),
        }
    }

    pub fn source(&self) -> &'a str {
        self.src
    }

    #[inline]
    pub fn next_token(&mut self) -> Token {
        let kind = match self.inner.next() {
            None => {
                let n = self.src.len() as u32;
                return Token {
                    kind: Tok::Eof,
                    start: n,
                    end: n,
                };
            }
            Some(Ok(k)) => k,
            Some(Err(())) => Tok::Error,
        };
        let span = self.inner.span();
        Token {
            kind,
            start: span.start as u32,
            end: span.end as u32,
        }
    }

    /// Continues lexing at byte `offset` (must be a char boundary).
    pub fn reset_to(&mut self, offset: usize) {
        let mut inner = Tok::lexer(self.src);
        inner.bump(offset.min(self.src.len()));
        self.inner = inner;
    }
}

/// Code points standing for raw bytes 0x80..=0xFF that are not valid UTF-8 in
/// the input (U+10FF80 + byte - 0x80, private use). mlir-opt reads bytes, so a
/// string literal may hold any byte; the source text is a `String`, so such bytes
/// are mapped here losslessly: a valid U+10FF80..U+10FFFF in the input is itself
/// mapped byte by byte, so decoding always gives back the input bytes. Each
/// mapped byte takes 4 bytes of text; `SourceBuffer::line_col` counts it as one
/// column.
const RAW_BASE: u32 = 0x10_FF80;

/// The input bytes as source text (see [`RAW_BASE`]); no copy for plain UTF-8.
pub fn source_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) if !has_raw(s.as_bytes()) => s,
        Ok(s) => map_raw(s.as_bytes()),
        Err(e) => map_raw(e.as_bytes()),
    }
}

fn map_raw(mut rest: &[u8]) -> String {
    let mut out = String::with_capacity(rest.len() + 16);
    let push_raw = |out: &mut String, b: u8| {
        out.push(char::from_u32(RAW_BASE + (b as u32 - 0x80)).unwrap_or('\u{FFFD}'));
    };
    while !rest.is_empty() {
        let (valid, bad) = match std::str::from_utf8(rest) {
            Ok(s) => (s, 0),
            Err(e) => {
                let v = e.valid_up_to();
                let bad = e.error_len().unwrap_or(rest.len() - v);
                (std::str::from_utf8(&rest[..v]).unwrap_or_default(), bad)
            }
        };
        for c in valid.chars() {
            if raw_byte(c).is_some() {
                let mut buf = [0u8; 4];
                for &b in c.encode_utf8(&mut buf).as_bytes() {
                    push_raw(&mut out, b);
                }
            } else {
                out.push(c);
            }
        }
        let after = valid.len();
        for &b in &rest[after..after + bad] {
            push_raw(&mut out, b);
        }
        rest = &rest[after + bad..];
    }
    out
}

/// Whether `b` holds a mapped char; the `contains` is a fast memchr scan.
fn has_raw(b: &[u8]) -> bool {
    b.contains(&0xF4) && b.windows(3).any(|w| is_raw_prefix(w[0], w[1], w[2]))
}

/// UTF-8 of a char in U+10FF80..=U+10FFFF starts `F4 8F BE|BF`.
#[inline]
pub fn is_raw_prefix(b0: u8, b1: u8, b2: u8) -> bool {
    b0 == 0xF4 && b1 == 0x8F && (b2 == 0xBE || b2 == 0xBF)
}

/// The input byte a mapped char stands for.
#[inline]
pub fn raw_byte(c: char) -> Option<u8> {
    let v = c as u32;
    (v >= RAW_BASE).then(|| (v - RAW_BASE + 0x80) as u8)
}

/// The raw byte encoded by the 4 text bytes at the start of `b`, if mapped.
#[inline]
pub fn raw_byte_at(b: &[u8]) -> Option<u8> {
    match b {
        [b0, b1, b2, b3, ..] if is_raw_prefix(*b0, *b1, *b2) => {
            Some(0x80 | ((b2 & 1) << 6) | (b3 & 0x3F))
        }
        _ => None,
    }
}

/// Source or printed text back as the bytes it stands for (inverse of
/// [`source_text`]); no copy when nothing is mapped.
pub fn raw_bytes(text: &str) -> std::borrow::Cow<'_, [u8]> {
    let b = text.as_bytes();
    if !has_raw(b) {
        return std::borrow::Cow::Borrowed(b);
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match raw_byte_at(&b[i..]) {
            Some(r) => {
                out.push(r);
                i += 4;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_bytes_round_trip() {
        for input in [
            &b"plain \xff text"[..],
            b"\"\xff\xfe\"",
            b"\xc3\xa9 \xf4\x8f\xbf\xbf \xf4\x8f\xbe\x80 x\xf4\x8f",
            b"\xe2\x82",
        ] {
            let text = source_text(input.to_vec());
            assert_eq!(&*raw_bytes(&text), input);
        }
        let text = source_text(b"a\xffb".to_vec());
        assert_eq!(raw_byte_at(&text.as_bytes()[1..]), Some(0xFF));
        assert_eq!(text.len(), 6);
    }

    fn kinds(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s);
        let mut v = Vec::new();
        loop {
            let t = l.next_token();
            if t.kind == Tok::Eof {
                return v;
            }
            v.push(t.kind);
        }
    }

    #[test]
    fn basic_tokens() {
        use Tok::*;
        assert_eq!(
            kinds(r#"%0:2 = "foo.op"(%a#1) // c"#),
            vec![
                PercentIdent,
                Colon,
                Integer,
                Equal,
                String,
                LParen,
                PercentIdent,
                HashIdent,
                RParen
            ]
        );
        assert_eq!(
            kinds("4x?xf32"),
            vec![Integer, BareIdent, Question, BareIdent]
        );
        assert_eq!(
            kinds("0x1F 1.5e-3 -> ::"),
            vec![HexInteger, Float, Arrow, ColonColon]
        );
        assert_eq!(
            kinds(r#"@a @"b c" ^bb0 !x.y"#),
            vec![AtIdent, AtString, CaretIdent, ExclIdent]
        );
        assert_eq!(kinds("\"abc"), vec![Error]);
        assert_eq!(kinds("$"), vec![Error]);
    }

    #[test]
    fn reset() {
        let mut l = Lexer::new("1x2xf32");
        assert_eq!(l.next_token().kind, Tok::Integer);
        let t = l.next_token();
        assert_eq!(t.kind, Tok::BareIdent);
        l.reset_to(t.start as usize + 1);
        assert_eq!(l.next_token().kind, Tok::Integer);
    }
}
