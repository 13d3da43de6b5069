//! The annotated input dump printed after `Input was:` (FileCheck's
//! `-dump-input`), in the format of LLVM 22.

use std::collections::HashMap;
use std::fmt::Write;

use crate::matcher::{Diag, MatchTy};
use crate::source::{Loc, SourceMgr};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Filter {
    Error,
    Annotation,
    AnnotationFull,
    All,
}

struct Annotation {
    index: usize,
    label: String,
    first_line: bool,
    line: usize,
    start_col: usize,
    end_col: usize,
    lead: char,
    note: String,
    is_error: bool,
}

fn marker(t: MatchTy) -> (char, &'static str, bool) {
    match t {
        MatchTy::FoundAndExpected => ('^', "", false),
        MatchTy::FoundButExcluded => ('!', "error: no match expected", true),
        MatchTy::FoundButWrongLine => ('!', "error: match on wrong line", true),
        MatchTy::FoundButDiscarded => ('!', "discard: overlaps earlier match", false),
        MatchTy::NoneAndExcluded => ('X', "", false),
        MatchTy::NoneButExpected => ('X', "error: no match found", true),
        MatchTy::NoneForInvalidPattern => ('X', "error: match failed for invalid pattern", true),
        MatchTy::Fuzzy => ('?', "possible intended match", true),
    }
}

pub struct DumpArgs<'a> {
    pub sm: &'a SourceMgr,
    pub input: usize,
    pub check_buf: usize,
    /// Buffer ids of the `--implicit-check-not` patterns, in order.
    pub implicit_bufs: &'a [usize],
    pub filter: Filter,
    pub context: usize,
}

fn label_prefix(a: &DumpArgs, d: &Diag) -> String {
    let Loc { buf, off } = d.check_loc;
    if buf == a.check_buf {
        format!("{}:{}", d.abbrev, a.sm.bufs[buf].line_col(off).0)
    } else if let Some(i) = a.implicit_bufs.iter().position(|&b| b == buf) {
        format!("{}:imp{}", d.abbrev, i + 1)
    } else {
        format!("{}:?", d.abbrev)
    }
}

fn build(a: &DumpArgs, diags: &[Diag]) -> Vec<Annotation> {
    let input = &a.sm.bufs[a.input];
    let mut per_pattern: HashMap<Loc, usize> = HashMap::new();
    for d in diags {
        *per_pattern.entry(d.check_loc).or_default() += 1;
    }
    let mut index_per_pattern: HashMap<Loc, usize> = HashMap::new();
    let mut out = Vec::new();
    for (index, d) in diags.iter().enumerate() {
        let mut label = label_prefix(a, d);
        if per_pattern[&d.check_loc] > 1 {
            let i = index_per_pattern.entry(d.check_loc).or_default();
            let _ = write!(label, "'{i}");
            *i += 1;
        }
        let (mut lead, note, is_error) = marker(d.match_ty);
        let mut note = note.to_string();
        if !d.note.is_empty() {
            note = d.note.clone();
            if d.range.0 == d.range.1 {
                lead = ' ';
            }
        }
        let (sl, sc) = input.line_col(d.range.0);
        let (el, ec) = input.line_col(d.range.1);
        let mut ann = Annotation {
            index,
            label,
            first_line: true,
            line: sl,
            start_col: sc,
            end_col: 0,
            lead,
            note,
            is_error,
        };
        if sl == el {
            ann.end_col = (sc + 1).max(ec);
            out.push(ann);
        } else {
            ann.end_col = usize::MAX;
            let (label, lead) = (ann.label.clone(), ann.lead);
            let _ = lead;
            out.push(ann);
            for l in sl + 1..=el {
                if ec == 1 && l == el {
                    break;
                }
                out.push(Annotation {
                    index,
                    label: label.clone(),
                    first_line: false,
                    line: l,
                    start_col: 1,
                    end_col: if l != el { usize::MAX } else { ec },
                    lead: '~',
                    note: String::new(),
                    is_error,
                });
            }
        }
    }
    out.sort_by_key(|x| (x.line, x.index));
    out
}

fn in_filter(filter: Filter, line: usize, anns: &[Annotation]) -> usize {
    if filter == Filter::All {
        return line;
    }
    for a in anns {
        let hit = match filter {
            Filter::AnnotationFull => true,
            Filter::Annotation => a.first_line,
            Filter::Error => a.first_line && a.is_error,
            Filter::All => unreachable!(),
        };
        if hit {
            return a.line;
        }
    }
    usize::MAX
}

fn flush_elided(out: &mut String, elided: &mut String, width: usize) {
    if elided.is_empty() {
        return;
    }
    if elided.matches('\n').count() > 3 {
        for _ in 0..3 {
            let _ = writeln!(out, "{:>width$}", ".");
        }
    } else {
        out.push_str(elided);
    }
    elided.clear();
}

pub fn dump(a: &DumpArgs, diags: &[Diag], out: &mut String) {
    let anns = build(a, diags);
    out.push_str("Input was:\n<<<<<<\n");
    let text = &a.sm.bufs[a.input].text;
    let mut line_count = a.sm.bufs[a.input].line_count();
    if text.last() != Some(&b'\n') {
        line_count += 1;
    }
    let digits = line_count.max(1).to_string().len();
    let width = anns
        .iter()
        .map(|x| x.label.len())
        .max()
        .unwrap_or(0)
        .max(digits)
        + 3;
    let mut prev_in: usize = 0;
    let mut next_in: usize = 0;
    let mut elided = String::new();
    let mut pos = 0usize;
    let mut ai = 0usize;
    let mut line = 1usize;
    while pos < text.len() || ai < anns.len() {
        if next_in < line {
            next_in = in_filter(a.filter, line, &anns[ai..]);
        }
        if next_in == line {
            prev_in = line;
        }
        let elide = (prev_in == 0 || prev_in + a.context < line)
            && (next_in == usize::MAX || line + a.context < next_in);
        let mut s = String::new();
        let _ = write!(s, "{line:>width$}: ");
        let start = pos;
        while pos < text.len() {
            let c = text[pos];
            pos += 1;
            if c == b'\n' {
                break;
            }
        }
        let mut content = String::from_utf8_lossy(&text[start..pos]).into_owned();
        if content.ends_with('\n') {
            content.pop();
            content.push(' ');
        }
        s.push_str(&content);
        s.push('\n');
        let line_width = pos - start;
        while ai < anns.len() && anns[ai].line == line {
            let an = &anns[ai];
            let _ = write!(s, "{:<width$}  ", an.label);
            let mut col = 1;
            while col < an.start_col {
                s.push(' ');
                col += 1;
            }
            s.push(an.lead);
            col += 1;
            while col < an.end_col && col <= line_width {
                s.push('~');
                col += 1;
            }
            if !an.note.is_empty() {
                while col <= line_width {
                    s.push(' ');
                    col += 1;
                }
                s.push(' ');
                s.push_str(&an.note);
            }
            s.push('\n');
            ai += 1;
        }
        if elide {
            elided.push_str(&s);
        } else {
            flush_elided(out, &mut elided, width);
            out.push_str(&s);
        }
        line += 1;
    }
    flush_elided(out, &mut elided, width);
    out.push_str(">>>>>>\n");
}
