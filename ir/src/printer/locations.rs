//! Locations as text: `loc(...)`, trailing op locations (aliased, deferred) and
//! block-argument locations (always inline).

use super::escape::push_quoted;
use super::numbering::push_u32;
use super::Printer;
use crate::attributes::{AttrKind, Location};
use crate::entity::Attr;

impl Printer<'_> {
    /// `loc(...)`; with `allow_alias` the whole location may be an alias.
    pub fn print_location(&mut self, loc: Attr, allow_alias: bool) {
        self.out.push_str("loc(");
        match self.aliases.attr_alias(loc) {
            Some(a) if allow_alias => a.push_name(&mut self.out),
            _ => self.print_location_internal(loc, true),
        }
        self.out.push(')');
    }

    /// ` loc(...)` after an op or block argument, only with debuginfo.
    pub(super) fn print_trailing_location(&mut self, loc: Attr, allow_alias: bool) {
        if !self.opts.debuginfo {
            return;
        }
        self.out.push(' ');
        self.print_location(loc, allow_alias);
    }

    fn print_location_internal(&mut self, loc: Attr, top_level: bool) {
        if !top_level {
            if let Some(a) = self.aliases.attr_alias(loc) {
                a.push_name(&mut self.out);
                return;
            }
        }
        let ctx = self.ctx;
        let AttrKind::Location(l) = ctx.attr_kind(loc) else {
            // Not a location: print it as an attribute rather than fail.
            return self.print_attr(loc);
        };
        match l {
            Location::Unknown => self.out.push_str("unknown"),
            Location::FileLineCol {
                file,
                line,
                col,
                end_line,
                end_col,
                ..
            } => {
                push_quoted(&mut self.out, ctx.bytes(*file));
                self.out.push(':');
                push_u32(&mut self.out, *line);
                self.out.push(':');
                push_u32(&mut self.out, *col);
                if let Some(ec) = end_col {
                    let el = end_line.unwrap_or(*line);
                    if el != *line {
                        self.out.push_str(" to ");
                        push_u32(&mut self.out, el);
                        self.out.push(':');
                        push_u32(&mut self.out, *ec);
                    } else if ec != col {
                        self.out.push_str(" to :");
                        push_u32(&mut self.out, *ec);
                    }
                }
            }
            Location::Name { name, child } => {
                push_quoted(&mut self.out, ctx.bytes(*name));
                if let Some(c) = child {
                    if !matches!(ctx.attr_kind(*c), AttrKind::Location(Location::Unknown)) {
                        self.out.push('(');
                        self.print_location_internal(*c, false);
                        self.out.push(')');
                    }
                }
            }
            Location::CallSite { callee, caller } => {
                self.out.push_str("callsite(");
                self.print_location_internal(*callee, false);
                self.out.push_str(" at ");
                self.print_location_internal(*caller, false);
                self.out.push(')');
            }
            Location::Fused { locs, metadata } => {
                self.out.push_str("fused");
                if let Some(m) = metadata {
                    self.out.push('<');
                    self.print_attr(*m);
                    self.out.push('>');
                }
                self.out.push('[');
                for (i, &l) in locs.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_location_internal(l, false);
                }
                self.out.push(']');
            }
        }
    }

    /// `#name = value` lines for the deferred or the non-deferred aliases.
    pub(super) fn print_alias_defs(&mut self, deferred: bool) {
        for i in 0..self.aliases.defs.len() {
            let d = &self.aliases.defs[i];
            if d.deferred != deferred {
                continue;
            }
            let (is_type, id) = (d.is_type, d.id);
            d.push_name(&mut self.out);
            self.out.push_str(" = ");
            if is_type {
                self.print_type_impl(crate::entity::Type(id));
            } else {
                self.print_attr_impl(Attr(id), super::attrs::Elision::Never);
            }
            self.out.push('\n');
        }
    }
}
