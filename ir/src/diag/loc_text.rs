//! The location walks diagnostics need, and location text for diagnostics whose
//! location holds no file position.

use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::entity::Attr;

pub(crate) fn location(ctx: &Context, a: Attr) -> Option<&Location> {
    match ctx.attr_kind(a) {
        AttrKind::Location(l) => Some(l),
        _ => None,
    }
}

/// `loc(...)` text of a location, inline (no aliases), as the printer writes it.
pub fn loc_to_string(ctx: &Context, a: Attr) -> String {
    crate::printer::attr_to_string(ctx, a)
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

/// `file:line:col` of the first file position in a location, for one-line
/// messages (runtime errors) that show no source snippet.
pub fn file_line_col(ctx: &Context, a: Attr) -> Option<String> {
    match location(ctx, find_file_line_col(ctx, a)?)? {
        Location::FileLineCol {
            file, line, col, ..
        } => Some(format!("{}:{line}:{col}", ctx.str(*file))),
        _ => None,
    }
}
