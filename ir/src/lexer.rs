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

#[cfg(test)]
mod tests {
    use super::*;

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
