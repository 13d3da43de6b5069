//! Location attributes as MLIR prints them (`loc("name")`), for diagnostics whose
//! location holds no file position, and the location walks diagnostics need.

use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::entity::Attr;

/// Deeper location trees than this are cut off with `...` (input may nest them).
const MAX_DEPTH: usize = 256;

pub(crate) fn location(ctx: &Context, a: Attr) -> Option<&Location> {
    match ctx.attr_kind(a) {
        AttrKind::Location(l) => Some(l),
        _ => None,
    }
}

/// `loc(...)` text of a location.
pub fn loc_to_string(ctx: &Context, a: Attr) -> String {
    let mut s = String::from("loc(");
    write_loc(ctx, a, &mut s, 0);
    s.push(')');
    s
}

fn write_loc(ctx: &Context, a: Attr, s: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        s.push_str("...");
        return;
    }
    let Some(l) = location(ctx, a) else {
        // Fused metadata and similar are arbitrary attributes.
        s.push_str(&crate::printer::attr_to_string(ctx, a));
        return;
    };
    match l {
        Location::Unknown => s.push_str("unknown"),
        Location::FileLineCol {
            file,
            line,
            col,
            end_line,
            end_col,
        } => {
            escaped(ctx.bytes(*file), s);
            s.push_str(&format!(":{line}:{col}"));
            match (*end_line, *end_col) {
                (Some(el), Some(ec)) if el != *line => s.push_str(&format!(" to {el}:{ec}")),
                (_, Some(ec)) if ec != *col => s.push_str(&format!(" to :{ec}")),
                _ => {}
            }
        }
        Location::Name { name, child } => {
            escaped(ctx.bytes(*name), s);
            if let Some(c) = child {
                if !matches!(location(ctx, *c), Some(Location::Unknown)) {
                    s.push('(');
                    write_loc(ctx, *c, s, depth + 1);
                    s.push(')');
                }
            }
        }
        Location::CallSite { callee, caller } => {
            s.push_str("callsite(");
            write_loc(ctx, *callee, s, depth + 1);
            s.push_str(" at ");
            write_loc(ctx, *caller, s, depth + 1);
            s.push(')');
        }
        Location::Fused { locs, metadata } => {
            s.push_str("fused");
            if let Some(m) = metadata {
                s.push('<');
                s.push_str(&crate::printer::attr_to_string(ctx, *m));
                s.push('>');
            }
            s.push('[');
            for (i, l) in locs.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_loc(ctx, *l, s, depth + 1);
            }
            s.push(']');
        }
    }
}

/// A string literal as MLIR escapes it: printable ASCII except `"` and `\`, else `\XX`.
fn escaped(bytes: &[u8], s: &mut String) {
    s.push('"');
    for &b in bytes {
        match b {
            b'\\' => s.push_str("\\\\"),
            b'"' => s.push_str("\\22"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{b:02X}")),
        }
    }
    s.push('"');
}

/// The first `FileLineCol` in a pre-order walk (MLIR's `findInstanceOf`).
pub fn find_file_line_col(ctx: &Context, a: Attr) -> Option<Attr> {
    let mut stack = vec![a];
    let mut visited = 0usize;
    while let Some(a) = stack.pop() {
        visited += 1;
        if visited > 1 << 16 {
            return None;
        }
        match location(ctx, a)? {
            Location::FileLineCol { .. } => return Some(a),
            Location::Unknown => {}
            Location::Name { child, .. } => stack.extend(child),
            Location::CallSite { callee, caller } => stack.extend([*caller, *callee]),
            Location::Fused { locs, .. } => stack.extend(locs.iter().rev()),
        }
    }
    None
}

/// The call site a diagnostic's location stands for: the location itself, or one
/// inside a name or fused location (MLIR's `getCallSiteLoc`).
pub(crate) fn find_call_site(ctx: &Context, a: Attr) -> Option<(Attr, Attr)> {
    let mut stack = vec![a];
    let mut visited = 0usize;
    while let Some(a) = stack.pop() {
        visited += 1;
        if visited > 1 << 16 {
            return None;
        }
        match location(ctx, a)? {
            Location::CallSite { callee, caller } => return Some((*callee, *caller)),
            Location::Name { child, .. } => stack.extend(child),
            Location::Fused { locs, .. } => stack.extend(locs.iter().rev()),
            _ => {}
        }
    }
    None
}
