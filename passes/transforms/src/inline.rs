//! `inline`: replaces `func.call`s of single-block functions by the callee's body
//! when the body is small enough, then canonicalizes every function and erases
//! private symbols left without references, as MLIR's inliner does.

use super::canonicalize;
use super::symbol_dce::erase_dead_private_symbols;
use xir::clone::{clone_op, Mapping};
use xir::pass::{Pass, PassContext, PassOption};
use xir::rewrite::{apply_patterns_greedily, GreedyConfig};
use xir::symbol::{lookup_symbol_ref, nearest_symbol_table, op_attr};
use xir::Op;

pub struct Inline {
    /// Callees with more ops than this stay calls.
    pub max_callee_ops: u64,
}

impl Default for Inline {
    fn default() -> Self {
        Inline {
            max_callee_ops: u64::from(u32::MAX),
        }
    }
}

impl Inline {
    pub const ARGUMENT: &'static str = "inline";
    pub const SUMMARY: &'static str = "Inline function calls";
}

/// Inlines one call if it can; returns the caller's parent function on success.
fn try_inline(pc: &mut PassContext<'_>, call: Op, max_ops: u64) -> bool {
    let ctx = &*pc.ctx;
    let ir = &*pc.ir;
    let Some(callee_attr) = op_attr(ctx, ir, call, "callee") else {
        return false;
    };
    let Some(table) = nearest_symbol_table(ctx, ir, call) else {
        return false;
    };
    let Some(callee) = lookup_symbol_ref(ctx, ir, table, callee_attr) else {
        return false;
    };
    if !xir_func::FUNC.is(ctx, ir, callee) {
        return false;
    }
    // Not into itself (recursion) and only single-block bodies (no cf dialect).
    let mut p = Some(call);
    while let Some(o) = p {
        if o == callee {
            return false;
        }
        p = ir.parent_op(o);
    }
    let Some(&body) = ir.regions(callee).first() else {
        return false;
    };
    let Some(entry) = ir.entry_block(body) else {
        return false;
    };
    if ir.next_block(entry).is_some() {
        return false;
    }
    let n = xir::walk::preorder(ir, callee).len() as u64 - 1;
    if n > max_ops {
        return false;
    }
    let args = ir.block_args(entry).to_vec();
    if args.len() != ir.num_operands(call) {
        return false;
    }
    let ops: Vec<Op> = ir.block_ops(entry).collect();
    let Some((&ret, body_ops)) = ops.split_last() else {
        return false;
    };
    if !xir_func::RETURN.is(ctx, ir, ret) {
        return false;
    }
    let mut map = Mapping::default();
    for (i, &a) in args.iter().enumerate() {
        map.values.insert(a, ir.operand(call, i));
    }
    let ir = &mut *pc.ir;
    for &o in body_ops {
        let c = clone_op(ir, o, &mut map);
        ir.insert_op_before(call, c);
    }
    let rets: Vec<_> = ir.operands(ret).map(|v| map.value(v)).collect();
    let results = ir.results(call).to_vec();
    if rets.len() != results.len() {
        return false;
    }
    for (r, v) in results.into_iter().zip(rets) {
        ir.replace_all_uses(r, v);
    }
    ir.erase_op(call);
    true
}

impl Pass for Inline {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "Inliner"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn required_traits(&self) -> xir::dialect::Traits {
        xir::dialect::Traits::SYMBOL_TABLE
    }
    fn missing_traits_message(&self, op_name: &str) -> String {
        format!("'{op_name}' op  was scheduled to run under the inliner, but does not define a symbol table")
    }
    fn options(&self) -> Vec<PassOption> {
        vec![PassOption {
            name: "max-callee-ops",
            help: "Callees with more operations than this are not inlined",
            default: self.max_callee_ops.to_string(),
        }]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "max-callee-ops" => {
                self.max_callee_ops = value
                    .parse()
                    .map_err(|_| format!("'{value}' is not an integer"))?
            }
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let mut inlined = 0u64;
        let max_ops = self.max_callee_ops;
        // Symbols are looked up through a cache (inlining adds or removes none until
        // the end): a call costs O(1) to resolve, not a scan of the symbol table.
        xir::symbol::with_symbol_cache(|| inline_rounds(pc, op, max_ops, &mut inlined));
        // As MLIR's inliner: every callable is then simplified with the
        // canonicalizer, inlined into or not (one greedy run over the table: the
        // same fixpoint, without a worklist per function), and private functions
        // left without uses are erased.
        let set = canonicalize::patterns(pc.ctx);
        apply_patterns_greedily(pc.ctx, pc.ir, op, &set, &GreedyConfig::default());
        if pc
            .ctx
            .op_traits(pc.ir.op(op).name)
            .contains(xir::dialect::Traits::SYMBOL_TABLE)
        {
            erase_dead_private_symbols(pc.ctx, pc.ir, op);
        }
        pc.add_statistic("num-inlined-calls", "Number of inlined calls", inlined);
        Ok(())
    }
}

/// Inlines calls in rounds (calls exposed by inlining are handled next round,
/// at most 16 rounds); counts them into `inlined`.
fn inline_rounds(pc: &mut PassContext<'_>, op: Op, max_ops: u64, inlined: &mut u64) {
    for _ in 0..16 {
        let calls: Vec<Op> = xir::walk::preorder(pc.ir, op)
            .into_iter()
            .filter(|&o| xir_func::CALL.is(pc.ctx, pc.ir, o))
            .collect();
        let mut any = false;
        for c in calls {
            if !pc.ir.is_erased(c) && try_inline(pc, c, max_ops) {
                any = true;
                *inlined += 1;
            }
        }
        if !any {
            break;
        }
    }
}
