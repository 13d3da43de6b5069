//! Source buffers, locations and LLVM `SourceMgr`-style diagnostics.

use std::cell::OnceCell;
use std::fmt::Write;

pub struct Buffer {
    pub name: String,
    pub text: Vec<u8>,
    newlines: OnceCell<Vec<usize>>,
}

impl Buffer {
    pub fn new(name: impl Into<String>, text: Vec<u8>) -> Self {
        Buffer {
            name: name.into(),
            text,
            newlines: OnceCell::new(),
        }
    }

    fn newlines(&self) -> &[usize] {
        self.newlines
            .get_or_init(|| memchr::memchr_iter(b'\n', &self.text).collect())
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, off: usize) -> (usize, usize) {
        let nl = self.newlines();
        let idx = nl.partition_point(|&p| p < off);
        let line_start = if idx == 0 { 0 } else { nl[idx - 1] + 1 };
        (idx + 1, off - line_start + 1)
    }

    pub fn line_count(&self) -> usize {
        self.newlines().len()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    pub buf: usize,
    pub off: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Error,
    Note,
    Remark,
}

#[derive(Default)]
pub struct SourceMgr {
    pub bufs: Vec<Buffer>,
}

impl SourceMgr {
    pub fn add(&mut self, b: Buffer) -> usize {
        self.bufs.push(b);
        self.bufs.len() - 1
    }

    /// Formats `file:line:col: kind: msg`, the source line and a caret line,
    /// with `~` under `range` (a byte range in the same buffer).
    pub fn format(&self, loc: Loc, kind: Kind, msg: &str, range: Option<(usize, usize)>) -> String {
        let buf = &self.bufs[loc.buf];
        let text = &buf.text;
        let off = loc.off.min(text.len());
        let (line, col) = buf.line_col(off);
        let kind_s = match kind {
            Kind::Error => "error",
            Kind::Note => "note",
            Kind::Remark => "remark",
        };
        let mut s = String::new();
        let _ = writeln!(s, "{}:{}:{}: {}: {}", buf.name, line, col, kind_s, msg);
        let mut ls = off;
        while ls > 0 && text[ls - 1] != b'\n' && text[ls - 1] != b'\r' {
            ls -= 1;
        }
        let mut le = off;
        while le < text.len() && text[le] != b'\n' && text[le] != b'\r' {
            le += 1;
        }
        let contents = &text[ls..le];
        let mut caret = vec![b' '; contents.len() + 1];
        if let Some((rs, re)) = range {
            let rs = rs.max(ls);
            let re = re.min(le);
            for i in rs..re.max(rs) {
                caret[i - ls] = b'~';
            }
        }
        caret[off - ls] = b'^';
        while caret.last() == Some(&b' ') {
            caret.pop();
        }
        // Tabs expand to 8-column stops in both lines.
        let mut col_out = 0;
        let mut line_s = Vec::new();
        for &c in contents {
            if c == b'\t' {
                loop {
                    line_s.push(b' ');
                    col_out += 1;
                    if col_out % 8 == 0 {
                        break;
                    }
                }
            } else {
                line_s.push(c);
                col_out += 1;
            }
        }
        s.push_str(&String::from_utf8_lossy(&line_s));
        s.push('\n');
        // Like LLVM, give up on carets for lines with multi-byte characters
        // rather than misalign them.
        if !contents.is_ascii() {
            return s;
        }
        let mut col_out = 0;
        let mut caret_s = String::new();
        for (i, &c) in caret.iter().enumerate() {
            if contents.get(i) == Some(&b'\t') {
                loop {
                    caret_s.push(c as char);
                    col_out += 1;
                    if col_out % 8 == 0 {
                        break;
                    }
                }
            } else {
                caret_s.push(c as char);
                col_out += 1;
            }
        }
        s.push_str(&caret_s);
        s.push('\n');
        s
    }
}

/// A byte string slice that remembers its offset in its buffer, so parse
/// errors can point at the exact spot (like `StringRef` + `SMLoc` in LLVM).
#[derive(Clone, Copy, Debug)]
pub struct Sref<'a> {
    pub s: &'a [u8],
    pub off: usize,
}

impl<'a> Sref<'a> {
    pub fn new(s: &'a [u8], off: usize) -> Self {
        Sref { s, off }
    }
    pub fn len(&self) -> usize {
        self.s.len()
    }
    pub fn is_empty(&self) -> bool {
        self.s.is_empty()
    }
    pub fn sub(&self, from: usize, to: usize) -> Sref<'a> {
        let from = from.min(self.s.len());
        let to = to.clamp(from, self.s.len());
        Sref::new(&self.s[from..to], self.off + from)
    }
    pub fn drop_front(&self, n: usize) -> Sref<'a> {
        self.sub(n, self.s.len())
    }
    pub fn take_front(&self, n: usize) -> Sref<'a> {
        self.sub(0, n)
    }
    pub fn starts_with(&self, p: &[u8]) -> bool {
        self.s.starts_with(p)
    }
    pub fn consume(&mut self, p: &[u8]) -> bool {
        if self.s.starts_with(p) {
            *self = self.drop_front(p.len());
            true
        } else {
            false
        }
    }
    pub fn ltrim(&self) -> Sref<'a> {
        let n = self
            .s
            .iter()
            .take_while(|&&c| c == b' ' || c == b'\t')
            .count();
        self.drop_front(n)
    }
    pub fn rtrim(&self) -> Sref<'a> {
        let mut e = self.s.len();
        while e > 0 && (self.s[e - 1] == b' ' || self.s[e - 1] == b'\t') {
            e -= 1;
        }
        self.sub(0, e)
    }
    pub fn find(&self, p: &[u8]) -> Option<usize> {
        memchr::memmem::find(self.s, p)
    }
    pub fn find_byte(&self, c: u8) -> Option<usize> {
        memchr::memchr(c, self.s)
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.s).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_and_caret() {
        let mut sm = SourceMgr::default();
        let b = sm.add(Buffer::new("f", b"ab\n\tcd\n".to_vec()));
        assert_eq!(sm.bufs[b].line_col(4), (2, 2));
        let s = sm.format(Loc { buf: b, off: 4 }, Kind::Note, "m", Some((4, 6)));
        assert_eq!(s, "f:2:2: note: m\n        cd\n        ^~\n");
    }
}
