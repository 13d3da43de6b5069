//! `device-explain`: a remark on each graph op saying where `device-plan` places it
//! and why: the pin it came from (with its line) and the last uses that carried it
//! there, "default" when nothing constrains it, or the min-transfer placement; a
//! remark on each use the plan cuts with a transfer. Takes `device-plan`'s options
//! and runs its code (`plan::solve`, on a copy of the module: this pass changes
//! nothing), so every placement it names is the one `device-plan` writes. A program
//! `device-plan` rejects is not explained: the pass says so, with the planner's
//! errors, and fails.
//!
//! One multi-source breadth-first search from every pin over the planner's join
//! forest gives each variable its nearest pin and the join that reached it; each op
//! then shows at most `MAX_STEPS` steps, so the pass stays linear.

use super::plan::diagnostics::{describe, line_of, pin_loc};
use super::plan::solver::{Pin, PinId, PinSource, Var};
use super::plan::{self, specialize::Cloned, DevicePlan, PlanOptions};
use std::collections::VecDeque;
use xir::pass::{Pass, PassContext, PassOption};
use xir::printer::attr_to_string;
use xir::symbol::{op_attr, symbol_name};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op};

/// Uses shown per op (the ones nearest to it).
const MAX_STEPS: usize = 4;

#[derive(Default)]
pub struct Explain {
    /// `device-plan`'s options: the plan explained is the one they give.
    pub opts: PlanOptions,
}

impl Explain {
    pub const ARGUMENT: &'static str = "device-explain";
    pub const SUMMARY: &'static str =
        "Remark on each graph op where device-plan (same options) places it and why";
}

/// Per variable: the nearest pin, and the join (other end, op) that reached it.
struct Reach {
    pin: Vec<Option<PinId>>,
    prev: Vec<Option<(Var, Op)>>,
}

fn reach(n: usize, joins: &[(Var, Var, Op)], sources: &[(Var, PinId)]) -> Reach {
    let mut start = vec![0u32; n + 1];
    for &(a, b, _) in joins {
        start[a as usize + 1] += 1;
        start[b as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut adj = vec![(0 as Var, 0u32); joins.len() * 2];
    for (i, &(a, b, _)) in joins.iter().enumerate() {
        adj[fill[a as usize] as usize] = (b, i as u32);
        fill[a as usize] += 1;
        adj[fill[b as usize] as usize] = (a, i as u32);
        fill[b as usize] += 1;
    }
    let mut r = Reach {
        pin: vec![None; n],
        prev: vec![None; n],
    };
    let mut queue = VecDeque::new();
    for &(v, p) in sources {
        if r.pin[v as usize].is_none() {
            r.pin[v as usize] = Some(p);
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        for &(w, e) in &adj[start[v as usize] as usize..start[v as usize + 1] as usize] {
            if r.pin[w as usize].is_none() {
                r.pin[w as usize] = r.pin[v as usize];
                r.prev[w as usize] = Some((v, joins[e as usize].2));
                queue.push_back(w);
            }
        }
    }
    r
}

/// `device-plan` with these options, as written on a command line.
fn plan_text(opts: PlanOptions) -> String {
    let mut set = Vec::new();
    if opts.auto_transfer {
        set.push("auto-transfer=true");
    }
    if opts.min_transfer {
        set.push("placement=min-transfer");
    }
    if set.is_empty() {
        DevicePlan::ARGUMENT.to_string()
    } else {
        format!("{}{{{}}}", DevicePlan::ARGUMENT, set.join(" "))
    }
}

/// The clone function `f` is, with its name.
fn clone_of<'a>(
    ctx: &Context,
    ir: &Ir,
    clones: &'a [Cloned],
    f: Op,
) -> Option<(String, &'a Cloned)> {
    let c = clones.iter().find(|c| c.func == f)?;
    let name = symbol_name(ctx, ir, f).map(|n| String::from_utf8_lossy(n).into_owned())?;
    Some((name, c))
}

/// `device-plan's clone of @f for the calls at line 12, line 14`.
fn clone_text(ctx: &Context, c: &Cloned) -> String {
    let calls: Vec<String> = c.calls.iter().map(|&l| line_of(ctx, l)).collect();
    format!(
        "device-plan's clone of @{} for the calls at {}",
        c.of,
        calls.join(", ")
    )
}

/// The clone `op` lies in, if any.
fn enclosing_clone(ir: &Ir, clones: &[Cloned], op: Op) -> Option<Op> {
    let mut p = ir.parent_op(op);
    while let Some(f) = p {
        if clones.iter().any(|c| c.func == f) {
            return Some(f);
        }
        p = ir.parent_op(f);
    }
    None
}

/// What the program never wrote, said after an op's explanation: the clone the op
/// lies in, and the clone whose signature pinned it (device-plan pins each clone's
/// signature with its calls' placements).
fn clone_notes(
    ctx: &Context,
    ir: &Ir,
    clones: &[Cloned],
    op: Op,
    pin: Option<PinSource>,
) -> String {
    let mut out = String::new();
    let inside = enclosing_clone(ir, clones, op);
    if let Some((name, c)) = inside.and_then(|f| clone_of(ctx, ir, clones, f)) {
        out.push_str(&format!(" (in @{name}, {})", clone_text(ctx, c)));
    }
    if let Some(PinSource::Arg(f, _) | PinSource::Result(f, _)) = pin {
        if Some(f) != inside {
            if let Some((name, c)) = clone_of(ctx, ir, clones, f) {
                out.push_str(&format!("; @{name} is {}", clone_text(ctx, c)));
            }
        }
    }
    out
}

impl Pass for Explain {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DeviceExplain"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options(&self) -> Vec<PassOption> {
        PlanOptions::list()
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.opts.set(name, value)
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        pc.preserve_all();
        // The planner's own decision, on a copy (it clones callees): ops keep their
        // ids in the copy, and clones and their ops keep their source locations.
        let mut ir = pc.ir.clone();
        let mut planner = DiagEngine::default();
        let solved = plan::solve(
            pc.ctx,
            &mut ir,
            module,
            self.opts,
            DevicePlan::ARGUMENT,
            &mut planner,
        );
        let Ok(solved) = solved else {
            pc.diags.emit(Diagnostic::error(
                pc.ir.op(module).loc,
                format!(
                    "device-explain: {} rejects this program, so there is no placement to explain; its errors follow",
                    plan_text(self.opts)
                ),
            ));
            for d in planner.take() {
                pc.diags.emit(d);
            }
            return Err(());
        };
        // Anything else the planner said (warnings, remarks) stays said.
        for d in planner.take() {
            pc.diags.emit(d);
        }
        let Some(default) = solved.default else {
            return Ok(());
        };
        let mut m = solved.model;
        let ctx: &Context = pc.ctx;
        let ir = &ir;
        let sources: Vec<(Var, PinId)> = m
            .solver
            .pins
            .iter()
            .enumerate()
            .map(|(i, p)| (p.var, i as PinId))
            .collect();
        let r = reach(m.solver.num_vars(), m.solver.joins(), &sources);
        let mut ops = m.placed.clone();
        ops.extend(m.on_device.iter().copied());
        for op in ops {
            let name = ctx.str(ir.op(op).name);
            if name == xir_graph::ops::TRANSFER.name {
                let t = op_attr(ctx, ir, op, "target").map(|a| attr_to_string(ctx, a));
                pc.diags.emit(Diagnostic::remark(
                    ir.op(op).loc,
                    format!(
                        "placed on {} by the 'to' side of this 'graph.transfer'{}",
                        t.unwrap_or_default(),
                        clone_notes(ctx, ir, &solved.clones, op, None)
                    ),
                ));
                continue;
            }
            let var = m
                .var_of_op(op)
                .or_else(|| ir.results(op).first().and_then(|&v| m.var_of_value(v)));
            let Some(var) = var else {
                continue;
            };
            let pin = r.pin[var as usize].map(|p| m.solver.pins[p as usize]);
            let mut msg = match pin {
                None => {
                    let place = match m.solver.class_pin(var) {
                        Some(p) => m.solver.pins[p as usize].attr,
                        None => default,
                    };
                    format!(
                        "placed on {} by default: nothing constrains it",
                        attr_to_string(ctx, place)
                    )
                }
                Some(pin) => placed_by_pin(ctx, ir, &r, pin, var, op, default),
            };
            msg.push_str(&clone_notes(
                ctx,
                ir,
                &solved.clones,
                op,
                pin.map(|p| p.source),
            ));
            pc.diags.emit(Diagnostic::remark(ir.op(op).loc, msg));
        }
        // The uses the plan cuts: each becomes a transfer.
        for cut in &m.cuts {
            let how = if m.share_transfers {
                format!(
                    "one 'graph.transfer' after its definition, shared by its uses on {}",
                    attr_to_string(ctx, cut.to)
                )
            } else {
                "a 'graph.transfer' inserted before this op".to_string()
            };
            pc.diags.emit(Diagnostic::remark(
                ir.op(cut.user).loc,
                format!(
                    "operand #{} crosses from {} to {}: device-plan moves it with {how}{}",
                    cut.index,
                    attr_to_string(ctx, cut.from),
                    attr_to_string(ctx, cut.to),
                    clone_notes(ctx, ir, &solved.clones, cut.user, None)
                ),
            ));
        }
        Ok(())
    }
}

/// Why `op` (of variable `var`) is placed where `pin` says: the pin, and
/// the joins that lead from it to the op.
fn placed_by_pin(
    ctx: &Context,
    ir: &Ir,
    r: &Reach,
    pin: Pin,
    var: Var,
    op: Op,
    default: xir::Attr,
) -> String {
    let mut msg = format!(
        "placed on {} by {}",
        attr_to_string(ctx, pin.attr),
        describe(ctx, ir, pin.source),
    );
    match pin.source {
        PinSource::Planned => msg.push_str(" (the fewest bytes moved)"),
        PinSource::Runner => msg.push_str(&format!(
            " (the default, {}, cannot run them)",
            attr_to_string(ctx, default)
        )),
        src => msg.push_str(&format!(" ({})", line_of(ctx, pin_loc(ctx, ir, src)))),
    }
    // The joins nearest to the op, walking back towards the pin.
    let mut steps: Vec<Op> = Vec::new();
    let mut v = var;
    let mut more = false;
    while let Some((w, why)) = r.prev[v as usize] {
        if why != op && pin.source.op() != Some(why) && steps.last() != Some(&why) {
            if steps.len() == MAX_STEPS {
                more = true;
                break;
            }
            steps.push(why);
        }
        v = w;
    }
    if !steps.is_empty() {
        steps.reverse();
        let list: Vec<String> = steps
            .iter()
            .map(|&o| {
                format!(
                    "'{}' ({})",
                    ctx.str(ir.op(o).name),
                    line_of(ctx, ir.op(o).loc)
                )
            })
            .collect();
        msg.push_str(" via ");
        if more {
            msg.push_str("... -> ");
        }
        msg.push_str(&list.join(" -> "));
    }
    msg
}
