//! `inline`: MLIR's inliner. The call graph's SCCs are visited callees first;
//! each is simplified with the optimizer pipeline (default `canonicalize`),
//! then its calls are inlined, then simplified again, until nothing more is
//! inlined (at most `max-iterations` rounds). Single-block callees are
//! spliced in at the call; multi-block ones split the caller's block at the
//! call, their `func.return`s becoming `cf.br`s to the continuation block,
//! whose arguments replace the call's results (see `region.rs`). Private
//! functions found without uses, or inlined at their last use, are erased.

mod callgraph;
mod region;
#[cfg(test)]
mod tests;
mod uses;

use super::canonicalize::{self, Canonicalize};
use callgraph::CallGraph;
use rustc_hash::FxHashSet;
use uses::UseList;
use xir::dialect::Traits;
use xir::pass::options::{split_list, split_options};
use xir::pass::pipeline::{create_pass, parse_elements};
use xir::pass::{AnalysisManager, Pass, PassContext, PassOption, PassRegistry};
use xir::rewrite::{apply_patterns_greedily, PatternSet};
use xir::symbol::op_attr;
use xir::{Op, Region};

/// The passes of an optimizer pipeline: (pass argument, options text).
type Steps = Vec<(String, String)>;

pub struct Inline {
    /// Callees with more ops than this stay calls (an xir extension).
    pub max_callee_ops: u64,
    /// `default-pipeline`, as text; empty: no simplification.
    pub default_pipeline: String,
    /// `op-pipelines`, as text (`func.func(canonicalize,cse)`).
    pub op_pipelines: String,
    pub max_iterations: u64,
    /// Inline only when callee ops × 100 / caller ops is at most this.
    pub inlining_threshold: u64,
}

impl Default for Inline {
    fn default() -> Self {
        Inline {
            max_callee_ops: u64::from(u32::MAX),
            default_pipeline: "canonicalize".into(),
            op_pipelines: String::new(),
            max_iterations: 4,
            inlining_threshold: u64::from(u32::MAX),
        }
    }
}

impl Inline {
    pub const ARGUMENT: &'static str = "inline";
    pub const SUMMARY: &'static str = "Inline function calls";
}

/// The passes this crate registers, for the optimizer pipelines.
fn local_registry() -> PassRegistry {
    let mut reg = PassRegistry::default();
    crate::register(&mut reg);
    reg
}

/// The passes of a pipeline text with no nesting (`canonicalize{...},cse`).
fn parse_steps(text: &str, reg: &PassRegistry) -> Result<Steps, String> {
    let els = parse_elements(text.trim()).map_err(|e| e.message)?;
    let mut out = Vec::new();
    for el in els {
        if el.nested.is_some() || reg.pass(&el.name).is_none() || el.name == Inline::ARGUMENT {
            return Err(format!(
                "'{}' is not a pass the inliner's pipelines can run",
                el.name
            ));
        }
        out.push((el.name, el.options.unwrap_or_default()));
    }
    Ok(out)
}

/// `op-pipelines`: `anchor(passes)` entries, comma separated.
fn parse_op_pipelines(text: &str, reg: &PassRegistry) -> Result<Vec<(String, Steps)>, String> {
    let mut out = Vec::new();
    for item in split_list(text.trim()) {
        let item = item.trim().trim_start_matches('{').trim_end_matches('}');
        if item.is_empty() {
            continue;
        }
        let (Some(open), true) = (item.find('('), item.ends_with(')')) else {
            return Err(format!(
                "'{item}' is not of the form `dialect.op(pipeline)`"
            ));
        };
        let steps = parse_steps(&item[open + 1..item.len() - 1], reg)?;
        // As MLIR, an empty pipeline is no pipeline; the first one per op wins.
        let anchor = item[..open].trim().to_string();
        if !steps.is_empty() && !out.iter().any(|(a, _)| *a == anchor) {
            out.push((anchor, steps));
        }
    }
    Ok(out)
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
        vec![
            PassOption {
                name: "default-pipeline",
                help: "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList",
                default: self.default_pipeline.clone(),
            },
            PassOption {
                name: "inlining-threshold",
                help: "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it",
                default: self.inlining_threshold.to_string(),
            },
            PassOption {
                name: "max-callee-ops",
                help: "Callees with more operations than this are not inlined",
                default: self.max_callee_ops.to_string(),
            },
            PassOption {
                name: "max-iterations",
                help: "Maximum number of iterations when inlining within an SCC",
                default: self.max_iterations.to_string(),
            },
            PassOption {
                name: "op-pipelines",
                help: "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)",
                default: self.op_pipelines.clone(),
            },
        ]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let uint = |v: &str| -> Result<u64, String> {
            v.parse::<u32>()
                .map(u64::from)
                .map_err(|_| format!("'{v}' value invalid for uint argument!"))
        };
        match name {
            "max-callee-ops" => {
                self.max_callee_ops = value
                    .parse()
                    .map_err(|_| format!("'{value}' is not an integer"))?
            }
            "default-pipeline" => {
                parse_steps(value, &local_registry())?;
                self.default_pipeline = value.trim().to_string();
            }
            "op-pipelines" => {
                parse_op_pipelines(value, &local_registry())?;
                self.op_pipelines = value.trim().to_string();
            }
            "max-iterations" => self.max_iterations = uint(value)?,
            "inlining-threshold" => self.inlining_threshold = uint(value)?,
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let reg = local_registry();
        let passes = |steps: Steps| -> Vec<Step> {
            steps
                .iter()
                .filter_map(|(n, o)| {
                    if n == Canonicalize::ARGUMENT {
                        let mut c = Canonicalize::default();
                        for (k, v) in split_options(o) {
                            c.set_option(&k, &v).ok()?;
                        }
                        return Some(Step::Canonicalize(c));
                    }
                    create_pass(reg.pass(n)?, o).ok().map(Step::Pass)
                })
                .collect()
        };
        let default = parse_steps(&self.default_pipeline, &reg).unwrap_or_default();
        let mut inl = Inliner {
            default: passes(default),
            by_op: parse_op_pipelines(&self.op_pipelines, &reg)
                .unwrap_or_default()
                .into_iter()
                .map(|(a, s)| (a, passes(s)))
                .collect(),
            max_iterations: self.max_iterations,
            threshold: self.inlining_threshold,
            max_callee_ops: self.max_callee_ops,
            inlined: 0,
            dead: Vec::new(),
            canonicalize_patterns: None,
        };
        let r = xir::symbol::with_symbol_cache(|| inl.run(pc, op));
        // As MLIR, only the functions found dead on the way are erased, once
        // nothing refers to the call graph any more.
        for f in std::mem::take(&mut inl.dead) {
            let mut p = Some(f);
            while let Some(o) = p {
                if pc.ir.is_erased(o) {
                    break;
                }
                p = pc.ir.parent_op(o);
            }
            if p.is_none() {
                pc.ir.erase_op(f);
            }
        }
        pc.add_statistic("num-inlined-calls", "Number of inlined calls", inl.inlined);
        r
    }
}

/// A call the inliner may inline: the call, the node it sits in, its callee.
#[derive(Clone, Copy)]
struct ResolvedCall {
    call: Op,
    source: usize,
    target: usize,
}

/// A pass of an optimizer pipeline. `canonicalize` is run here with one
/// pattern set for the whole inlining (built once: it runs on every function,
/// several times).
enum Step {
    Canonicalize(Canonicalize),
    Pass(Box<dyn Pass>),
}

struct Inliner {
    default: Vec<Step>,
    by_op: Vec<(String, Vec<Step>)>,
    canonicalize_patterns: Option<PatternSet>,
    max_iterations: u64,
    threshold: u64,
    max_callee_ops: u64,
    inlined: u64,
    /// Functions to erase at the end (MLIR's dead nodes), in the order found.
    dead: Vec<Op>,
}

/// The calls among `lists` (the ops of blocks, and in regions nested in them)
/// with the node they belong to, in MLIR's order: a worklist of blocks taken
/// from the back.
fn collect_calls(
    pc: &PassContext<'_>,
    cg: &CallGraph,
    lists: Vec<Vec<Op>>,
    source: usize,
    traverse_nested: bool,
    out: &mut Vec<ResolvedCall>,
) {
    let (ctx, ir) = (&*pc.ctx, &*pc.ir);
    let mut work: Vec<(Vec<Op>, usize)> = lists.into_iter().map(|l| (l, source)).collect();
    while let Some((ops, node)) = work.pop() {
        for op in ops {
            if callgraph::is_call(ctx, ir, op) {
                // Nested references (`@a::@b`) are not inlined, as in MLIR.
                if let Some(sym) = op_attr(ctx, ir, op, "callee") {
                    if let xir::AttrKind::SymbolRef { nested, .. } = ctx.attr_kind(sym) {
                        if !nested.is_empty() {
                            continue;
                        }
                    }
                }
                let target = cg.resolve(ctx, ir, op);
                if !cg.is_external(target) {
                    out.push(ResolvedCall {
                        call: op,
                        source: node,
                        target,
                    });
                }
                continue;
            }
            for &r in ir.regions(op) {
                let nested = cg.lookup(r);
                if traverse_nested || nested.is_none() {
                    let n = nested.unwrap_or(node);
                    work.extend(ir.region_blocks(r).map(|b| (ir.block_ops(b).collect(), n)));
                }
            }
        }
    }
}

/// Whether `region` lies inside `ancestor` (or is it).
fn region_within(ir: &xir::Ir, mut region: Region, ancestor: Region) -> bool {
    loop {
        if region == ancestor {
            return true;
        }
        let Some(p) = ir.region_parent(region) else {
            return false;
        };
        let Some(b) = ir.parent_block(p) else {
            return false;
        };
        let Some(r) = ir.block_parent(b) else {
            return false;
        };
        region = r;
    }
}

/// The number of ops nested in `r`.
fn count_ops(ir: &xir::Ir, r: Region) -> u64 {
    ir.region_blocks(r)
        .flat_map(|b| ir.block_ops(b))
        .map(|o| xir::walk::preorder(ir, o).len() as u64)
        .sum()
}

impl Inliner {
    fn run(&mut self, pc: &mut PassContext<'_>, root: Op) -> Result<(), ()> {
        let cg = CallGraph::new(pc.ctx, pc.ir, root);
        let mut uses = UseList::new(pc.ctx, pc.ir, &cg, root);
        for mut scc in cg.sccs() {
            let mut iterations = 0;
            loop {
                self.optimize(pc, &cg, &mut uses, &scc)?;
                if !self.inline_calls_in_scc(pc, &cg, &mut uses, &mut scc) {
                    break;
                }
                iterations += 1;
                if iterations >= self.max_iterations {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Runs the optimizer pipeline on each function of the SCC, as MLIR's
    /// `optimizeSCC` (functions with nested functions are skipped).
    fn optimize(
        &mut self,
        pc: &mut PassContext<'_>,
        cg: &CallGraph,
        uses: &mut UseList,
        scc: &[usize],
    ) -> Result<(), ()> {
        let mut visited = Vec::new();
        for &n in scc {
            if cg.is_external(n) || cg.has_children(n) {
                continue;
            }
            let Some(f) = cg.nodes[n].op else { continue };
            let name = pc.ir.op(f).name;
            if !pc.ctx.op_traits(name).contains(Traits::ISOLATED_FROM_ABOVE) {
                continue;
            }
            let name = pc.ctx.str(name).to_string();
            let passes = match self.by_op.iter_mut().find(|(a, _)| *a == name) {
                Some((_, p)) => p,
                None => &mut self.default,
            };
            if passes.is_empty() {
                continue;
            }
            visited.push(n);
            // A fresh analysis cache: the caller's one may describe IR the
            // inlining has changed.
            let mut am = AnalysisManager::default();
            for step in passes.iter_mut() {
                match step {
                    Step::Canonicalize(c) => {
                        let set = self
                            .canonicalize_patterns
                            .get_or_insert_with(|| canonicalize::patterns(pc.ctx));
                        let (converged, _) =
                            apply_patterns_greedily(pc.ctx, pc.ir, f, set, &c.config);
                        if c.test_convergence && !converged {
                            let loc = pc.ir.op(f).loc;
                            pc.diags.emit(xir::Diagnostic::error(
                                loc,
                                "Canonicalizer failed to converge".to_string(),
                            ));
                            return Err(());
                        }
                    }
                    Step::Pass(p) => {
                        let mut inner =
                            PassContext::new(&mut *pc.ctx, &mut *pc.ir, &mut *pc.diags, &mut am);
                        inner.print_op_on_diagnostic = pc.print_op_on_diagnostic;
                        p.run(&mut inner, f)?;
                        am.clear();
                    }
                }
            }
        }
        for n in visited {
            uses.recompute(pc.ctx, pc.ir, cg, n);
        }
        Ok(())
    }

    /// MLIR's `inlineCallsInSCC`: returns whether any call was inlined.
    fn inline_calls_in_scc(
        &mut self,
        pc: &mut PassContext<'_>,
        cg: &CallGraph,
        uses: &mut UseList,
        scc: &mut Vec<usize>,
    ) -> bool {
        let mut dead: Vec<usize> = Vec::new();
        let mut calls: Vec<ResolvedCall> = Vec::new();
        for &n in scc.iter() {
            if cg.is_external(n) {
                continue;
            }
            if uses.is_dead(n) {
                if !dead.contains(&n) {
                    dead.push(n);
                }
            } else if let Some(r) = cg.nodes[n].region {
                let lists = pc
                    .ir
                    .region_blocks(r)
                    .map(|b| pc.ir.block_ops(b).collect())
                    .collect();
                collect_calls(pc, cg, lists, n, false, &mut calls);
            }
        }
        // Calls that inlining brings in remember what was inlined to reach
        // them, so that a callee is never inlined into its own copy.
        let mut history: Vec<(usize, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; calls.len()];
        let mut any = false;
        let mut i = 0;
        while i < calls.len() {
            let it = calls[i];
            let hist = call_history[i];
            i += 1;
            if dead.contains(&it.source) || pc.ir.is_erased(it.call) {
                continue;
            }
            let mut h = hist;
            let mut in_history = false;
            while let Some(k) = h {
                if history[k].0 == it.target {
                    in_history = true;
                    break;
                }
                h = history[k].1;
            }
            if in_history || !self.should_inline(pc, cg, it) {
                continue;
            }
            let in_place = uses.has_one_use_and_discardable(it.target);
            let Some(callee) = cg.nodes[it.target].op else {
                continue;
            };
            let mut found = Vec::new();
            let ok = region::inline_call(pc, it.call, callee, in_place, |pc, region, lists| {
                // MLIR's `processInlinedBlocks`: the calls brought in belong
                // to the closest function around them.
                let mut node = None;
                let mut r = Some(region);
                while let Some(reg) = r {
                    if let Some(n) = cg.lookup(reg) {
                        node = Some(n);
                        break;
                    }
                    r = pc
                        .ir
                        .region_parent(reg)
                        .and_then(|p| pc.ir.parent_block(p))
                        .and_then(|b| pc.ir.block_parent(b));
                }
                if let Some(n) = node {
                    collect_calls(pc, cg, lists, n, true, &mut found);
                }
            });
            if !ok {
                continue;
            }
            calls.extend(found);
            any = true;
            self.inlined += 1;
            let id = history.len();
            history.push((it.target, hist));
            call_history.resize(calls.len(), Some(id));
            uses.drop_call_uses(pc.ctx, pc.ir, cg, it.source, it.call);
            uses.merge_after_inlining(it.target, it.source);
            pc.ir.erase_op(it.call);
            if in_place {
                uses.erase_node(cg, it.target);
                if !dead.contains(&it.target) {
                    dead.push(it.target);
                }
            }
        }
        let mut erased: FxHashSet<Op> = self.dead.iter().copied().collect();
        for n in dead {
            scc.retain(|&m| m != n);
            if let Some(f) = cg.nodes[n].op {
                if erased.insert(f) {
                    self.dead.push(f);
                }
            }
        }
        any
    }

    /// MLIR's `shouldInline` plus the profitability threshold.
    fn should_inline(&self, pc: &PassContext<'_>, cg: &CallGraph, it: ResolvedCall) -> bool {
        let (ctx, ir) = (&*pc.ctx, &*pc.ir);
        if ctx
            .op_traits(ir.op(it.call).name)
            .contains(Traits::TERMINATOR)
        {
            return false;
        }
        // No recursion: not a callee that calls itself or its caller.
        if cg.nodes[it.target]
            .edges
            .iter()
            .any(|&(t, _)| t == it.target || t == it.source)
        {
            return false;
        }
        let (Some(callee_region), Some(callee)) =
            (cg.nodes[it.target].region, cg.nodes[it.target].op)
        else {
            return false;
        };
        let Some(call_region) = ir.parent_block(it.call).and_then(|b| ir.block_parent(b)) else {
            return false;
        };
        if region_within(ir, call_region, callee_region) {
            return false;
        }
        // A multi-block body goes only where several blocks may be.
        let multi = ir
            .entry_block(callee_region)
            .is_some_and(|b| ir.next_block(b).is_some());
        let Some(parent) = ir.parent_op(it.call) else {
            return false;
        };
        let same_kind = ir.op(parent).name == ir.op(callee).name;
        let parent_name = ir.op(parent).name;
        let might_be_single_block = ctx.registry.op_def(parent_name).is_none()
            || ctx.op_traits(parent_name).contains(Traits::SINGLE_BLOCK);
        if multi && !same_kind && might_be_single_block {
            return false;
        }
        let callee_ops = count_ops(ir, callee_region);
        if callee_ops > self.max_callee_ops {
            return false;
        }
        // The profitability threshold (MLIR's `isProfitableToInline`).
        match self.threshold {
            0 => false,
            t if t == u64::from(u32::MAX) => true,
            t => {
                let caller_ops = cg.nodes[it.source].region.map_or(0, |r| count_ops(ir, r));
                // In MLIR's 32-bit arithmetic.
                let (callee, caller) = (callee_ops as u32, caller_ops as u32);
                caller == 0 || u64::from(callee.wrapping_mul(100) / caller) <= t
            }
        }
    }
}
