//! `--verify-diagnostics`: checks `expected-error@+1 {{...}}` annotations in a buffer
//! against the diagnostics produced, as mlir-opt 22 does.
//!
//! mlir-opt verifies a split input file with one handler over the whole file, so
//! call this once, with the whole-file buffer and the diagnostics of every chunk.

use super::loc_text::{find_file_line_col, loc_to_string, location};
use super::{pattern::llvm_regex, Diagnostic, Severity, SourceBuffer};
use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::entity::Attr;
use regex::Regex;

/// The failures of verification, as diagnostics to render (empty when every expected
/// diagnostic was produced and nothing unexpected was).
pub fn verify_diagnostics(
    ctx: &mut Context,
    buf: &SourceBuffer,
    produced: &[Diagnostic],
) -> Vec<Diagnostic> {
    verify_diagnostics_with(ctx, buf, produced, false)
}

/// `only_expected` is `--verify-diagnostics=only-expected`: diagnostics that no
/// annotation expects are let through instead of reported.
pub fn verify_diagnostics_with(
    ctx: &mut Context,
    buf: &SourceBuffer,
    produced: &[Diagnostic],
    only_expected: bool,
) -> Vec<Diagnostic> {
    let mut failures = Vec::new();
    let mut expected = parse_expectations(ctx, buf, &mut failures);

    let mut stack: Vec<&Diagnostic> = produced.iter().rev().collect();
    while let Some(d) = stack.pop() {
        check(ctx, buf, &mut expected, d, only_expected, &mut failures);
        stack.extend(d.notes.iter().rev());
    }

    for e in expected.in_file.iter().chain(&expected.unknown) {
        if !e.matched {
            failures.push(not_produced(ctx, e));
        }
    }
    // mlir-opt checks the unknown-location expectations a second time when its
    // handler is destroyed, so each missing one is reported twice.
    for e in &expected.unknown {
        if !e.matched {
            failures.push(not_produced(ctx, e));
        }
    }
    failures
}

/// One `expected-*` annotation.
struct Expected {
    kind: Severity,
    /// The line whose diagnostics it matches (whole-file numbering).
    line: u32,
    /// Where the annotation starts (`expected-`), for errors about it; `unknown`
    /// for `@unknown`.
    loc: Attr,
    text: String,
    regex: Option<Regex>,
    matched: bool,
}

impl Expected {
    fn matches(&self, msg: &str) -> bool {
        match &self.regex {
            Some(r) => r.is_match(msg),
            None => msg.contains(&self.text),
        }
    }
}

#[derive(Default)]
struct Expectations {
    in_file: Vec<Expected>,
    unknown: Vec<Expected>,
}

/// Where an annotation applies.
enum Target {
    Here,
    Relative(bool, u32),
    Above,
    Below,
    Unknown,
}

/// An annotation as written: `expected-<kind>[-re] [@target] {{text}}` ending its line.
struct Annotation<'a> {
    start: usize,
    kind: Severity,
    is_regex: bool,
    target: Target,
    text: &'a str,
}

fn parse_expectations(
    ctx: &mut Context,
    buf: &SourceBuffer,
    failures: &mut Vec<Diagnostic>,
) -> Expectations {
    let mut out = Expectations::default();
    let lines: Vec<&str> = buf.text.split('\n').collect();
    let num_lines = lines.len() as u32;
    let first = 1 + buf.line_offset;
    let mut last_plain_line = 0u32;
    let mut pending_below: Vec<usize> = Vec::new();
    for (idx, raw) in lines.iter().enumerate() {
        let idx = idx as u32;
        let Some(a) =
            parse_annotation(raw.trim_end_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']))
        else {
            for i in pending_below.drain(..) {
                out.in_file[i].line = idx + first;
            }
            last_plain_line = idx;
            continue;
        };
        let line = idx + first;
        let col = a.start as u32 + 1;
        let regex = if a.is_regex {
            match llvm_regex(a.text) {
                Ok(r) => Some(r),
                Err(msg) => {
                    let loc = range_loc(ctx, &buf.name, line, col, a.text.len());
                    failures.push(Diagnostic::error(loc, msg));
                    continue;
                }
            }
        } else {
            None
        };
        let mut e = Expected {
            kind: a.kind,
            line,
            loc: ctx.file_loc(&buf.name, line, col),
            text: a.text.to_string(),
            regex,
            matched: false,
        };
        match a.target {
            Target::Here => {}
            // Line arithmetic wraps like mlir-opt's unsigned line numbers.
            Target::Relative(true, n) => e.line = e.line.wrapping_add(n),
            Target::Relative(false, n) => e.line = e.line.wrapping_sub(n),
            Target::Above => e.line = last_plain_line + first,
            Target::Below => {
                pending_below.push(out.in_file.len());
                // Dangling at the end of the buffer: the line past the last one.
                e.line = num_lines + buf.line_offset;
            }
            Target::Unknown => {
                e.loc = ctx.unknown_loc();
                out.unknown.push(e);
                continue;
            }
        }
        out.in_file.push(e);
    }
    out
}

/// The leftmost annotation in a line (the line already stripped of trailing space).
fn parse_annotation(line: &str) -> Option<Annotation<'_>> {
    let mut from = 0;
    while let Some(pos) = line[from..].find("expected-") {
        let start = from + pos;
        if let Some(a) = parse_annotation_at(line, start) {
            return Some(a);
        }
        from = start + 1;
    }
    None
}

fn parse_annotation_at(line: &str, start: usize) -> Option<Annotation<'_>> {
    let mut rest = &line[start + "expected-".len()..];
    let kind = [
        ("error", Severity::Error),
        ("note", Severity::Note),
        ("remark", Severity::Remark),
        ("warning", Severity::Warning),
    ]
    .into_iter()
    .find_map(|(w, k)| {
        rest.strip_prefix(w).map(|r| {
            rest = r;
            k
        })
    })?;
    // `-re` is optional; a following ` *{{` decides, as in a backtracking regex.
    [true, false]
        .into_iter()
        .filter_map(|is_regex| {
            let r = if is_regex {
                rest.strip_prefix("-re")?
            } else {
                rest
            };
            let (target, r) = parse_target(r.trim_start_matches(' '))?;
            let body = r.trim_start_matches(' ');
            let text = body.strip_prefix("{{")?.strip_suffix("}}")?;
            Some(Annotation {
                start,
                kind,
                is_regex,
                target,
                text,
            })
        })
        .next()
}

/// `@+N`, `@-N`, `@above`, `@below`, `@unknown`, or nothing.
fn parse_target(s: &str) -> Option<(Target, &str)> {
    let Some(r) = s.strip_prefix('@') else {
        return Some((Target::Here, s));
    };
    for (word, t) in [
        ("above", Target::Above),
        ("below", Target::Below),
        ("unknown", Target::Unknown),
    ] {
        if let Some(r) = r.strip_prefix(word) {
            return Some((t, r));
        }
    }
    // Anything else after `@` is no target, and `{{` cannot follow `@` either.
    let plus = match r.as_bytes().first()? {
        b'+' => true,
        b'-' => false,
        _ => return None,
    };
    let digits = r[1..].bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    Some((
        Target::Relative(plus, line_offset(&r[1..1 + digits])),
        &r[1 + digits..],
    ))
}

/// LLVM's radix auto-detection: a leading `0` means octal. An unparsable offset
/// is undefined in mlir-opt; 0 here.
fn line_offset(digits: &str) -> u32 {
    let parsed = if digits.len() > 1 && digits.starts_with('0') {
        u32::from_str_radix(&digits[1..], 8)
    } else {
        digits.parse()
    };
    parsed.ok().filter(|&n| n <= i32::MAX as u32).unwrap_or(0)
}

/// Matches one produced diagnostic (or note) against the expectations.
fn check(
    ctx: &mut Context,
    buf: &SourceBuffer,
    expected: &mut Expectations,
    d: &Diagnostic,
    only_expected: bool,
    failures: &mut Vec<Diagnostic>,
) {
    let file_loc = find_file_line_col(ctx, d.loc);
    let (candidates, line) = match file_loc.and_then(|fl| location(ctx, fl)) {
        Some(Location::FileLineCol { file, line, .. }) => {
            if ctx.bytes(*file) == buf.name.as_bytes() {
                (&mut expected.in_file[..], Some(*line))
            } else {
                (&mut [][..], Some(*line))
            }
        }
        _ => (&mut expected.unknown[..], None),
    };
    let mut near_miss = None;
    for e in candidates.iter_mut() {
        if line.is_some_and(|l| l != e.line) || !e.matches(&d.message) {
            continue;
        }
        // An expectation may absorb any number of equal diagnostics.
        if e.kind == d.severity {
            e.matched = true;
            return;
        }
        near_miss = Some((e.loc, e.kind));
    }
    if only_expected {
        return;
    }
    let kind = d.severity.as_str();
    if let Some((loc, want)) = near_miss {
        failures.push(Diagnostic::error(
            loc,
            format!(
                "'{kind}' diagnostic emitted when expecting a '{}'",
                want.as_str()
            ),
        ));
        return;
    }
    let msg = format!("unexpected {kind}: {}", d.message);
    failures.push(match file_loc {
        Some(fl) => Diagnostic::error(fl, msg),
        // Shown as `loc(...): message` at no position, without call-site notes.
        None if matches!(location(ctx, d.loc), Some(Location::Unknown)) => {
            Diagnostic::error(d.loc, msg)
        }
        None => {
            let prefix = loc_to_string(ctx, d.loc);
            Diagnostic::error(ctx.unknown_loc(), format!("{prefix}: {msg}"))
        }
    });
}

fn not_produced(ctx: &mut Context, e: &Expected) -> Diagnostic {
    let loc = match location(ctx, e.loc) {
        Some(&Location::FileLineCol {
            file, line, col, ..
        }) => {
            let file = String::from_utf8_lossy(ctx.bytes(file)).into_owned();
            range_loc(ctx, &file, line, col, e.text.len())
        }
        _ => e.loc,
    };
    Diagnostic::error(
        loc,
        format!(
            "expected {} \"{}\" was not produced",
            e.kind.as_str(),
            e.text
        ),
    )
}

/// A location underlined over `len` bytes from `col` (the annotation's text length,
/// as mlir-opt underlines it).
fn range_loc(ctx: &mut Context, file: &str, line: u32, col: u32, len: usize) -> Attr {
    let file = ctx.ident(file);
    ctx.intern_attr(AttrKind::Location(Location::FileLineCol {
        file,
        line,
        col,
        end_line: None,
        end_col: Some(col.saturating_add(len as u32)),
        line_only: false,
    }))
}

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;
