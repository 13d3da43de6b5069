//! `print-op-stats`: counts ops by name and prints mlir-opt's table to stderr.

use std::collections::BTreeMap;
use xir::pass::{Pass, PassContext};
use xir::{Context, Ir, Op};

#[derive(Default)]
pub struct PrintOpStats;

impl PrintOpStats {
    pub const ARGUMENT: &'static str = "print-op-stats";
    pub const SUMMARY: &'static str = "Print statistics of operations";
}

/// mlir-opt's table: names split at the dialect dot and aligned on it.
pub fn op_stats(ctx: &Context, ir: &Ir, root: Op) -> String {
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    for o in xir::walk::preorder(ir, root) {
        *counts.entry(ctx.str(ir.op(o).name)).or_default() += 1;
    }
    let split = |n: &str| -> (String, String) {
        match n.split_once('.') {
            Some((d, r)) => (d.to_string(), r.to_string()),
            None => (String::new(), n.to_string()),
        }
    };
    let dw = counts.keys().map(|k| split(k).0.len()).max().unwrap_or(0);
    let rw = counts.keys().map(|k| split(k).1.len()).max().unwrap_or(0);
    let mut out = String::from("Operations encountered:\n-----------------------\n");
    for (k, n) in &counts {
        let (d, r) = split(k);
        let dot = if k.contains('.') { "." } else { " " };
        out.push_str(&format!("  {d:>dw$}{dot}{r:<rw$} , {n}\n"));
    }
    out
}

impl Pass for PrintOpStats {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "PrintOpStats"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        eprint!("{}", op_stats(pc.ctx, pc.ir, op));
        pc.preserve_all();
        Ok(())
    }
}
