//! Translation of LLVM's POSIX ERE dialect (Henry Spencer's regcomp as
//! patched by LLVM) into `regex-automata` syntax, with the same validation
//! errors as `llvm::Regex::isValid`.

use std::fmt::Write;

/// One piece of translated regex: either regex text or a backreference,
/// which the Rust engine cannot express and the matcher resolves itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Re(String),
    Backref(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translated {
    pub pieces: Vec<Piece>,
    /// Number of capturing groups the regex opens.
    pub groups: usize,
}

/// Messages as printed by LLVM's `regerror`.
pub const EPAREN: &str = "parentheses not balanced";
pub const EBRACK: &str = "brackets ([ ]) not balanced";
pub const EBRACE: &str = "braces not balanced";
pub const BADBR: &str = "invalid repetition count(s)";
pub const ERANGE: &str = "invalid character range";
pub const ECTYPE: &str = "invalid character class";
pub const ECOLLATE: &str = "invalid collating element";
pub const BADRPT: &str = "repetition-operator operand invalid";
pub const EMPTY: &str = "empty (sub)expression";
pub const EESCAPE: &str = "trailing backslash (\\)";
pub const ESUBREG: &str = "invalid backreference number";

const DUP_MAX: u32 = 255;

/// Translates `re`. `group_base` is the number of capturing groups opened
/// before this piece in the enclosing FileCheck regex: LLVM numbers
/// backreferences globally, so `\1` keeps meaning group 1 of the whole regex.
pub fn translate(re: &[u8]) -> Result<Translated, &'static str> {
    let mut p = Parser {
        s: re,
        i: 0,
        out: Vec::new(),
        cur: String::new(),
        nsub: 0,
        closed: Vec::new(),
    };
    p.ere(None)?;
    if p.i < p.s.len() {
        // Only a stray ')' can stop the top level early.
        return Err(EPAREN);
    }
    p.flush();
    Ok(Translated {
        pieces: p.out,
        groups: p.nsub,
    })
}

/// Escapes a literal byte string for the Rust regex syntax (bytes mode).
pub fn escape_literal(lit: &[u8], out: &mut String) {
    for &b in lit {
        push_byte(b, out);
    }
}

fn push_byte(b: u8, out: &mut String) {
    if b.is_ascii_alphanumeric() || b == b' ' || b == b'_' {
        out.push(b as char);
    } else {
        let _ = write!(out, "\\x{b:02X}");
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    out: Vec<Piece>,
    cur: String,
    nsub: usize,
    closed: Vec<bool>,
}

impl Parser<'_> {
    fn more(&self) -> bool {
        self.i < self.s.len()
    }
    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }
    fn peek2(&self) -> u8 {
        self.s.get(self.i + 1).copied().unwrap_or(0)
    }
    fn flush(&mut self) {
        if !self.cur.is_empty() {
            self.out.push(Piece::Re(std::mem::take(&mut self.cur)));
        }
    }

    fn ere(&mut self, stop: Option<u8>) -> Result<(), &'static str> {
        loop {
            let start = self.i;
            while self.more() && self.peek() != b'|' && Some(self.peek()) != stop {
                self.ere_exp()?;
            }
            if self.i == start {
                return Err(EMPTY);
            }
            if self.more() && self.peek() == b'|' {
                self.i += 1;
                self.cur.push('|');
                continue;
            }
            return Ok(());
        }
    }

    fn is_rep_start(&self) -> bool {
        match self.peek() {
            b'*' | b'+' | b'?' => self.more(),
            b'{' => self.i + 1 < self.s.len() && self.peek2().is_ascii_digit(),
            _ => false,
        }
    }

    fn ere_exp(&mut self) -> Result<(), &'static str> {
        let c = self.peek();
        self.i += 1;
        let mut was_caret = false;
        match c {
            b'(' => {
                if !self.more() {
                    return Err(EPAREN);
                }
                self.nsub += 1;
                let idx = self.nsub;
                self.closed.push(false);
                self.cur.push('(');
                if self.peek() != b')' {
                    self.ere(Some(b')'))?;
                }
                if self.peek() != b')' || !self.more() {
                    return Err(EPAREN);
                }
                self.i += 1;
                self.cur.push(')');
                self.closed[idx - 1] = true;
            }
            b')' => return Err(EPAREN),
            b'^' => {
                self.cur.push_str("(?m:^)");
                was_caret = true;
            }
            b'$' => self.cur.push_str("(?m:$)"),
            b'|' => return Err(EMPTY),
            b'*' | b'+' | b'?' => return Err(BADRPT),
            b'.' => self.cur.push_str("[^\\n]"),
            b'[' => self.bracket()?,
            b'\\' => {
                if !self.more() {
                    return Err(EESCAPE);
                }
                let c = self.peek();
                self.i += 1;
                if (b'1'..=b'9').contains(&c) {
                    let n = (c - b'0') as usize;
                    if n > self.nsub || !self.closed[n - 1] {
                        return Err(ESUBREG);
                    }
                    self.flush();
                    self.out.push(Piece::Backref(n));
                } else {
                    push_byte(c, &mut self.cur);
                }
            }
            b'{' => {
                if self.more() && self.peek().is_ascii_digit() {
                    return Err(BADRPT);
                }
                push_byte(c, &mut self.cur);
            }
            _ => push_byte(c, &mut self.cur),
        }
        if !self.more() || !self.is_rep_start() {
            return Ok(());
        }
        let c = self.peek();
        self.i += 1;
        if was_caret {
            return Err(BADRPT);
        }
        // Wrap the atom so the quantifier applies to all of it even when the
        // atom translated to several Rust tokens.
        self.wrap_last_atom();
        match c {
            b'*' | b'+' | b'?' => self.cur.push(c as char),
            _ => {
                let lo = self.count()?;
                let hi = if self.more() && self.peek() == b',' {
                    self.i += 1;
                    if self.peek().is_ascii_digit() && self.more() {
                        let hi = self.count()?;
                        if lo > hi {
                            return Err(BADBR);
                        }
                        Some(hi)
                    } else {
                        None
                    }
                } else {
                    Some(lo)
                };
                if !(self.more() && self.peek() == b'}') {
                    while self.more() && self.peek() != b'}' {
                        self.i += 1;
                    }
                    if !self.more() {
                        return Err(EBRACE);
                    }
                    return Err(BADBR);
                }
                self.i += 1;
                match hi {
                    Some(h) if h == lo => {
                        let _ = write!(self.cur, "{{{lo}}}");
                    }
                    Some(h) => {
                        let _ = write!(self.cur, "{{{lo},{h}}}");
                    }
                    None => {
                        let _ = write!(self.cur, "{{{lo},}}");
                    }
                }
            }
        }
        if self.more() && self.is_rep_start() {
            return Err(BADRPT);
        }
        Ok(())
    }

    /// Marks the most recent atom for quantification. Backreference atoms
    /// cannot be repeated by the Rust engine; LLVM allows it but it is not
    /// worth supporting, so the quantifier then applies to an empty group.
    fn wrap_last_atom(&mut self) {
        if self.cur.is_empty() {
            // The atom was a backreference piece.
            self.cur.push_str("(?:)");
            return;
        }
        let start = last_atom_start(&self.cur);
        self.cur.insert_str(start, "(?:");
        self.cur.push(')');
    }

    fn count(&mut self) -> Result<u32, &'static str> {
        let mut n: u32 = 0;
        let mut digits = 0;
        while self.more() && self.peek().is_ascii_digit() && n <= DUP_MAX {
            n = n * 10 + (self.peek() - b'0') as u32;
            self.i += 1;
            digits += 1;
        }
        if digits == 0 || n > DUP_MAX {
            return Err(BADBR);
        }
        Ok(n)
    }

    fn bracket(&mut self) -> Result<(), &'static str> {
        let rest = &self.s[self.i..];
        if rest.starts_with(b"[:<:]]") {
            self.i += 6;
            self.cur.push_str("\\b{start}");
            return Ok(());
        }
        if rest.starts_with(b"[:>:]]") {
            self.i += 6;
            self.cur.push_str("\\b{end}");
            return Ok(());
        }
        let mut set = [false; 256];
        let mut invert = false;
        if self.more() && self.peek() == b'^' {
            self.i += 1;
            invert = true;
        }
        if self.more() && self.peek() == b']' {
            self.i += 1;
            set[b']' as usize] = true;
        } else if self.more() && self.peek() == b'-' {
            self.i += 1;
            set[b'-' as usize] = true;
        }
        while self.more() && self.peek() != b']' && !(self.peek() == b'-' && self.peek2() == b']') {
            self.b_term(&mut set)?;
        }
        if self.more() && self.peek() == b'-' {
            self.i += 1;
            set[b'-' as usize] = true;
        }
        if !(self.more() && self.peek() == b']') {
            return Err(EBRACK);
        }
        self.i += 1;
        if invert {
            for (i, v) in set.iter_mut().enumerate() {
                *v = !*v && i != b'\n' as usize;
            }
        }
        emit_set(&set, &mut self.cur);
        Ok(())
    }

    fn b_term(&mut self, set: &mut [bool; 256]) -> Result<(), &'static str> {
        let c = match self.peek() {
            b'[' if self.i + 1 < self.s.len() => self.peek2(),
            b'-' => return Err(ERANGE),
            _ => 0,
        };
        match c {
            b':' => {
                self.i += 2;
                if !self.more() {
                    return Err(EBRACK);
                }
                let c = self.peek();
                if c == b'-' || c == b']' {
                    return Err(ECTYPE);
                }
                let start = self.i;
                while self.more() && self.peek().is_ascii_alphabetic() {
                    self.i += 1;
                }
                let name = &self.s[start..self.i];
                add_class(name, set)?;
                if !self.more() {
                    return Err(EBRACK);
                }
                if !(self.peek() == b':' && self.peek2() == b']') {
                    return Err(ECTYPE);
                }
                self.i += 2;
            }
            b'=' => {
                self.i += 2;
                if !self.more() {
                    return Err(EBRACK);
                }
                let c = self.peek();
                if c == b'-' || c == b']' {
                    return Err(ECOLLATE);
                }
                let v = self.coll_elem(b'=')?;
                set[v as usize] = true;
                if !self.more() {
                    return Err(EBRACK);
                }
                if !(self.peek() == b'=' && self.peek2() == b']') {
                    return Err(ECOLLATE);
                }
                self.i += 2;
            }
            _ => {
                let start = self.b_symbol()?;
                let finish =
                    if self.peek() == b'-' && self.i + 1 < self.s.len() && self.peek2() != b']' {
                        self.i += 1;
                        if self.peek() == b'-' {
                            self.i += 1;
                            b'-'
                        } else {
                            self.b_symbol()?
                        }
                    } else {
                        start
                    };
                if start > finish {
                    return Err(ERANGE);
                }
                for b in start..=finish {
                    set[b as usize] = true;
                }
            }
        }
        Ok(())
    }

    fn b_symbol(&mut self) -> Result<u8, &'static str> {
        if !self.more() {
            return Err(EBRACK);
        }
        if self.peek() == b'[' && self.peek2() == b'.' {
            self.i += 2;
            let v = self.coll_elem(b'.')?;
            if !(self.peek() == b'.' && self.peek2() == b']') {
                return Err(ECOLLATE);
            }
            self.i += 2;
            return Ok(v);
        }
        let c = self.peek();
        self.i += 1;
        Ok(c)
    }

    fn coll_elem(&mut self, end: u8) -> Result<u8, &'static str> {
        let start = self.i;
        while self.more() && !(self.peek() == end && self.peek2() == b']') {
            self.i += 1;
        }
        if !self.more() {
            return Err(EBRACK);
        }
        let name = &self.s[start..self.i];
        if name.len() == 1 {
            return Ok(name[0]);
        }
        COLL_NAMES
            .iter()
            .find(|(n, _)| n.as_bytes() == name)
            .map(|&(_, c)| c)
            .ok_or(ECOLLATE)
    }
}

const COLL_NAMES: &[(&str, u8)] = &[
    ("NUL", 0),
    ("tab", b'\t'),
    ("newline", b'\n'),
    ("space", b' '),
    ("hyphen", b'-'),
    ("hyphen-minus", b'-'),
    ("period", b'.'),
    ("full-stop", b'.'),
    ("slash", b'/'),
    ("backslash", b'\\'),
    ("reverse-solidus", b'\\'),
    ("left-square-bracket", b'['),
    ("right-square-bracket", b']'),
    ("underscore", b'_'),
    ("low-line", b'_'),
];

fn add_class(name: &[u8], set: &mut [bool; 256]) -> Result<(), &'static str> {
    let f: fn(u8) -> bool = match name {
        b"alnum" => |c| c.is_ascii_alphanumeric(),
        b"alpha" => |c| c.is_ascii_alphabetic(),
        b"blank" => |c| c == b' ' || c == b'\t',
        b"cntrl" => |c| c.is_ascii_control(),
        b"digit" => |c| c.is_ascii_digit(),
        b"graph" => |c| c.is_ascii_graphic(),
        b"lower" => |c| c.is_ascii_lowercase(),
        b"print" => |c| c.is_ascii_graphic() || c == b' ',
        b"punct" => |c| c.is_ascii_punctuation(),
        b"space" => |c| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
        b"upper" => |c| c.is_ascii_uppercase(),
        b"xdigit" => |c| c.is_ascii_hexdigit(),
        _ => return Err(ECTYPE),
    };
    for c in 0..=255u8 {
        if f(c) {
            set[c as usize] = true;
        }
    }
    Ok(())
}

fn emit_set(set: &[bool; 256], out: &mut String) {
    if !set.iter().any(|&b| b) {
        // An empty class can never match.
        out.push_str("[a&&b]");
        return;
    }
    out.push('[');
    let mut i = 0;
    while i < 256 {
        if !set[i] {
            i += 1;
            continue;
        }
        let start = i;
        while i + 1 < 256 && set[i + 1] {
            i += 1;
        }
        let _ = write!(out, "\\x{start:02X}");
        if i > start {
            let _ = write!(out, "-\\x{i:02X}");
        }
        i += 1;
    }
    out.push(']');
}

/// Start index (in `s`) of the last complete atom in translated Rust text.
fn last_atom_start(s: &str) -> usize {
    let b = s.as_bytes();
    let end = b.len();
    match b[end - 1] {
        b')' => {
            // Find the matching '(' accounting for escapes and classes we emit.
            let mut depth = 0i32;
            let mut i = end;
            while i > 0 {
                i -= 1;
                if is_escaped(b, i) {
                    continue;
                }
                match b[i] {
                    b')' => depth += 1,
                    b'(' => {
                        depth -= 1;
                        if depth == 0 {
                            return i;
                        }
                    }
                    b']' => i = class_start(b, i),
                    _ => {}
                }
            }
            0
        }
        b']' if !is_escaped(b, end - 1) => class_start(b, end - 1),
        b'}' if s.ends_with("\\b{start}") => end - 9,
        b'}' if s.ends_with("\\b{end}") => end - 7,
        _ => {
            // `\xNN` or a plain char.
            if end >= 4 && b[end - 4] == b'\\' && b[end - 3] == b'x' && !is_escaped(b, end - 4) {
                end - 4
            } else {
                end - 1
            }
        }
    }
}

fn is_escaped(b: &[u8], i: usize) -> bool {
    let mut n = 0;
    let mut j = i;
    while j > 0 && b[j - 1] == b'\\' {
        n += 1;
        j -= 1;
    }
    n % 2 == 1
}

/// Our emitted classes never nest and escape every non-alphanumeric byte, so
/// the class start is the nearest unescaped '['.
fn class_start(b: &[u8], close: usize) -> usize {
    let mut i = close;
    while i > 0 {
        i -= 1;
        if b[i] == b'[' && !is_escaped(b, i) {
            return i;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr(s: &str) -> Result<String, &'static str> {
        translate(s.as_bytes()).map(|t| {
            t.pieces
                .iter()
                .map(|p| match p {
                    Piece::Re(s) => s.clone(),
                    Piece::Backref(n) => format!("<{n}>"),
                })
                .collect()
        })
    }

    #[test]
    fn literals_and_escapes() {
        assert_eq!(tr("ab").unwrap(), "ab");
        assert_eq!(tr("a.b").unwrap(), "a[^\\n]b");
        assert_eq!(tr("\\s").unwrap(), "s");
        assert_eq!(tr("\\.").unwrap(), "\\x2E");
        assert_eq!(tr("x{").unwrap(), "x\\x7B");
    }

    #[test]
    fn quantifiers() {
        assert_eq!(tr("a*").unwrap(), "(?:a)*");
        assert_eq!(tr("a{2,3}").unwrap(), "(?:a){2,3}");
        assert_eq!(tr("a{2,}").unwrap(), "(?:a){2,}");
        assert_eq!(tr("(ab)+").unwrap(), "(?:(ab))+");
        assert_eq!(tr("[ab]?").unwrap(), "(?:[\\x61-\\x62])?");
        assert_eq!(tr("\\.+").unwrap(), "(?:\\x2E)+");
    }

    #[test]
    fn brackets() {
        assert_eq!(tr("[]a]").unwrap(), "[\\x5D\\x61]");
        assert_eq!(tr("[\\]").unwrap(), "[\\x5C]");
        assert_eq!(tr("[a-c-]").unwrap(), "[\\x2D\\x61-\\x63]");
        assert!(tr("[^a]").unwrap().contains("\\x0B"));
        assert!(!tr("[^a]").unwrap().contains("\\x0A"));
        assert_eq!(tr("[[:digit:]]").unwrap(), "[\\x30-\\x39]");
        assert_eq!(tr("[[.-.]]").unwrap(), "[\\x2D]");
        assert_eq!(tr("[[:<:]]").unwrap(), "\\b{start}");
    }

    #[test]
    fn errors() {
        assert_eq!(tr("a**"), Err(BADRPT));
        assert_eq!(tr("*a"), Err(BADRPT));
        assert_eq!(tr("a*?"), Err(BADRPT));
        assert_eq!(tr("x|"), Err(EMPTY));
        assert_eq!(tr("(a"), Err(EPAREN));
        assert_eq!(tr("a)"), Err(EPAREN));
        assert_eq!(tr("[a"), Err(EBRACK));
        assert_eq!(tr("a\\"), Err(EESCAPE));
        assert_eq!(tr("a{3,2}"), Err(BADBR));
        assert_eq!(tr("a{256}"), Err(BADBR));
        assert_eq!(tr("x{1,"), Err(EBRACE));
        assert_eq!(tr("[b-a]"), Err(ERANGE));
        assert_eq!(tr("[--z]"), Err(ERANGE));
        assert_eq!(tr("[[:foo:]]"), Err(ECTYPE));
        assert_eq!(tr("\\1"), Err(ESUBREG));
        assert_eq!(tr("^*"), Err(BADRPT));
    }

    #[test]
    fn groups_and_backrefs() {
        assert_eq!(tr("()").unwrap(), "()");
        assert_eq!(tr("(a)\\1").unwrap(), "(a)<1>");
        assert_eq!(translate(b"(a)(b)").unwrap().groups, 2);
        assert_eq!(tr("a|b").unwrap(), "a|b");
    }
}
