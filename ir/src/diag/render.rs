//! Rendering diagnostics exactly as mlir-opt's source-manager handler writes them:
//! `file:line:col: error: message`, then the source line and a caret line.
//!
//! The snippet is LLVM's (one source line, `^` under the column, `~` under a range)
//! rather than an ariadne frame, so that whole stderr transcripts compare equal to
//! mlir-opt's and existing CHECK lines on them keep working.

use super::loc_text::{find_call_site, find_file_line_col, loc_to_string, location};
use super::{Diagnostic, Severity, SourceMgr};
use crate::attributes::Location;
use crate::context::Context;
use crate::entity::Attr;

/// How many callers of a call-site location are shown ("called from" notes).
const CALL_STACK_LIMIT: usize = 10;
const TAB_STOP: usize = 8;

/// The text written to stderr for one diagnostic and its notes.
pub fn render(d: &Diagnostic, ctx: &Context, sm: &SourceMgr) -> String {
    let mut out = String::new();
    emit(&mut out, ctx, sm, d.loc, &d.message, d.severity, true);

    // A call site shows its callers, innermost first.
    let mut loc = d.loc;
    if let Some((_, caller)) = find_call_site(ctx, loc) {
        loc = caller;
        for _ in 0..CALL_STACK_LIMIT {
            emit(&mut out, ctx, sm, loc, "called from", Severity::Note, true);
            match find_call_site(ctx, loc) {
                Some((_, c)) => loc = c,
                None => break,
            }
        }
    }

    // A note repeats the source line only when its location differs from the last.
    let mut stack: Vec<&Diagnostic> = d.notes.iter().rev().collect();
    while let Some(note) = stack.pop() {
        emit(
            &mut out,
            ctx,
            sm,
            note.loc,
            &note.message,
            note.severity,
            note.loc != loc,
        );
        loc = note.loc;
        stack.extend(note.notes.iter().rev());
    }
    out
}

/// One message at one location (MLIR's single-location `emitDiagnostic`).
pub fn render_at(
    out: &mut String,
    ctx: &Context,
    sm: &SourceMgr,
    loc: Attr,
    message: &str,
    severity: Severity,
) {
    emit(out, ctx, sm, loc, message, severity, true);
}

fn emit(
    out: &mut String,
    ctx: &Context,
    sm: &SourceMgr,
    loc: Attr,
    message: &str,
    severity: Severity,
    show_source: bool,
) {
    let kind = severity.as_str();
    let Some(Location::FileLineCol {
        file,
        line,
        col,
        end_line,
        end_col,
        ..
    }) = find_file_line_col(ctx, loc).and_then(|fl| location(ctx, fl))
    else {
        out.push_str("<unknown>:0: ");
        out.push_str(kind);
        out.push_str(": ");
        if !matches!(location(ctx, loc), Some(Location::Unknown)) {
            out.push_str(&loc_to_string(ctx, loc));
            out.push_str(": ");
        }
        out.push_str(message);
        out.push('\n');
        return;
    };
    let file = String::from_utf8_lossy(ctx.bytes(*file));
    let (line, col) = (*line, *col);
    out.push_str(&format!("{file}:{line}:{col}: {kind}: {message}\n"));
    if !show_source || line == 0 || col == 0 {
        return;
    }
    let Some(text) = sm.find(&file, line).and_then(|b| b.line_text(line)) else {
        return;
    };
    // LLVM ends a line at '\r' too, and rejects columns past the line's end.
    let text = &text[..text.find('\r').unwrap_or(text.len())];
    let caret = col as usize - 1;
    if caret > text.len() {
        // The header stays; only the snippet is dropped, as in mlir-opt.
        return;
    }
    let range_end = match (*end_line, *end_col) {
        (None, Some(ec)) => Some(ec),
        (Some(el), Some(ec)) if el == line => Some(ec),
        _ => None,
    };
    snippet(
        out,
        text,
        caret,
        range_end.map(|e| e.saturating_sub(1) as usize),
    );
}

/// The source line (tabs expanded) and, for ASCII lines, the caret line under it.
fn snippet(out: &mut String, text: &str, caret: usize, range_end: Option<usize>) {
    let mut col = 0;
    for c in text.chars() {
        if c == '\t' {
            loop {
                out.push(' ');
                col += 1;
                if col % TAB_STOP == 0 {
                    break;
                }
            }
        } else {
            out.push(c);
            col += c.len_utf8();
        }
    }
    out.push('\n');
    if !text.is_ascii() {
        // LLVM cannot place a caret under multi-byte text and omits the line.
        return;
    }
    let bytes = text.as_bytes();
    let mut marks = vec![b' '; bytes.len() + 1];
    if let Some(end) = range_end {
        for m in marks.iter_mut().take(end.min(bytes.len())).skip(caret) {
            *m = b'~';
        }
    }
    marks[caret] = b'^';
    let used = marks.iter().rposition(|&m| m != b' ').map_or(0, |p| p + 1);
    let mut col = 0;
    for (i, &m) in marks[..used].iter().enumerate() {
        if bytes.get(i) == Some(&b'\t') {
            loop {
                out.push(m as char);
                col += 1;
                if col % TAB_STOP == 0 {
                    break;
                }
            }
        } else {
            out.push(m as char);
            col += 1;
        }
    }
    out.push('\n');
}

#[cfg(test)]
#[path = "render_tests.rs"]
mod tests;
