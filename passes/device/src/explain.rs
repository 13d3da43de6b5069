//! `device-explain`: a remark on each graph op saying why it got its placement: the
//! pin it came from (with its line) and the last uses that carried it there, or
//! "default" when nothing constrains it. Changes nothing.
//!
//! One multi-source breadth-first search from every pin over the planner's join
//! forest gives each variable its nearest pin and the join that reached it; each op
//! then shows at most `MAX_STEPS` steps, so the pass stays linear.

use super::annotate::solve;
use super::plan::diagnostics::{describe, pin_loc};
use super::plan::solver::{PinId, Var};
use std::collections::VecDeque;
use xir::diag::Severity;
use xir::pass::{Pass, PassContext};
use xir::printer::attr_to_string;
use xir::symbol::op_attr;
use xir::{Attr, AttrKind, Context, Diagnostic, Ir, Location, Op};

/// Uses shown per op (the ones nearest to it).
const MAX_STEPS: usize = 4;

#[derive(Default)]
pub struct Explain;

impl Explain {
    pub const ARGUMENT: &'static str = "device-explain";
    pub const SUMMARY: &'static str =
        "Remark on each graph op why device-plan places it where it does";
}

fn line_of(ctx: &Context, loc: Attr) -> String {
    match xir::diag::find_file_line_col(ctx, loc).map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::Location(Location::FileLineCol { line, .. })) => format!("line {line}"),
        _ => attr_to_string(ctx, loc),
    }
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
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        pc.preserve_all();
        let (devices, mut m, errors) = solve(pc.ctx, pc.ir, module);
        for mut d in errors {
            d.severity = Severity::Remark;
            pc.diags.emit(d);
        }
        if m.solver.num_vars() == 0 {
            return Ok(());
        }
        let Some(default) = devices.default else {
            pc.diags.emit(Diagnostic::error(
                pc.ir.op(module).loc,
                "device-explain: no device to place values on; declare 'device.targets' or 'device.default'",
            ));
            return Err(());
        };
        let (ctx, ir): (&Context, &Ir) = (pc.ctx, pc.ir);
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
                        "placed on {} by the 'to' side of this 'graph.transfer'",
                        t.unwrap_or_default()
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
            let msg = match r.pin[var as usize] {
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
                Some(p) => {
                    let pin = m.solver.pins[p as usize];
                    let mut msg = format!(
                        "placed on {} by {} ({})",
                        attr_to_string(ctx, pin.attr),
                        describe(ctx, ir, pin.source),
                        line_of(ctx, pin_loc(ctx, ir, pin.source))
                    );
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
            };
            pc.diags.emit(Diagnostic::remark(ir.op(op).loc, msg));
        }
        Ok(())
    }
}
