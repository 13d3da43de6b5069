//! Reading the check file: finding directives (FileCheck's
//! `FindFirstMatchingPrefix`/`FindCheckType`) and building check strings.

use std::collections::BTreeSet;

use crate::pattern::{CheckType, Ctx, Kind, PErr, ParseOpts, Pattern};
use crate::source::{Loc, Sref};

/// A positive check with the CHECK-DAG/CHECK-NOT patterns preceding it.
pub struct CheckString {
    pub pat: Pattern,
    pub prefix: String,
    pub loc: Loc,
    pub dag_nots: Vec<(Pattern, String)>,
}

pub struct Request {
    pub check_prefixes: Vec<String>,
    pub comment_prefixes: Vec<String>,
    pub is_default_prefix: bool,
    pub allow_unused_prefixes: bool,
    pub opts: ParseOpts,
}

enum Found {
    None,
    Comment,
    Check(CheckType),
    Misspelled,
    BadNot,
    BadCount,
}

fn is_part_of_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

/// Classifies the text after a prefix. Returns the kind and the offset (in
/// `rest`) just past the directive, when one was recognised.
fn find_check_type(req: &Request, prefix: &str, rest: &[u8]) -> (Found, usize) {
    if rest.is_empty() {
        return (Found::None, 0);
    }
    let n = rest.len();
    if req.comment_prefixes.iter().any(|c| c == prefix) {
        if rest[0] == b':' {
            return (Found::Comment, 1);
        }
        return (Found::None, 0);
    }
    let mut i = 0;
    let modifiers = |ty: CheckType, mut i: usize| -> (Found, usize) {
        let mut ty = ty;
        if rest.get(i) == Some(&b':') {
            return (Found::Check(ty), i + 1);
        }
        if rest.get(i) != Some(&b'{') {
            return (Found::None, 0);
        }
        i += 1;
        loop {
            while i < n && rest[i].is_ascii_whitespace() {
                i += 1;
            }
            if rest[i..].starts_with(b"LITERAL") {
                ty.literal = true;
                i += 7;
            } else {
                return (Found::None, 0);
            }
            while i < n && rest[i].is_ascii_whitespace() {
                i += 1;
            }
            if rest.get(i) == Some(&b',') {
                i += 1;
                continue;
            }
            break;
        }
        if rest[i..].starts_with(b"}:") {
            return (Found::Check(ty), i + 2);
        }
        (Found::None, 0)
    };
    if rest[0] == b':' {
        return (Found::Check(CheckType::new(Kind::Plain)), 1);
    }
    if rest[0] == b'{' {
        return modifiers(CheckType::new(Kind::Plain), 0);
    }
    let misspelled = rest[0] == b'_';
    if !misspelled && rest[0] != b'-' {
        return (Found::None, 0);
    }
    i += 1;
    let r = &rest[i..];
    let res = if r.starts_with(b"COUNT-") {
        i += 6;
        let digits = rest[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return (Found::BadCount, i);
        }
        let count: u64 = std::str::from_utf8(&rest[i..i + digits])
            .unwrap()
            .parse()
            .unwrap_or(u64::MAX);
        i += digits;
        if count == 0 || count > i32::MAX as u64 {
            return (Found::BadCount, i);
        }
        if !matches!(rest.get(i), Some(b':') | Some(b'{')) {
            return (Found::BadCount, i);
        }
        let mut ty = CheckType::new(Kind::Plain);
        ty.count = count as usize;
        modifiers(ty, i)
    } else if [
        &b"DAG-NOT:"[..],
        b"NOT-DAG:",
        b"NEXT-NOT:",
        b"NOT-NEXT:",
        b"SAME-NOT:",
        b"NOT-SAME:",
        b"EMPTY-NOT:",
        b"NOT-EMPTY:",
    ]
    .iter()
    .any(|p| r.starts_with(p))
    {
        (Found::BadNot, i)
    } else {
        let kinds: [(&[u8], Kind); 6] = [
            (b"NEXT", Kind::Next),
            (b"SAME", Kind::Same),
            (b"NOT", Kind::Not),
            (b"DAG", Kind::Dag),
            (b"LABEL", Kind::Label),
            (b"EMPTY", Kind::Empty),
        ];
        match kinds.iter().find(|(k, _)| r.starts_with(k)) {
            Some((k, kind)) => modifiers(CheckType::new(*kind), i + k.len()),
            None => (Found::None, 0),
        }
    };
    if misspelled && !matches!(res.0, Found::None) {
        return (Found::Misspelled, res.1);
    }
    res
}

pub struct ReadResult {
    pub checks: Vec<CheckString>,
}

/// An error while reading the check file: either a located diagnostic or a
/// plain message line.
pub enum ReadErr {
    Diag(PErr),
    Plain(String),
}

impl From<PErr> for ReadErr {
    fn from(e: PErr) -> Self {
        ReadErr::Diag(e)
    }
}

/// `FileCheck::readCheckFile`. `implicit` are (buffer, pattern offset)
/// pairs for the `--implicit-check-not` patterns.
pub fn read_check_file(
    req: &Request,
    text: &[u8],
    buf: usize,
    implicit: &[(usize, usize, usize)],
    implicit_texts: &[Vec<u8>],
    ctx: &mut Ctx,
    diag_sink: &mut Vec<PErr>,
) -> Result<ReadResult, ReadErr> {
    let implicit_pats = parse_implicit(req, implicit, implicit_texts, ctx, diag_sink);
    let mut checks: Vec<CheckString> = Vec::new();
    let mut dag_nots: Vec<(Pattern, String)> = Vec::new();
    let mut dag_nots_implicit = true;
    let mut line = 1usize;
    let mut scan = PrefixScan::new(req, text);
    let mut not_found: BTreeSet<String> = req.check_prefixes.iter().cloned().collect();
    let distinct = not_found.len();
    let mut pos = 0usize;
    let mut line_pos = 0usize;
    while let Some((at, k)) = scan.earliest(text, pos) {
        let prefix = scan.prefixes[k].0.clone();
        line += memchr::memchr_iter(b'\n', &text[line_pos..at]).count();
        line_pos = at;
        let after_prefix = at + prefix.len();
        let word_ok = at == pos || !is_part_of_word(text[at - 1]);
        let (found, used) = if word_ok {
            find_check_type(req, &prefix, &text[after_prefix..])
        } else {
            (Found::None, 0)
        };
        let ty = match found {
            Found::None => {
                let mut e = after_prefix;
                while e < text.len() && is_part_of_word(text[e]) {
                    e += 1;
                }
                pos = e;
                continue;
            }
            Found::Comment => None,
            Found::Check(t) => Some(t),
            bad => {
                let end = after_prefix + used;
                return Err(bad_directive(bad, text, buf, at, end, &prefix));
            }
        };
        if ty.is_some() {
            not_found.remove(&prefix);
        }
        let mut p = after_prefix + used;
        if !(req.opts.strict_whitespace && req.opts.match_full_lines) {
            while p < text.len() && (text[p] == b' ' || text[p] == b'\t') {
                p += 1;
            }
        }
        let eol = text[p..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .map_or(text.len(), |e| e + p);
        pos = eol;
        let Some(ty) = ty else {
            continue;
        };
        let pat_text = Sref::new(&text[p..eol], p);
        let pat = Pattern::parse(ty, pat_text, &prefix, Some(line), buf, ctx, &req.opts)?;
        let directive = Loc { buf, off: at };
        if let Some(e) = misplaced(ty, &pat, checks.is_empty(), &prefix, directive) {
            return Err(e);
        }
        if matches!(ty.kind, Kind::Dag | Kind::Not) {
            if dag_nots_implicit {
                dag_nots = clone_implicit(&implicit_pats, req, implicit, implicit_texts, ctx);
                dag_nots_implicit = false;
            }
            dag_nots.push((pat, prefix));
            continue;
        }
        if dag_nots_implicit {
            dag_nots = clone_implicit(&implicit_pats, req, implicit, implicit_texts, ctx);
        }
        checks.push(CheckString {
            pat,
            prefix,
            loc: Loc { buf, off: p },
            dag_nots: std::mem::take(&mut dag_nots),
        });
        dag_nots_implicit = true;
    }
    let no_prefix_found = not_found.len() == distinct;
    let some_unused = !req.allow_unused_prefixes && !not_found.is_empty();
    if (no_prefix_found || some_unused) && (implicit_pats.is_empty() || !req.is_default_prefix) {
        let list: Vec<String> = not_found.iter().map(|p| format!("'{p}:'")).collect();
        return Err(ReadErr::Plain(format!(
            "error: no check strings found with prefix{}{}",
            if not_found.len() > 1 { "es " } else { " " },
            list.join(", ")
        )));
    }
    if dag_nots_implicit {
        dag_nots = clone_implicit(&implicit_pats, req, implicit, implicit_texts, ctx);
    }
    if !dag_nots.is_empty() {
        checks.push(CheckString {
            pat: Pattern::eof(
                Loc {
                    buf,
                    off: text.len(),
                },
                line + 1,
            ),
            prefix: req.check_prefixes[0].clone(),
            loc: Loc {
                buf,
                off: text.len(),
            },
            dag_nots,
        });
    }
    Ok(ReadResult { checks })
}

/// The `--implicit-check-not` patterns; FileCheck reports but otherwise
/// ignores those that do not parse.
fn parse_implicit(
    req: &Request,
    implicit: &[(usize, usize, usize)],
    implicit_texts: &[Vec<u8>],
    ctx: &mut Ctx,
    diag_sink: &mut Vec<PErr>,
) -> Vec<(Pattern, String)> {
    let mut implicit_pats: Vec<(Pattern, String)> = Vec::new();
    for ((ibuf, off, len), t) in implicit.iter().zip(implicit_texts) {
        let s = Sref::new(&t[*off..*off + *len], *off);
        match Pattern::parse(
            CheckType::new(Kind::Not),
            s,
            "IMPLICIT-CHECK",
            None,
            *ibuf,
            ctx,
            &req.opts,
        ) {
            Ok(p) => implicit_pats.push((p, "IMPLICIT-CHECK".into())),
            Err(e) => diag_sink.push(e),
        }
    }
    implicit_pats
}

/// Finds check and comment prefixes in the check file, remembering where
/// each occurs next so each is searched for once per occurrence.
struct PrefixScan {
    /// Longest prefixes first so that e.g. CHECK-A wins over CHECK.
    prefixes: Vec<(String, bool)>,
    next_pos: Vec<Option<usize>>,
}

impl PrefixScan {
    fn new(req: &Request, text: &[u8]) -> Self {
        let mut prefixes: Vec<(String, bool)> = req
            .check_prefixes
            .iter()
            .map(|p| (p.clone(), false))
            .chain(req.comment_prefixes.iter().map(|p| (p.clone(), true)))
            .collect();
        prefixes.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
        let next_pos = prefixes
            .iter()
            .map(|(p, _)| memchr::memmem::find(text, p.as_bytes()))
            .collect();
        PrefixScan { prefixes, next_pos }
    }

    /// The earliest prefix occurrence at or after `pos`: (offset, index in
    /// `prefixes`).
    fn earliest(&mut self, text: &[u8], pos: usize) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for (k, (p, _)) in self.prefixes.iter().enumerate() {
            if let Some(np) = self.next_pos[k] {
                if np < pos {
                    self.next_pos[k] =
                        memchr::memmem::find(&text[pos..], p.as_bytes()).map(|x| x + pos);
                }
            }
            if let Some(np) = self.next_pos[k] {
                if best.is_none_or(|(b, _)| np < b) {
                    best = Some((np, k));
                }
            }
        }
        best
    }
}

fn diag(loc: Loc, msg: String) -> ReadErr {
    ReadErr::Diag(PErr {
        loc,
        msg,
        blank: false,
        exit1: false,
    })
}

/// The error for a misspelled or malformed directive found at `at`, whose
/// prefix and suffix end at `end`.
fn bad_directive(
    found: Found,
    text: &[u8],
    buf: usize,
    at: usize,
    end: usize,
    prefix: &str,
) -> ReadErr {
    match found {
        Found::Misspelled => {
            let d = String::from_utf8_lossy(&text[at..end]).into_owned();
            diag(Loc { buf, off: at }, format!("misspelled directive '{d}'"))
        }
        Found::BadNot => diag(
            Loc { buf, off: end },
            format!("unsupported -NOT combo on prefix '{prefix}'"),
        ),
        Found::BadCount => diag(
            Loc { buf, off: end },
            format!("invalid count in -COUNT specification on prefix '{prefix}'"),
        ),
        Found::None | Found::Comment | Found::Check(_) => unreachable!("not an error"),
    }
}

/// A LABEL using variables, or a NEXT/SAME/EMPTY with no check before it.
fn misplaced(ty: CheckType, pat: &Pattern, first: bool, prefix: &str, loc: Loc) -> Option<ReadErr> {
    if ty.kind == Kind::Label && pat.has_variable() {
        return Some(diag(
            loc,
            format!("found '{prefix}-LABEL:' with variable definition or use"),
        ));
    }
    if matches!(ty.kind, Kind::Next | Kind::Same | Kind::Empty) && first {
        let t = match ty.kind {
            Kind::Next => "NEXT",
            Kind::Empty => "EMPTY",
            _ => "SAME",
        };
        return Some(diag(
            loc,
            format!("found '{prefix}-{t}' without previous '{prefix}: line"),
        ));
    }
    None
}

/// Fresh copies of the implicit CHECK-NOT patterns (patterns are not
/// `Clone` because they own lazily compiled regexes, so re-parse them).
fn clone_implicit(
    pats: &[(Pattern, String)],
    req: &Request,
    implicit: &[(usize, usize, usize)],
    texts: &[Vec<u8>],
    ctx: &mut Ctx,
) -> Vec<(Pattern, String)> {
    if pats.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for ((ibuf, off, len), t) in implicit.iter().zip(texts) {
        let s = Sref::new(&t[*off..*off + *len], *off);
        if let Ok(p) = Pattern::parse(
            CheckType::new(Kind::Not),
            s,
            "IMPLICIT-CHECK",
            None,
            *ibuf,
            ctx,
            &req.opts,
        ) {
            out.push((p, "IMPLICIT-CHECK".into()));
        }
    }
    out
}
