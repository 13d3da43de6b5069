//! `--diagnostics=pretty`: diagnostics drawn for a person with ariadne. The message
//! heads the report; the source around its location is shown with the span
//! underlined; notes and labels (e.g. each use along a placement conflict's chain)
//! become labelled spans in their own files' snippets, and what has no source
//! position becomes a note line under the drawing.

use super::loc_text::{find_call_site, find_file_line_col, loc_to_string, location};
use super::{Diagnostic, Severity, SourceMgr};
use crate::attributes::Location;
use crate::context::Context;
use crate::entity::Attr;
use ariadne::{Color, Config, FnCache, IndexType, Label, Report, ReportKind, Source};
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

/// How diagnostics are written to stderr.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// mlir-opt's text, byte for byte (the default; tests match it).
    Mlir,
    /// ariadne's drawing, coloured or not.
    Pretty { color: bool },
}

impl Style {
    /// `--diagnostics=VALUE`: `mlir` or `pretty` (colour when stderr is a terminal
    /// and `NO_COLOR` is unset or empty).
    pub fn from_flag(value: &str) -> Option<Style> {
        match value {
            "mlir" => Some(Style::Mlir),
            "pretty" => Some(Style::Pretty {
                color: stderr_wants_color(),
            }),
            _ => None,
        }
    }
}

/// Colour only for a person at a terminal who has not asked for none
/// (<https://no-color.org>).
pub fn stderr_wants_color() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// One diagnostic in `style`.
pub fn render_styled(d: &Diagnostic, ctx: &Context, sm: &SourceMgr, style: Style) -> String {
    match style {
        Style::Mlir => super::render(d, ctx, sm),
        Style::Pretty { color } => render_pretty(d, ctx, sm, color),
    }
}

/// A source buffer as ariadne names it: its index in the [`SourceMgr`] (two
/// chunks of one split file share a name) shown as the buffer's name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct BufId(usize, String);

impl fmt::Display for BufId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.1)
    }
}

type Span = (BufId, Range<usize>);

/// The byte range a location stands for: its range when it has one, else the
/// token that starts at its column (an op name, a value, a quoted string).
fn span_of(ctx: &Context, sm: &SourceMgr, loc: Attr) -> Option<Span> {
    let fl = find_file_line_col(ctx, loc)?;
    let Some(Location::FileLineCol {
        file,
        line,
        col,
        end_line,
        end_col,
        ..
    }) = location(ctx, fl)
    else {
        return None;
    };
    let (line, col) = (*line, (*col).max(1));
    let name = String::from_utf8_lossy(ctx.bytes(*file));
    let index = sm
        .buffers
        .iter()
        .rposition(|b| b.name == name && b.line_text(line).is_some())?;
    let b = &sm.buffers[index];
    let start = b.offset(line, col)?;
    let line_end = start + b.text[start..].find('\n').unwrap_or(b.text.len() - start);
    let end = match (*end_line, *end_col) {
        (None, Some(ec)) => b.offset(line, ec),
        (Some(el), Some(ec)) if el == line => b.offset(line, ec),
        _ => None,
    }
    .filter(|&e| e > start && e <= line_end)
    .unwrap_or_else(|| token_end(&b.text[..line_end], start));
    Some((BufId(index, b.name.clone()), start..end))
}

/// The end of the token at `start`: a quoted string, or a run of identifier
/// characters (`%x#1`, `"graph.relu"`, `@fn`, `i32`); at least one char.
fn token_end(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    let Some(first) = rest.chars().next() else {
        return start;
    };
    if first == '"' {
        let mut escaped = false;
        for (i, c) in rest.char_indices().skip(1) {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => return start + i + 1,
                _ => escaped = false,
            }
        }
        return text.len();
    }
    let word = |c: char| c.is_alphanumeric() || "_.$-%#@!^".contains(c);
    if !word(first) {
        return start + first.len_utf8();
    }
    // A `::` (nested symbol reference) continues the token; one ':' ends it.
    let b = rest.as_bytes();
    let mut n = first.len_utf8();
    while n < rest.len() {
        let c = rest[n..].chars().next().unwrap_or(' ');
        if word(c) {
            n += c.len_utf8();
        } else if c == ':' && b.get(n + 1) == Some(&b':') {
            n += 2;
        } else {
            break;
        }
    }
    start + n
}

/// The text for a location without a source position: MLIR's `loc(...)` form,
/// or nothing for `unknown`.
fn where_text(ctx: &Context, loc: Attr) -> String {
    match location(ctx, loc) {
        Some(Location::Unknown) | None => String::new(),
        _ => format!("{}: ", loc_to_string(ctx, loc)),
    }
}

/// One diagnostic drawn by ariadne; without any source position, plain lines.
pub fn render_pretty(d: &Diagnostic, ctx: &Context, sm: &SourceMgr, color: bool) -> String {
    let Some(primary) = span_of(ctx, sm, d.loc) else {
        return plain(d, ctx);
    };
    let kind = match d.severity {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
        Severity::Remark => ReportKind::Custom("Remark", Color::Cyan),
        Severity::Note => ReportKind::Custom("Note", Color::Blue),
    };
    let config = Config::default()
        .with_color(color)
        .with_index_type(IndexType::Byte);
    let main_color = match d.severity {
        Severity::Error => Color::Red,
        Severity::Warning => Color::Yellow,
        _ => Color::Cyan,
    };
    // ariadne starts a new snippet whenever a label's line goes backwards, so labels
    // are ordered by place: the primary's file first, then by offset.
    let first = primary.0 .0;
    let order_of = |span: &Span| {
        let file = if span.0 .0 == first { 0 } else { span.0 .0 + 1 }.min(127) as i32;
        (file << 24) + span.1.start.min((1 << 24) - 1) as i32
    };
    let mut used: Vec<BufId> = vec![primary.0.clone()];
    let mut report = Report::build(kind, primary.clone())
        .with_config(config)
        .with_message(&d.message);
    report.add_label(
        Label::new(primary.clone())
            .with_message("here")
            .with_color(main_color)
            .with_order(order_of(&primary))
            .with_priority(1),
    );
    let mut add =
        |report: &mut ariadne::ReportBuilder<'_, Span>, loc: Attr, text: &str, color: Color| {
            match span_of(ctx, sm, loc) {
                Some(span) => {
                    if !used.contains(&span.0) {
                        used.push(span.0.clone());
                    }
                    let order = order_of(&span);
                    report.add_label(
                        Label::new(span)
                            .with_message(text)
                            .with_color(color)
                            .with_order(order),
                    );
                }
                None => report.add_note(format!("{}{text}", where_text(ctx, loc))),
            }
        };
    // A call site shows its callers, innermost first.
    let mut at = d.loc;
    for _ in 0..10 {
        let Some((_, caller)) = find_call_site(ctx, at) else {
            break;
        };
        add(&mut report, caller, "called from here", Color::Magenta);
        at = caller;
    }
    for (loc, text) in &d.labels {
        add(&mut report, *loc, text, Color::Yellow);
    }
    let mut notes: Vec<&Diagnostic> = d.notes.iter().rev().collect();
    while let Some(n) = notes.pop() {
        add(&mut report, n.loc, &n.message, Color::Blue);
        notes.extend(n.notes.iter().rev());
    }
    let sources: HashMap<BufId, Source<&str>> = used
        .into_iter()
        .map(|id| {
            let b = &sm.buffers[id.0];
            let src =
                Source::from(b.text.as_str()).with_display_line_offset(b.line_offset as usize);
            (id, src)
        })
        .collect();
    let cache = FnCache::new(|id: &BufId| Err(format!("no source '{id}'"))).with_sources(sources);
    let mut out = Vec::new();
    if report.finish().write(cache, &mut out).is_err() {
        return plain(d, ctx);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `error: LOC: message` and indented notes, for a diagnostic nothing can draw.
fn plain(d: &Diagnostic, ctx: &Context) -> String {
    let mut out = format!(
        "{}: {}{}\n",
        d.severity.as_str(),
        where_text(ctx, d.loc),
        d.message
    );
    for (loc, text) in &d.labels {
        out.push_str(&format!("  = {}{text}\n", where_text(ctx, *loc)));
    }
    let mut notes: Vec<&Diagnostic> = d.notes.iter().rev().collect();
    while let Some(n) = notes.pop() {
        out.push_str(&format!(
            "  = note: {}{}\n",
            where_text(ctx, n.loc),
            n.message
        ));
        notes.extend(n.notes.iter().rev());
    }
    out
}

#[cfg(test)]
#[path = "pretty_tests.rs"]
mod tests;
