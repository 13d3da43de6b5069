//! Matching check strings against the input (FileCheck's `checkInput`,
//! `FileCheckString::Check`, `CheckDag`, `CheckNot`, `CheckNext`...).

use crate::checkfile::CheckString;
use crate::pattern::{Ctx, Kind, MatchErr, Pattern};
use crate::source::{self, Loc, SourceMgr};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchTy {
    FoundAndExpected,
    FoundButExcluded,
    FoundButWrongLine,
    FoundButDiscarded,
    NoneAndExcluded,
    NoneButExpected,
    NoneForInvalidPattern,
    Fuzzy,
}

/// One annotation for the input dump (FileCheckDiag).
#[derive(Clone, Debug)]
pub struct Diag {
    pub abbrev: &'static str,
    pub check_loc: Loc,
    pub match_ty: MatchTy,
    /// Input byte range.
    pub range: (usize, usize),
    pub note: String,
}

pub struct Options {
    pub verbose: bool,
    pub vv: bool,
    pub enable_var_scope: bool,
    pub allow_dag_overlap: bool,
    pub dump: bool,
}

pub struct Matcher<'a> {
    pub sm: &'a SourceMgr,
    pub ctx: &'a mut Ctx,
    pub input: usize,
    pub opts: Options,
    pub out: String,
    pub diags: Vec<Diag>,
}

type Range = (usize, usize);

impl Matcher<'_> {
    fn text(&self) -> &[u8] {
        &self.sm.bufs[self.input].text
    }

    fn at(&self, off: usize) -> Loc {
        Loc {
            buf: self.input,
            off,
        }
    }

    fn msg(&mut self, loc: Loc, kind: source::Kind, msg: &str, range: Option<Range>) {
        let s = self.sm.format(loc, kind, msg, range);
        self.out.push_str(&s);
    }

    fn note(&mut self, off: usize, msg: &str, range: Option<Range>) {
        self.msg(self.at(off), source::Kind::Note, msg, range);
    }

    fn diag(&mut self, pat: &Pattern, match_ty: MatchTy, range: Range, note: String) {
        if self.opts.dump {
            self.diags.push(Diag {
                abbrev: pat.ty.abbrev(),
                check_loc: pat.loc,
                match_ty,
                range,
                note,
            });
        }
    }

    /// Returns true when an error was reported.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        expected: bool,
        prefix: &str,
        loc: Loc,
        pat: &Pattern,
        count: usize,
        buf: Range,
        res: &Result<(usize, usize), MatchErr>,
    ) -> bool {
        match res {
            Ok((p, l)) => self.print_match(
                expected,
                prefix,
                loc,
                pat,
                count,
                (buf.0 + p, buf.0 + p + l),
            ),
            Err(e) => self.print_no_match(expected, prefix, loc, pat, count, buf, e),
        }
    }

    fn print_match(
        &mut self,
        expected: bool,
        prefix: &str,
        loc: Loc,
        pat: &Pattern,
        count: usize,
        range: Range,
    ) -> bool {
        let has_error = !expected;
        if !has_error && (!self.opts.verbose || (!self.opts.vv && pat.is_eof())) {
            return false;
        }
        let ty = if expected {
            MatchTy::FoundAndExpected
        } else {
            MatchTy::FoundButExcluded
        };
        self.diag(pat, ty, range, String::new());
        let notes = pat.subst_notes(self.ctx);
        let caps = pat.captured_vars(self.ctx);
        for n in &notes {
            self.diag(pat, ty, (range.0, range.0), n.clone());
        }
        for (name, r) in &caps {
            self.diag(pat, ty, *r, format!("captured var \"{name}\""));
        }
        if !has_error && self.opts.dump {
            return false;
        }
        let m = match_message(pat, prefix, expected, "found", count);
        let kind = if expected {
            source::Kind::Remark
        } else {
            source::Kind::Error
        };
        self.msg(loc, kind, &m, None);
        self.note(range.0, "found here", Some(range));
        for n in &notes {
            self.note(range.0, n, None);
        }
        for (name, r) in &caps {
            self.note(r.0, &format!("captured var \"{name}\""), Some(*r));
        }
        has_error
    }

    #[allow(clippy::too_many_arguments)]
    fn print_no_match(
        &mut self,
        expected: bool,
        prefix: &str,
        loc: Loc,
        pat: &Pattern,
        count: usize,
        buf: Range,
        err: &MatchErr,
    ) -> bool {
        let mut has_error = expected;
        let mut pattern_error = false;
        let mut ty = if expected {
            MatchTy::NoneButExpected
        } else {
            MatchTy::NoneAndExcluded
        };
        let mut msgs = Vec::new();
        if let MatchErr::Errors(errs) = err {
            has_error = true;
            pattern_error = true;
            ty = MatchTy::NoneForInvalidPattern;
            for (l, m) in errs {
                let s = self.sm.format(*l, source::Kind::Error, m, None);
                self.out.push_str(&s);
                msgs.push(m.clone());
            }
        }
        if !has_error && !self.opts.vv {
            return false;
        }
        self.diag(pat, ty, buf, String::new());
        for m in &msgs {
            self.diag(pat, ty, (buf.0, buf.0), m.clone());
        }
        let notes = pat.subst_notes(self.ctx);
        for n in &notes {
            self.diag(pat, ty, (buf.0, buf.0), n.clone());
        }
        if !has_error && self.opts.dump {
            return false;
        }
        if !pattern_error {
            let m = match_message(pat, prefix, expected, "not found", count);
            let kind = if expected {
                source::Kind::Error
            } else {
                source::Kind::Remark
            };
            self.msg(loc, kind, &m, None);
            self.note(buf.0, "scanning from here", None);
        }
        for n in &notes {
            self.note(buf.0, n, None);
        }
        if expected {
            let text = &self.sm.bufs[self.input].text[buf.0..buf.1];
            if let Some(b) = pat.fuzzy_match(text) {
                self.diag(pat, MatchTy::Fuzzy, (buf.0 + b, buf.0 + b), String::new());
                self.note(buf.0 + b, "possible intended match here", None);
            }
        }
        has_error
    }

    /// `FileCheckString::Check`: returns the absolute match start and length.
    fn check(&mut self, cs: &CheckString, start: usize, end: usize, scan: bool) -> Option<Range> {
        let mut last_pos = start;
        let mut nots: Vec<usize> = Vec::new();
        if !scan {
            last_pos = self.check_dag(cs, start, end, &mut nots)?;
        }
        let mut last_end = last_pos;
        let mut first = last_pos;
        for i in 1..=cs.pat.ty.count {
            let hay = &self.sm.bufs[self.input].text[last_end..end];
            let r = cs.pat.do_match(self.ctx, hay, last_end);
            if self.report(true, &cs.prefix, cs.loc, &cs.pat, i, (last_end, end), &r) {
                return None;
            }
            let (p, l) = r.ok()?;
            if i == 1 {
                first = last_end + p;
            }
            last_end += p + l;
        }
        let len = last_end - first;
        if !scan {
            if self.check_next(cs, last_pos, first) || self.check_same(cs, last_pos, first) {
                if self.opts.verbose {
                    for d in self.diags.iter_mut().rev() {
                        if d.check_loc != cs.pat.loc {
                            break;
                        }
                        d.match_ty = MatchTy::FoundButWrongLine;
                    }
                } else {
                    self.diag(
                        &cs.pat,
                        MatchTy::FoundButWrongLine,
                        (first, first + len),
                        String::new(),
                    );
                }
                return None;
            }
            if self.check_not(cs, (last_pos, first), &nots) {
                return None;
            }
        }
        Some((first, len))
    }

    /// Counts newlines (`\r\n` and `\n\r` count once); also returns the
    /// offset just past the first one.
    fn count_newlines(&self, a: usize, b: usize) -> (usize, usize) {
        let t = &self.text()[a..b];
        let mut n = 0;
        let mut first = b;
        let mut i = 0;
        while i < t.len() {
            if t[i] != b'\n' && t[i] != b'\r' {
                i += 1;
                continue;
            }
            n += 1;
            if i + 1 < t.len() && (t[i + 1] == b'\n' || t[i + 1] == b'\r') && t[i] != t[i + 1] {
                i += 1;
            }
            i += 1;
            if n == 1 {
                first = a + i;
            }
        }
        (n, first)
    }

    fn check_next(&mut self, cs: &CheckString, a: usize, b: usize) -> bool {
        let name = match cs.pat.ty.kind {
            Kind::Next => format!("{}-NEXT", cs.prefix),
            Kind::Empty => format!("{}-EMPTY", cs.prefix),
            _ => return false,
        };
        let (n, first_nl) = self.count_newlines(a, b);
        if n == 0 {
            self.msg(
                cs.loc,
                source::Kind::Error,
                &format!("{name}: is on the same line as previous match"),
                None,
            );
            self.note(b, "'next' match was here", None);
            self.note(a, "previous match ended here", None);
            return true;
        }
        if n != 1 {
            self.msg(
                cs.loc,
                source::Kind::Error,
                &format!("{name}: is not on the line after the previous match"),
                None,
            );
            self.note(b, "'next' match was here", None);
            self.note(a, "previous match ended here", None);
            self.note(
                first_nl,
                "non-matching line after previous match is here",
                None,
            );
            return true;
        }
        false
    }

    fn check_same(&mut self, cs: &CheckString, a: usize, b: usize) -> bool {
        if cs.pat.ty.kind != Kind::Same {
            return false;
        }
        if self.count_newlines(a, b).0 != 0 {
            self.msg(
                cs.loc,
                source::Kind::Error,
                &format!(
                    "{}-SAME: is not on the same line as the previous match",
                    cs.prefix
                ),
                None,
            );
            self.note(b, "'next' match was here", None);
            self.note(a, "previous match ended here", None);
            return true;
        }
        false
    }

    fn check_not(&mut self, cs: &CheckString, r: Range, nots: &[usize]) -> bool {
        let mut fail = false;
        for &k in nots {
            let (pat, prefix) = &cs.dag_nots[k];
            let hay = &self.sm.bufs[self.input].text[r.0..r.1];
            let res = pat.do_match(self.ctx, hay, r.0);
            if self.report(false, prefix, pat.loc, pat, 1, r, &res) {
                fail = true;
            }
        }
        fail
    }

    fn check_dag(
        &mut self,
        cs: &CheckString,
        start: usize,
        end: usize,
        nots: &mut Vec<usize>,
    ) -> Option<usize> {
        if cs.dag_nots.is_empty() {
            return Some(start);
        }
        let mut start_pos = start;
        let mut ranges: Vec<Range> = Vec::new();
        let n = cs.dag_nots.len();
        for k in 0..n {
            let (pat, prefix) = &cs.dag_nots[k];
            if pat.ty.kind == Kind::Not {
                nots.push(k);
                continue;
            }
            let mut match_pos = start_pos;
            let mut mi = 0usize;
            let m = loop {
                let hay = &self.sm.bufs[self.input].text[match_pos..end];
                let res = pat.do_match(self.ctx, hay, match_pos);
                if (res.is_err() || self.opts.vv)
                    && self.report(true, prefix, pat.loc, pat, 1, (match_pos, end), &res)
                {
                    return None;
                }
                let (p, l) = res.ok()?;
                let m = (match_pos + p, match_pos + p + l);
                if self.opts.allow_dag_overlap {
                    if let Some(b) = ranges.first_mut() {
                        b.0 = b.0.min(m.0);
                        b.1 = b.1.max(m.1);
                    } else {
                        ranges.push(m);
                    }
                    break m;
                }
                let mut overlap = false;
                while mi < ranges.len() {
                    if m.0 < ranges[mi].1 {
                        overlap = ranges[mi].0 < m.1;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, m);
                    break m;
                }
                if self.opts.vv {
                    let old = ranges[mi];
                    if self.opts.dump {
                        for d in self.diags.iter_mut().rev() {
                            if d.check_loc != pat.loc {
                                break;
                            }
                            d.match_ty = MatchTy::FoundButDiscarded;
                        }
                    } else {
                        self.note(
                            old.0,
                            "match discarded, overlaps earlier DAG match here",
                            Some(old),
                        );
                    }
                }
                match_pos = ranges[mi].1;
                mi += 1;
            };
            if !self.opts.vv {
                self.print_match(true, prefix, pat.loc, pat, 1, m);
            }
            let group_end = k + 1 == n || cs.dag_nots[k + 1].0.ty.kind == Kind::Not;
            if group_end {
                if !nots.is_empty() {
                    if self.check_not(cs, (start_pos, ranges[0].0), nots) {
                        return None;
                    }
                    nots.clear();
                }
                start_pos = ranges.last().map_or(start_pos, |r| r.1);
                ranges.clear();
            }
        }
        Some(start_pos)
    }

    /// `FileCheck::checkInput`: true when all checks pass.
    pub fn check_input(&mut self, checks: &[CheckString]) -> bool {
        let len = self.text().len();
        let mut buf_start = 0usize;
        let mut failed = false;
        let (mut i, mut j) = (0usize, 0usize);
        let e = checks.len();
        loop {
            let region;
            if j == e {
                region = (buf_start, len);
            } else {
                if checks[j].pat.ty.kind != Kind::Label {
                    j += 1;
                    continue;
                }
                let Some((p, l)) = self.check(&checks[j], buf_start, len, true) else {
                    return false;
                };
                region = (buf_start, p + l);
                buf_start = p + l;
                j += 1;
            }
            if i != 0 && self.opts.enable_var_scope {
                self.ctx.clear_local_vars();
            }
            let mut cur = region.0;
            while i != j {
                match self.check(&checks[i], cur, region.1, false) {
                    None => {
                        failed = true;
                        i = j;
                        break;
                    }
                    Some((p, l)) => cur = p + l,
                }
                i += 1;
            }
            if j == e {
                break;
            }
        }
        !failed
    }
}

/// `CHECK: expected string not found in input (2 out of 3)` and its variants.
fn match_message(pat: &Pattern, prefix: &str, expected: bool, what: &str, count: usize) -> String {
    let mut m = format!(
        "{}: {} string {what} in input",
        pat.ty.description(prefix),
        if expected { "expected" } else { "excluded" }
    );
    if pat.ty.count > 1 {
        m += &format!(" ({} out of {})", count, pat.ty.count);
    }
    m
}
