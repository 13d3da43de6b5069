//! The Python literals an npy header holds: a dict of strings, booleans,
//! integers, tuples and lists (`{'descr': '<f4', 'fortran_order': False,
//! 'shape': (2, 3), }`). Enough to read every header numpy writes, including
//! the nested lists of structured dtypes (which are then rejected by name).

use std::fmt;
use xir_runtime_hal::{Error, Result};

#[derive(Clone, PartialEq, Debug)]
pub enum Value {
    Str(String),
    Bool(bool),
    None,
    /// The digits as written, sign included (`-3`, `12`); Python 2 headers
    /// may add an `L` suffix, which is dropped.
    Int(String),
    Tuple(Vec<Value>),
    List(Vec<Value>),
    Dict(Vec<(Value, Value)>),
}

/// Deeper nesting than any dtype needs is refused rather than recursed into.
const MAX_DEPTH: usize = 32;

pub fn parse(text: &str) -> Result<Value> {
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        pos: 0,
    };
    let v = p.value(0)?;
    p.skip_ws();
    if p.pos != p.s.len() {
        return Err(Error::invalid_argument(format!(
            "unexpected '{}' after the header's dict",
            p.rest()
        )));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    /// A short excerpt from the current position, for messages.
    fn rest(&self) -> String {
        self.text
            .get(self.pos..)
            .unwrap_or("")
            .chars()
            .take(12)
            .collect()
    }

    fn value(&mut self, depth: usize) -> Result<Value> {
        if depth > MAX_DEPTH {
            return Err(Error::invalid_argument("header nests too deeply"));
        }
        match self.peek() {
            None => Err(Error::invalid_argument(
                "header ends where a value was expected",
            )),
            Some(b'{') => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                        return Ok(Value::Dict(items));
                    }
                    let k = self.value(depth + 1)?;
                    if self.peek() != Some(b':') {
                        return Err(Error::invalid_argument(format!(
                            "expected ':' in the header at '{}'",
                            self.rest()
                        )));
                    }
                    self.pos += 1;
                    let v = self.value(depth + 1)?;
                    items.push((k, v));
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {}
                        _ => {
                            return Err(Error::invalid_argument(format!(
                                "expected ',' or '}}' in the header at '{}'",
                                self.rest()
                            )))
                        }
                    }
                }
            }
            Some(open @ (b'(' | b'[')) => {
                self.pos += 1;
                let close = if open == b'(' { b')' } else { b']' };
                let mut items = Vec::new();
                loop {
                    if self.peek() == Some(close) {
                        self.pos += 1;
                        return Ok(if open == b'(' {
                            Value::Tuple(items)
                        } else {
                            Value::List(items)
                        });
                    }
                    items.push(self.value(depth + 1)?);
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(c) if c == close => {}
                        _ => {
                            return Err(Error::invalid_argument(format!(
                                "expected ',' or '{}' in the header at '{}'",
                                close as char,
                                self.rest()
                            )))
                        }
                    }
                }
            }
            Some(q @ (b'\'' | b'"')) => {
                self.pos += 1;
                let mut out = String::new();
                loop {
                    // Work on chars so that a v3 (utf-8) header's text survives.
                    let Some(c) = self.text.get(self.pos..).and_then(|r| r.chars().next()) else {
                        return Err(Error::invalid_argument("unterminated string in the header"));
                    };
                    self.pos += c.len_utf8();
                    if c == q as char {
                        return Ok(Value::Str(out));
                    }
                    if c == '\\' {
                        let Some(e) = self.text.get(self.pos..).and_then(|r| r.chars().next())
                        else {
                            return Err(Error::invalid_argument(
                                "unterminated string in the header",
                            ));
                        };
                        self.pos += e.len_utf8();
                        out.push(e);
                    } else {
                        out.push(c);
                    }
                }
            }
            Some(c) if c == b'-' || c == b'+' || c.is_ascii_digit() => {
                let start = self.pos;
                self.pos += 1;
                while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
                let digits = &self.text[start..self.pos];
                if !digits.bytes().any(|b| b.is_ascii_digit()) {
                    return Err(Error::invalid_argument(format!(
                        "malformed number in the header at '{digits}'"
                    )));
                }
                if self.pos < self.s.len() && matches!(self.s[self.pos], b'L' | b'l') {
                    self.pos += 1;
                }
                Ok(Value::Int(digits.trim_start_matches('+').to_string()))
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.pos;
                while self.pos < self.s.len() && self.s[self.pos].is_ascii_alphanumeric() {
                    self.pos += 1;
                }
                match &self.text[start..self.pos] {
                    "True" => Ok(Value::Bool(true)),
                    "False" => Ok(Value::Bool(false)),
                    "None" => Ok(Value::None),
                    w => Err(Error::invalid_argument(format!(
                        "unexpected '{w}' in the header"
                    ))),
                }
            }
            Some(_) => Err(Error::invalid_argument(format!(
                "unexpected '{}' in the header",
                self.rest()
            ))),
        }
    }
}

/// Python's repr, for naming a value in a message (`'<c8'`, `[('a', '<i4')]`).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn seq(f: &mut fmt::Formatter<'_>, items: &[Value]) -> fmt::Result {
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{v}")?;
            }
            Ok(())
        }
        match self {
            Value::Str(s) => write!(f, "'{s}'"),
            Value::Bool(true) => f.write_str("True"),
            Value::Bool(false) => f.write_str("False"),
            Value::None => f.write_str("None"),
            Value::Int(s) => f.write_str(s),
            Value::Tuple(items) => {
                f.write_str("(")?;
                seq(f, items)?;
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            Value::List(items) => {
                f.write_str("[")?;
                seq(f, items)?;
                f.write_str("]")
            }
            Value::Dict(items) => {
                f.write_str("{")?;
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_headers() {
        let v = parse("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3L), }  ").unwrap();
        assert_eq!(
            v,
            Value::Dict(vec![
                (Value::Str("descr".into()), Value::Str("<f4".into())),
                (Value::Str("fortran_order".into()), Value::Bool(false)),
                (
                    Value::Str("shape".into()),
                    Value::Tuple(vec![Value::Int("2".into()), Value::Int("3".into())])
                ),
            ])
        );
        assert_eq!(
            parse("[('a', '<i4'), (\"b\", '<f4', (2,))]")
                .unwrap()
                .to_string(),
            "[('a', '<i4'), ('b', '<f4', (2,))]"
        );
        assert_eq!(parse("'\u{e9}\\''").unwrap(), Value::Str("\u{e9}'".into()));
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "",
            "{",
            "{'a' 1}",
            "{'a': 1",
            "(1 2)",
            "'abc",
            "-",
            "{'a': tru}",
            "{} x",
            "@",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let deep = "(".repeat(10_000);
        assert!(parse(&deep).unwrap_err().message().contains("deeply"));
    }
}
