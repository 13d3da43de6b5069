//! The pass manager, with MLIR's model: a pass manager is anchored on an op name (or
//! `any`) and holds passes and nested pass managers; nested managers run on the ops
//! directly inside the regions of the op their parent runs on (MLIR's
//! OpToOpPassAdaptor). Adjacent nested managers share one adaptor.

use std::any::TypeId;

use crate::context::Context;
use crate::diag::{DiagEngine, Diagnostic, Severity};
use crate::entity::Op;
use crate::printer::{op_to_string, PrintOptions};
use crate::store::Ir;
use crate::verifier::{verify_with, VerifyOptions};

use super::analysis::AnalysisManager;
use super::instrument::{statistics_report, RunConfig, StatEntry};
use super::timing::Timing;
use super::{Pass, PassContext};

pub(crate) type Stats = Vec<(&'static str, &'static str, u64)>;

enum Entry {
    Pass {
        pass: Box<dyn Pass>,
        /// The options text as given, for `--dump-pass-pipeline`.
        options: String,
        stats: Stats,
    },
    Adaptor(Vec<OpPassManager>),
}

/// Passes to run on ops of one name (`any`: on any op).
pub struct OpPassManager {
    anchor: String,
    entries: Vec<Entry>,
}

impl OpPassManager {
    pub fn new(anchor: &str) -> Self {
        OpPassManager {
            anchor: anchor.to_string(),
            entries: Vec::new(),
        }
    }

    pub fn anchor(&self) -> &str {
        &self.anchor
    }

    /// Number of passes and adaptors at this level.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The pass manager for ops named `anchor` nested directly in this one's op. It
    /// joins a directly preceding adaptor, and a manager of the same anchor there.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        if !matches!(self.entries.last(), Some(Entry::Adaptor(_))) {
            self.entries.push(Entry::Adaptor(Vec::new()));
        }
        let Some(Entry::Adaptor(pms)) = self.entries.last_mut() else {
            unreachable!("an adaptor was just pushed")
        };
        let i = match pms.iter().position(|p| p.anchor == anchor) {
            Some(i) => i,
            None => {
                pms.push(OpPassManager::new(anchor));
                pms.len() - 1
            }
        };
        &mut pms[i]
    }

    /// Adds a pass, nesting it into a manager of its anchor when it runs on other ops
    /// than this manager (MLIR's implicit nesting, used for pass flags).
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) {
        self.add_pass_implicit(pass, "")
    }

    pub fn add_pass_implicit(&mut self, pass: Box<dyn Pass>, options: &str) {
        match pass.anchor() {
            Some(a) if a != self.anchor && self.anchor != "any" => {
                self.nest(a).add_pass_with_options(pass, options)
            }
            _ => self.add_pass_with_options(pass, options),
        }
    }

    /// Adds a pass at this level.
    pub fn add_pass_with_options(&mut self, pass: Box<dyn Pass>, options: &str) {
        self.entries.push(Entry::Pass {
            pass,
            options: options.to_string(),
            stats: Vec::new(),
        });
    }

    /// Adds a pass before every other one at this level (xopt's implied passes).
    pub fn prepend_pass(&mut self, pass: Box<dyn Pass>, options: &str) {
        self.entries.insert(
            0,
            Entry::Pass {
                pass,
                options: options.to_string(),
                stats: Vec::new(),
            },
        );
    }

    /// Calls `f` on every pass, nested ones included, in order, with its options
    /// text (as `--dump-pass-pipeline` shows it). Lets a tool's flags configure passes.
    pub fn for_each_pass_mut(&mut self, f: &mut dyn FnMut(&mut dyn Pass, &mut String)) {
        for e in &mut self.entries {
            match e {
                Entry::Pass { pass, options, .. } => f(pass.as_mut(), options),
                Entry::Adaptor(pms) => {
                    for pm in pms {
                        pm.for_each_pass_mut(f);
                    }
                }
            }
        }
    }

    /// The pipeline as `--dump-pass-pipeline` shows it.
    pub fn dump(&self) -> String {
        let mut out = format!("Pass Manager with {} passes:\n", self.count_top());
        self.dump_into(&mut out, 0);
        out.push_str("\n\n");
        out
    }

    fn count_top(&self) -> usize {
        self.entries
            .iter()
            .map(|e| match e {
                Entry::Pass { .. } => 1,
                Entry::Adaptor(pms) => pms.len(),
            })
            .sum()
    }

    fn dump_into(&self, out: &mut String, indent: usize) {
        out.push_str(&format!("{}{}(", "  ".repeat(indent), self.anchor));
        let mut first = true;
        for e in &self.entries {
            let items: Vec<&OpPassManager> = match e {
                Entry::Adaptor(pms) => pms.iter().collect(),
                Entry::Pass { .. } => Vec::new(),
            };
            if let Entry::Pass { pass, options, .. } = e {
                out.push_str(if first { "\n" } else { ",\n" });
                out.push_str(&"  ".repeat(indent + 1));
                out.push_str(pass.argument());
                if !options.trim().is_empty() {
                    out.push_str(&format!("{{{}}}", options.trim()));
                }
                first = false;
            }
            for pm in items {
                out.push_str(if first { "\n" } else { ",\n" });
                pm.dump_into(out, indent + 1);
                first = false;
            }
        }
        if first {
            // mlir-opt leaves an empty line in an empty pipeline.
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&"  ".repeat(indent));
        out.push(')');
    }

    /// The `--mlir-pass-statistics` entries, in pipeline order.
    fn stat_entries(&self, indent: usize, out: &mut Vec<StatEntry>) {
        for e in &self.entries {
            match e {
                Entry::Pass { pass, stats, .. } => out.push(StatEntry {
                    indent,
                    name: pass.name().to_string(),
                    stats: stats.clone(),
                }),
                Entry::Adaptor(pms) => {
                    let mut inner = indent;
                    if pms.len() > 1 {
                        out.push(StatEntry {
                            indent,
                            name: adaptor_name(pms),
                            stats: Vec::new(),
                        });
                        inner += 2;
                    }
                    for pm in pms {
                        out.push(StatEntry {
                            indent: inner,
                            name: format!("'{}' Pipeline", pm.anchor),
                            stats: Vec::new(),
                        });
                        pm.stat_entries(inner + 2, out);
                    }
                }
            }
        }
    }

    /// The statistics report of the passes run so far.
    pub fn statistics_report(&self, display: super::instrument::StatisticsDisplay) -> String {
        let mut entries = Vec::new();
        self.stat_entries(0, &mut entries);
        statistics_report(&entries, display)
    }
}

/// MLIR's name of an adaptor: its anchors, sorted.
fn adaptor_name(pms: &[OpPassManager]) -> String {
    let mut names: Vec<String> = pms.iter().map(|p| format!("'{}'", p.anchor)).collect();
    names.sort();
    format!("Pipeline Collection : [{}]", names.join(", "))
}

/// Where IR dumps go; xopt writes pending diagnostics first to keep stderr in order.
pub type DumpSink<'a> = dyn FnMut(&Context, &mut DiagEngine, &str) + 'a;

/// What a run works with.
pub struct RunState<'a> {
    pub ctx: &'a mut Context,
    pub ir: &'a mut Ir,
    pub diags: &'a mut DiagEngine,
    pub config: &'a RunConfig,
    pub timing: Option<&'a mut Timing>,
    pub analyses: AnalysisManager,
    pub dump: &'a mut DumpSink<'a>,
}

/// The top-level pass manager: its pipeline and a run on a top-level op.
pub struct PassManager {
    pub pm: OpPassManager,
}

impl PassManager {
    pub fn new(pm: OpPassManager) -> Self {
        PassManager { pm }
    }

    /// Runs the pipeline on `op`. A failure has been diagnosed in `st.diags`.
    #[allow(clippy::result_unit_err)]
    pub fn run(&mut self, st: &mut RunState<'_>, op: Op) -> Result<(), ()> {
        let name = st.ctx.str(st.ir.op(op).name).to_string();
        if self.pm.anchor != "any" && self.pm.anchor != name {
            let loc = st.ir.op(op).loc;
            st.diags.emit(Diagnostic::error(
                loc,
                format!("can't run '{}' pass manager on '{name}' op", self.pm.anchor),
            ));
            return Err(());
        }
        run_pm(&mut self.pm, op, st)
    }
}

fn run_pm(pm: &mut OpPassManager, op: Op, st: &mut RunState<'_>) -> Result<(), ()> {
    for e in &mut pm.entries {
        match e {
            Entry::Pass { pass, stats, .. } => run_pass(pass.as_mut(), stats, op, st)?,
            Entry::Adaptor(pms) => run_adaptor(pms, op, st)?,
        }
    }
    Ok(())
}

/// Runs each nested manager on the ops directly in `op`'s regions whose name it is
/// anchored on.
fn run_adaptor(pms: &mut [OpPassManager], op: Op, st: &mut RunState<'_>) -> Result<(), ()> {
    if let Some(t) = st.timing.as_deref_mut() {
        t.push_with(&adaptor_name(pms), pms.len() == 1);
    }
    let mut children = Vec::new();
    for &r in st.ir.regions(op) {
        for b in st.ir.region_blocks(r) {
            children.extend(st.ir.block_ops(b));
        }
    }
    let mut result = Ok(());
    for child in children {
        if st.ir.is_erased(child) {
            continue;
        }
        let name = st.ctx.str(st.ir.op(child).name);
        let Some(pm) = pms
            .iter_mut()
            .find(|p| p.anchor == name || p.anchor == "any")
        else {
            continue;
        };
        if let Some(t) = st.timing.as_deref_mut() {
            t.push(&format!("'{}' Pipeline", pm.anchor));
        }
        result = run_pm(pm, child, st);
        if let Some(t) = st.timing.as_deref_mut() {
            t.pop();
        }
        if result.is_err() {
            break;
        }
    }
    if let Some(t) = st.timing.as_deref_mut() {
        t.pop();
    }
    result
}

/// The IR under `op` as text, to tell whether a pass changed it.
fn fingerprint(ctx: &Context, ir: &Ir, op: Op) -> String {
    let opts = PrintOptions {
        generic: true,
        debuginfo: true,
        local_scope: true,
    };
    op_to_string(ctx, ir, op, &opts)
}

fn run_pass(
    pass: &mut dyn Pass,
    stats: &mut Stats,
    op: Op,
    st: &mut RunState<'_>,
) -> Result<(), ()> {
    let printing = &st.config.printing;
    let (name, arg) = (pass.name(), pass.argument());
    // Passes anchored on another op are skipped under `any`.
    if let Some(a) = pass.anchor() {
        if st.ctx.str(st.ir.op(op).name) != a {
            return Ok(());
        }
    }
    let required = pass.required_traits();
    if !st.ctx.op_traits(st.ir.op(op).name).contains(required) {
        let msg = pass.missing_traits_message(st.ctx.str(st.ir.op(op).name));
        let mut d = Diagnostic::error(st.ir.op(op).loc, msg);
        if !st.config.verify_quiet {
            d.notes
                .push(crate::verifier::current_op_note(st.ctx, st.ir, op));
        }
        st.diags.emit(d);
        return Err(());
    }
    if printing.print_before(arg) {
        let text = printing.dump(st.ctx, st.ir, op, "Before", name, arg);
        (st.dump)(st.ctx, st.diags, &text);
    }
    let before = (printing.after_change && printing.print_after(arg))
        .then(|| fingerprint(st.ctx, st.ir, op));
    if let Some(t) = st.timing.as_deref_mut() {
        t.push(name);
    }

    let mut pc = PassContext::new(st.ctx, st.ir, st.diags, &mut st.analyses);
    pc.print_op_on_diagnostic = !st.config.verify_quiet;
    pc.statistics = std::mem::take(stats);
    let mut result = pass.run(&mut pc, op);
    *stats = std::mem::take(&mut pc.statistics);
    let preserved_all = pc.preserved_all;
    let preserved: Vec<TypeId> = std::mem::take(&mut pc.preserved);
    drop(pc);

    if let Some(t) = st.timing.as_deref_mut() {
        for (a, d) in st.analyses.take_computed() {
            t.record(&format!("(A) {a}"), d);
        }
        t.pop();
    } else {
        st.analyses.take_computed();
    }
    if !preserved_all {
        st.analyses.invalidate(st.ir, op, &preserved);
    }
    if result.is_ok() && st.config.verify_each && !preserved_all {
        let opts = VerifyOptions {
            print_op_on_diagnostic: !st.config.verify_quiet,
        };
        let found = verify_with(st.ctx, st.ir, op, opts);
        if found.iter().any(|d| d.severity == Severity::Error) {
            result = Err(());
        }
        for d in found {
            st.diags.emit(d);
        }
    }
    let printing = &st.config.printing;
    if result.is_err() {
        if printing.print_after_failed(arg) {
            let text = printing.dump(st.ctx, st.ir, op, "After", &format!("{name} Failed"), arg);
            (st.dump)(st.ctx, st.diags, &text);
        }
        return Err(());
    }
    if printing.print_after(arg) {
        let changed = match &before {
            Some(b) => *b != fingerprint(st.ctx, st.ir, op),
            None => true,
        };
        if changed {
            let text = printing.dump(st.ctx, st.ir, op, "After", name, arg);
            (st.dump)(st.ctx, st.diags, &text);
        }
    }
    Ok(())
}
