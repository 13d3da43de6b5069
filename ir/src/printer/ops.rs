//! Operations, regions and blocks: the generic form, and dispatch to custom printers.

use super::escape::push_quoted;
use super::numbering::push_u32;
use super::Printer;
use crate::attributes::AttrKind;
use crate::dialect::Traits;
use crate::entity::{Block, Op, Region, Value};

const INDENT: usize = 2;

impl Printer<'_> {
    fn push_indent(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// A line break at the current op's indentation (MLIR's `printNewline`).
    pub fn print_newline(&mut self) {
        self.out.push('\n');
        self.push_indent();
    }

    /// An op on its own line: indentation, results, the op, its location.
    pub(super) fn print_full_op(&mut self, op: Op) {
        self.push_indent();
        if !self.ir.results(op).is_empty() {
            let names = self.names.as_ref().expect("numbered");
            names.push_result_defs(self.ir, &mut self.out, op);
            self.out.push_str(" = ");
        }
        self.print_custom_or_generic(op);
        let loc = self.ir.op(op).loc;
        self.print_trailing_location(loc, true);
    }

    fn print_custom_or_generic(&mut self, op: Op) {
        if !self.opts.generic {
            if let Some(hook) = self.custom_printer(self.ir.op(op).name) {
                return (hook.print)(self, op);
            }
        }
        self.print_generic_op(op);
    }

    /// The op name as custom forms print it: without the prefix of the enclosing
    /// default dialect when the name has a single dot.
    pub fn print_op_name(&mut self, op: Op) {
        let name = self.ctx.str(self.ir.op(op).name);
        let dialect = self.default_dialect.last().copied().unwrap_or("");
        let short = name
            .strip_prefix(dialect)
            .and_then(|r| r.strip_prefix('.'))
            .filter(|_| !dialect.is_empty() && name.bytes().filter(|&c| c == b'.').count() == 1);
        self.out.push_str(short.unwrap_or(name));
    }

    /// `%name` of a value (`%0#1` for a result of a multi-result op).
    pub fn print_operand(&mut self, v: Value) {
        if self.is_collecting() {
            return;
        }
        let names = self.names.as_ref().expect("numbered");
        names.push_value(self.ir, &mut self.out, v);
    }

    /// Values separated by `, `.
    pub fn print_operands(&mut self, vs: impl IntoIterator<Item = Value>) {
        for (i, v) in vs.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(v);
        }
    }

    pub fn print_block_name(&mut self, b: Block) {
        if self.is_collecting() {
            return;
        }
        let names = self.names.as_ref().expect("numbered");
        names.push_block(self.ir, &mut self.out, b);
    }

    /// ` attributes {...}` / ` {...}` of the entries not in `elided`, if any remain.
    pub fn print_attr_dict(
        &mut self,
        entries: &[(crate::entity::Ident, crate::entity::Attr)],
        elided: &[&str],
        with_keyword: bool,
    ) {
        let ctx = self.ctx;
        let keep = |k: &crate::entity::Ident| !elided.iter().any(|e| ctx.bytes(*k) == e.as_bytes());
        if self.is_collecting() {
            for (k, v) in entries {
                if keep(k) {
                    self.print_attr(*v);
                }
            }
            return;
        }
        if !entries.iter().any(|(k, _)| keep(k)) {
            return;
        }
        if elided.is_empty() {
            self.out
                .push_str(if with_keyword { " attributes " } else { " " });
            return self.print_dict_entries(entries);
        }
        let kept: Vec<_> = entries.iter().filter(|(k, _)| keep(k)).copied().collect();
        self.out
            .push_str(if with_keyword { " attributes " } else { " " });
        self.print_dict_entries(&kept);
    }

    pub fn print_generic_op(&mut self, op: Op) {
        let ctx = self.ctx;
        let ir = self.ir;
        let d = ir.op(op);
        push_quoted(&mut self.out, ctx.bytes(d.name));
        self.out.push('(');
        self.print_operands(ir.operands(op));
        self.out.push(')');
        let succ = ir.successors(op);
        if !succ.is_empty() {
            self.out.push('[');
            for (i, &b) in succ.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(b);
            }
            self.out.push(']');
        }
        if let Some(p) = d.properties {
            let empty_registered = matches!(ctx.attr_kind(p), AttrKind::Dictionary(e) if e.is_empty())
                && ctx.registry.op_def(d.name).is_some();
            if !empty_registered {
                self.out.push_str(" <");
                self.print_attr(p);
                self.out.push('>');
            }
        }
        let regions = ir.regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, true, true, true);
            }
            self.out.push(')');
        }
        let entries = ctx.dict_entries(d.attrs);
        if !entries.is_empty() {
            self.out.push(' ');
            self.print_dict_entries(entries);
        }
        self.out.push_str(" : (");
        for (i, v) in ir.operands(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(ir.value_type(v));
        }
        self.out.push_str(") -> ");
        let results = ir.results(op);
        let single = results.len() == 1
            && !matches!(
                ctx.type_kind(ir.value_type(results[0])),
                crate::types::TypeKind::Function { .. }
            );
        if single {
            self.print_type(ir.value_type(results[0]));
        } else {
            self.out.push('(');
            for (i, &v) in results.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_type(ir.value_type(v));
            }
            self.out.push(')');
        }
    }

    /// `{` blocks `}`. The entry block's header is printed when it has arguments
    /// (and `entry_args`), or when it is empty and `empty_block` is set.
    pub fn print_region(
        &mut self,
        r: Region,
        entry_args: bool,
        terminators: bool,
        empty_block: bool,
    ) {
        if self.is_collecting() {
            return self.collect_region(r, entry_args, terminators);
        }
        let ir = self.ir;
        self.out.push_str("{\n");
        if let Some(entry) = ir.entry_block(r) {
            let parent = ir.region_parent(r);
            let dd = parent
                .and_then(|p| self.custom_printer(ir.op(p).name))
                .filter(|_| !self.opts.generic)
                .map(|h| h.default_dialect)
                .unwrap_or("");
            self.default_dialect.push(dd);
            let header = (empty_block && ir.first_op(entry).is_none())
                || (entry_args && !ir.block_args(entry).is_empty());
            self.print_block(entry, header, terminators);
            let mut b = ir.next_block(entry);
            while let Some(bb) = b {
                self.print_block(bb, true, true);
                b = ir.next_block(bb);
            }
            self.default_dialect.pop();
        }
        self.push_indent();
        self.out.push('}');
    }

    fn print_block(&mut self, b: Block, header: bool, terminator: bool) {
        let ir = self.ir;
        if header {
            self.push_indent();
            self.print_block_name(b);
            let args = ir.block_args(b);
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_operand(a);
                    self.out.push_str(": ");
                    self.print_type(ir.value_type(a));
                    let loc = ir.value(a).loc.unwrap_or(self.ctx.unknown_loc());
                    self.print_trailing_location(loc, false);
                }
                self.out.push(')');
            }
            self.out.push(':');
            self.print_pred_comment(b);
            self.out.push('\n');
        }
        self.indent += INDENT;
        let last = ir.last_op(b);
        let skip_last = !terminator
            && last.is_some_and(|l| {
                self.ctx
                    .op_traits(ir.op(l).name)
                    .contains(Traits::TERMINATOR)
            });
        for op in ir.block_ops(b) {
            if skip_last && Some(op) == last {
                break;
            }
            self.print_full_op(op);
            self.out.push('\n');
            self.maybe_flush();
        }
        self.indent -= INDENT;
    }

    fn print_pred_comment(&mut self, b: Block) {
        let mut preds = std::mem::take(&mut self.scratch_blocks);
        let names = self.names.as_ref().expect("numbered");
        names.preds(b, &mut preds);
        let is_entry = self.ir.block_parent(b).and_then(|r| self.ir.entry_block(r)) == Some(b);
        match preds.len() {
            0 => {
                if !is_entry {
                    self.out.push_str("  // no predecessors");
                }
            }
            1 => {
                self.out.push_str("  // pred: ");
                names.push_block(self.ir, &mut self.out, preds[0]);
            }
            n => {
                preds.sort_by_key(|&p| names.block_number(p));
                self.out.push_str("  // ");
                push_u32(&mut self.out, n as u32);
                self.out.push_str(" preds: ");
                for (i, &p) in preds.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    names.push_block(self.ir, &mut self.out, p);
                }
            }
        }
        self.scratch_blocks = preds;
    }
}
