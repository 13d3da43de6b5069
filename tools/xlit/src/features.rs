//! Feature expressions for `REQUIRES:`, `UNSUPPORTED:` and `XFAIL:`, with the
//! grammar of lit's `BooleanExpression`:
//!
//! ```text
//! expr := or
//! or   := and ('||' and)*
//! and  := not ('&&' not)*
//! not  := '!' not | '(' or ')' | 'true' | 'false' | identifier
//! ```
//!
//! An identifier is made of `[-+=._a-zA-Z0-9]` and `{{regex}}` pieces; one
//! with a regex piece matches when some available feature matches it in full.

use regex::Regex;
use std::collections::BTreeSet;

/// The set of features a run knows about.
pub type Features = BTreeSet<String>;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Const(bool),
    /// A plain feature name.
    Var(String),
    /// An identifier with `{{re}}` pieces, compiled to an anchored regex.
    Pattern(String),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

impl Expr {
    pub fn parse(text: &str) -> Result<Expr, String> {
        let tokens = tokenize(text)?;
        let mut p = Parser { tokens, pos: 0 };
        let e = p.parse_or()?;
        match p.peek() {
            None => Ok(e),
            Some(t) => Err(format!(
                "expected: '&&' or '||' or end of expression\nhave: '{t}'\nin: {text}"
            )),
        }
    }

    pub fn eval(&self, features: &Features) -> bool {
        match self {
            Expr::Const(b) => *b,
            Expr::Var(name) => features.contains(name),
            // The pattern was validated at parse time.
            Expr::Pattern(re) => Regex::new(re)
                .map(|re| features.iter().any(|f| re.is_match(f)))
                .unwrap_or(false),
            Expr::Not(e) => !e.eval(features),
            Expr::And(a, b) => a.eval(features) && b.eval(features),
            Expr::Or(a, b) => a.eval(features) || b.eval(features),
        }
    }
}

/// Parses and evaluates one expression.
pub fn evaluate(text: &str, features: &Features) -> Result<bool, String> {
    Ok(Expr::parse(text)?.eval(features))
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-+=._".contains(c)
}

fn tokenize(text: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let len = if rest.starts_with("&&") || rest.starts_with("||") {
            2
        } else if rest.starts_with(['(', ')', '!']) {
            1
        } else {
            // An identifier: runs of ident chars and `{{...}}` groups.
            let mut i = 0;
            loop {
                let tail = &rest[i..];
                if let Some(inner) = tail.strip_prefix("{{") {
                    match inner.find("}}") {
                        // lit requires a non-empty regex between the braces.
                        Some(end) if end > 0 => i += end + 4,
                        _ => return Err(format!("unterminated or empty '{{{{' in: {text}")),
                    }
                } else if let Some(c) = tail.chars().next().filter(|&c| is_ident_char(c)) {
                    i += c.len_utf8();
                } else {
                    break;
                }
            }
            if i == 0 {
                return Err(format!(
                    "couldn't parse text '{}' in feature expression: {text}",
                    rest.split_whitespace().next().unwrap_or(rest)
                ));
            }
            i
        };
        tokens.push(rest[..len].to_string());
        rest = rest[len..].trim_start();
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<String>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.pos).map(String::as_str)
    }

    fn eat(&mut self, t: &str) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn parse_or(&mut self) -> Result<Expr, String> {
        let mut e = self.parse_and()?;
        while self.eat("||") {
            e = Expr::Or(Box::new(e), Box::new(self.parse_and()?));
        }
        Ok(e)
    }

    fn parse_and(&mut self) -> Result<Expr, String> {
        let mut e = self.parse_not()?;
        while self.eat("&&") {
            e = Expr::And(Box::new(e), Box::new(self.parse_not()?));
        }
        Ok(e)
    }

    fn parse_not(&mut self) -> Result<Expr, String> {
        if self.eat("!") {
            return Ok(Expr::Not(Box::new(self.parse_not()?)));
        }
        if self.eat("(") {
            let e = self.parse_or()?;
            if !self.eat(")") {
                return Err(format!(
                    "expected: ')'\nhave: {}",
                    self.peek().unwrap_or("<end of expression>")
                ));
            }
            return Ok(e);
        }
        let Some(tok) = self.peek().map(str::to_string) else {
            return Err("expected: <feature name> or 'true' or 'false' or '!' or '('\nhave: <end of expression>".into());
        };
        if matches!(tok.as_str(), "&&" | "||" | ")") {
            return Err(format!(
                "expected: <feature name> or 'true' or 'false' or '!' or '('\nhave: '{tok}'"
            ));
        }
        self.pos += 1;
        Ok(match tok.as_str() {
            "true" => Expr::Const(true),
            "false" => Expr::Const(false),
            _ if tok.contains("{{") => Expr::Pattern(pattern_regex(&tok)?),
            _ => Expr::Var(tok),
        })
    }
}

/// `foo{{[0-9]+}}` -> `^(?:foo(?:[0-9]+))$`.
fn pattern_regex(ident: &str) -> Result<String, String> {
    let mut re = String::from("^(?:");
    let mut rest = ident;
    while let Some(start) = rest.find("{{") {
        re.push_str(&regex::escape(&rest[..start]));
        let end = rest[start + 2..].find("}}").expect("checked by tokenizer");
        re.push_str(&format!("(?:{})", &rest[start + 2..start + 2 + end]));
        rest = &rest[start + 2 + end + 2..];
    }
    re.push_str(&regex::escape(rest));
    re.push_str(")$");
    Regex::new(&re).map_err(|e| format!("invalid regex in '{ident}': {e}"))?;
    Ok(re)
}

/// Splits a `REQUIRES:`-style list: comma separated, blanks dropped.
pub fn split_list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feats(names: &[&str]) -> Features {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn basics() {
        let f = feats(&["vulkan", "x86_64", "system-linux"]);
        assert!(evaluate("vulkan", &f).unwrap());
        assert!(!evaluate("cuda", &f).unwrap());
        assert!(evaluate("true", &f).unwrap());
        assert!(!evaluate("false", &f).unwrap());
        assert!(evaluate("!cuda", &f).unwrap());
        assert!(evaluate("!!vulkan", &f).unwrap());
        assert!(evaluate("vulkan && x86_64", &f).unwrap());
        assert!(!evaluate("vulkan && cuda", &f).unwrap());
        assert!(evaluate("cuda || vulkan", &f).unwrap());
    }

    #[test]
    fn precedence_and_parens() {
        let f = feats(&["a"]);
        // && binds tighter than ||.
        assert!(evaluate("a || b && c", &f).unwrap());
        assert!(!evaluate("(a || b) && c", &f).unwrap());
        assert!(evaluate("!(b || c) && a", &f).unwrap());
        assert!(evaluate("(((a)))", &f).unwrap());
    }

    #[test]
    fn identifiers_with_punctuation_and_regex() {
        let f = feats(&["mlir-opt", "target=x86_64-linux", "llvm-22"]);
        assert!(evaluate("mlir-opt", &f).unwrap());
        assert!(evaluate("target={{.*}}-linux", &f).unwrap());
        assert!(evaluate("llvm-{{[0-9]+}}", &f).unwrap());
        assert!(!evaluate("llvm-{{[a-z]+}}", &f).unwrap());
        // The regex must match the whole feature name.
        assert!(!evaluate("{{mlir}}", &f).unwrap());
    }

    #[test]
    fn errors() {
        let f = Features::new();
        for bad in ["", "a &&", "&& a", "(a", "a)", "a b", "a @ b", "{{}}", "!"] {
            assert!(evaluate(bad, &f).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn lists() {
        let items: Vec<_> = split_list(" a, b && c ,, d ").collect();
        assert_eq!(items, ["a", "b && c", "d"]);
    }
}
