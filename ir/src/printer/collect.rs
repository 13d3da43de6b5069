//! The walk that records what a print will print, for aliases: it visits ops as
//! the printer prints them (custom forms run with their output discarded).

use super::aliases::Collector;
use super::Printer;
use crate::dialect::Traits;
use crate::entity::{Op, Region};

impl Printer<'_> {
    /// Walks an op as the printer will print it, recording types and attributes.
    pub(super) fn collect_op(&mut self, op: Op) {
        let ctx = self.ctx;
        let ir = self.ir;
        let d = ir.op(op);
        if self.opts.debuginfo {
            self.collector_mut().visit_attr(ctx, d.loc, true, false);
        }
        if !self.opts.generic {
            if let Some(hook) = self.custom_printer(d.name) {
                let mark = self.out.len();
                (hook.print)(self, op);
                self.out.truncate(mark);
                return;
            }
        }
        for &r in ir.regions(op) {
            self.collect_region(r, true, true);
        }
        for v in ir.operands(op) {
            let t = ir.value_type(v);
            self.collector_mut().visit_type(ctx, t, false);
        }
        for &v in ir.results(op) {
            let t = ir.value_type(v);
            self.collector_mut().visit_type(ctx, t, false);
        }
        for (_, v) in ctx.dict_entries(d.attrs) {
            self.collector_mut().visit_attr(ctx, *v, false, false);
        }
    }

    /// Like printing: the entry block's terminator is skipped when the op's
    /// custom form hides it (`terminators` false), so it gets no alias.
    pub(super) fn collect_region(&mut self, r: Region, entry_args: bool, terminators: bool) {
        let ctx = self.ctx;
        let ir = self.ir;
        for (i, b) in ir.region_blocks(r).enumerate() {
            if i > 0 || entry_args {
                for &arg in ir.block_args(b) {
                    let t = ir.value_type(arg);
                    self.collector_mut().visit_type(ctx, t, false);
                    if self.opts.debuginfo {
                        let loc = ir.value(arg).loc.unwrap_or(ctx.unknown_loc());
                        self.collector_mut().visit_attr(ctx, loc, false, false);
                    }
                }
            }
            let last = ir.last_op(b);
            let skip_last = i == 0
                && !terminators
                && last.is_some_and(|l| ctx.op_traits(ir.op(l).name).contains(Traits::TERMINATOR));
            for op in ir.block_ops(b) {
                if skip_last && Some(op) == last {
                    break;
                }
                self.collect_op(op);
            }
        }
    }

    fn collector_mut(&mut self) -> &mut Collector {
        self.collector.as_mut().expect("collecting")
    }
}
