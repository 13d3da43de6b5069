//! What the pass manager reports while it runs: `--mlir-print-ir-*` dumps, statistics
//! and timing settings, with mlir-opt's output formats.

use crate::context::Context;
use crate::entity::Op;
use crate::printer::{op_to_string, print_top_level, PrintOptions};
use crate::store::Ir;

use super::timing::{banner, TimingDisplay};

/// `--mlir-pass-statistics-display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatisticsDisplay {
    List,
    Pipeline,
}

/// The `--mlir-print-ir-*` flags.
#[derive(Clone, Debug, Default)]
pub struct IrPrinting {
    pub before_all: bool,
    pub after_all: bool,
    /// Pass arguments from `--mlir-print-ir-before=`.
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// Only print after a pass that changed the IR.
    pub after_change: bool,
    /// Only print after a pass that failed.
    pub after_failure: bool,
    /// Print the top-level op instead of the one the pass ran on.
    pub module_scope: bool,
    pub print: PrintOptions,
}

impl IrPrinting {
    pub fn enabled(&self) -> bool {
        self.before_all
            || self.after_all
            || !self.before.is_empty()
            || !self.after.is_empty()
            || self.after_failure
    }

    pub fn print_before(&self, arg: &str) -> bool {
        self.before_all || self.before.iter().any(|b| b == arg)
    }

    /// Whether a successful run is printed (before the after-change test).
    pub fn print_after(&self, arg: &str) -> bool {
        !self.after_failure && (self.after_all || self.after.iter().any(|b| b == arg))
    }

    pub fn print_after_failed(&self, arg: &str) -> bool {
        self.after_failure || self.after_all || self.after.iter().any(|b| b == arg)
    }

    /// One dump: `// -----// IR Dump {when} {name} ({arg}) //----- //` and the IR.
    pub fn dump(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: Op,
        when: &str,
        name: &str,
        arg: &str,
    ) -> String {
        let mut out = format!("// -----// IR Dump {when} {name} ({arg})");
        let mut target = op;
        if self.module_scope {
            let op_name = ctx.str(ir.op(op).name);
            match crate::symbol::symbol_name(ctx, ir, op) {
                Some(sym) => out.push_str(&format!(
                    " ('{op_name}' operation: @{})",
                    String::from_utf8_lossy(sym)
                )),
                None => out.push_str(&format!(" ('{op_name}' operation)")),
            }
            while let Some(p) = ir.parent_op(target) {
                target = p;
            }
        }
        out.push_str(" //----- //\n");
        if ir.parent_block(target).is_some() {
            out.push_str(&op_to_string(ctx, ir, target, &self.print));
            out.push_str("\n\n");
        } else {
            out.push_str(&print_top_level(ctx, ir, target, &self.print));
            if self.print.local_scope {
                out.push('\n');
            }
            out.push('\n');
        }
        out
    }
}

/// A statistics report entry: a pass or pipeline line and its statistics.
pub struct StatEntry {
    pub indent: usize,
    pub name: String,
    pub stats: Vec<(&'static str, &'static str, u64)>,
}

/// mlir-opt's `--mlir-pass-statistics` report from entries in pipeline order.
pub fn statistics_report(entries: &[StatEntry], display: StatisticsDisplay) -> String {
    let mut out = banner("... Pass statistics report ...");
    let print_entry = |out: &mut String, indent: usize, name: &str, stats: &[(&str, &str, u64)]| {
        out.push_str(&format!("{}{name}\n", " ".repeat(indent)));
        let mut stats = stats.to_vec();
        stats.sort_by(|a, b| a.0.cmp(b.0));
        let wn = stats.iter().map(|s| s.0.len()).max().unwrap_or(0);
        let wv = stats
            .iter()
            .map(|s| s.2.to_string().len())
            .max()
            .unwrap_or(0);
        for (n, d, v) in stats {
            out.push_str(&format!(
                "{}(S) {v:>wv$} {n:<wn$} - {d}\n",
                " ".repeat(indent + 2)
            ));
        }
    };
    match display {
        StatisticsDisplay::Pipeline => {
            for e in entries {
                print_entry(&mut out, e.indent, &e.name, &e.stats);
            }
        }
        StatisticsDisplay::List => {
            // Passes with statistics, merged by name and sorted.
            let mut merged: Vec<(String, super::manager::Stats)> = Vec::new();
            for e in entries.iter().filter(|e| !e.stats.is_empty()) {
                match merged.iter_mut().find(|m| m.0 == e.name) {
                    Some(m) => {
                        for s in &e.stats {
                            match m.1.iter_mut().find(|x| x.0 == s.0) {
                                Some(x) => x.2 += s.2,
                                None => m.1.push(*s),
                            }
                        }
                    }
                    None => merged.push((e.name.clone(), e.stats.clone())),
                }
            }
            merged.sort_by(|a, b| a.0.cmp(&b.0));
            for (name, stats) in &merged {
                print_entry(&mut out, 2, name, stats);
            }
        }
    }
    out.push('\n');
    out
}

/// Everything the pass manager reports, as set by xopt's flags.
#[derive(Clone, Debug, Default)]
pub struct RunConfig {
    pub verify_each: bool,
    /// Verifier diagnostics without the "see current operation" note
    /// (`--verify-diagnostics`).
    pub verify_quiet: bool,
    pub printing: IrPrinting,
    pub timing: Option<TimingDisplay>,
    pub statistics: Option<StatisticsDisplay>,
}
