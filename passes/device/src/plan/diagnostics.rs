//! The planner's error messages: conflicting pins with the chain of uses between
//! them, in data-flow order; a public function called on two placements.

use super::kinds::OpKind;
use super::solver::{Pin, PinSource, Solver, Step, Var};
use xir::printer::attr_to_string;
use xir::{Attr, AttrKind, Context, Diagnostic, Ir, Location, Op};

/// Where a pin is written.
pub fn pin_loc(ctx: &Context, ir: &Ir, src: PinSource) -> Attr {
    match src {
        PinSource::Arg(f, i) => ir
            .regions(f)
            .first()
            .and_then(|&r| ir.entry_block(r))
            .and_then(|b| ir.block_args(b).get(i as usize).copied())
            .and_then(|v| ir.value(v).loc)
            .filter(|&l| !matches!(ctx.attr_kind(l), AttrKind::Location(Location::Unknown)))
            .unwrap_or(ir.op(f).loc),
        PinSource::Result(f, _) => ir.op(f).loc,
        PinSource::Planned | PinSource::Runner => ctx.unknown_loc(),
        PinSource::OnDevice(o)
        | PinSource::TransferTo(o)
        | PinSource::TransferFrom(o)
        | PinSource::Host(o)
        | PinSource::OpAttr(o)
        | PinSource::Support(o) => ir.op(o).loc,
    }
}

fn func_name(ctx: &Context, ir: &Ir, f: Op) -> String {
    xir::symbol::symbol_name(ctx, ir, f)
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .unwrap_or_default()
}

/// What set a pin, in words.
pub fn describe(ctx: &Context, ir: &Ir, src: PinSource) -> String {
    let opname = |o: Op| ctx.str(ir.op(o).name).to_string();
    match src {
        PinSource::Arg(f, i) => format!("argument #{i} of @{}", func_name(ctx, ir, f)),
        PinSource::Result(f, i) => format!("result #{i} of @{}", func_name(ctx, ir, f)),
        PinSource::OnDevice(_) => "'graph.on_device'".into(),
        PinSource::TransferTo(_) => "the 'to' side of 'graph.transfer'".into(),
        PinSource::TransferFrom(_) => "the 'from' side of 'graph.transfer'".into(),
        PinSource::Host(o) => format!("host-only '{}' (device.host)", opname(o)),
        PinSource::OpAttr(o) => format!("the device.affinity of '{}'", opname(o)),
        PinSource::Planned => "the min-transfer placement".into(),
        PinSource::Runner => "the first device that runs all the ops placed with it".into(),
        PinSource::Support(o) => format!("'{}', which only this device can run", opname(o)),
    }
}

/// `line L` of a location, or its text.
pub fn line_of(ctx: &Context, loc: Attr) -> String {
    match xir::diag::find_file_line_col(ctx, loc).map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::Location(Location::FileLineCol { line, .. })) => format!("line {line}"),
        _ => attr_to_string(ctx, loc),
    }
}

fn pin_note(ctx: &Context, ir: &Ir, d: Diagnostic, p: &Pin) -> Diagnostic {
    let msg = format!(
        "pinned to {} by {}",
        attr_to_string(ctx, p.attr),
        describe(ctx, ir, p.source)
    );
    d.with_note(pin_loc(ctx, ir, p.source), msg)
}

/// Two pins on one value.
pub fn double_pin(ctx: &Context, ir: &Ir, prev: &Pin, attr: Attr, src: PinSource) -> Diagnostic {
    let d = Diagnostic::error(
        pin_loc(ctx, ir, src),
        format!(
            "value pinned to two placements: {} by {} and {} by {}",
            attr_to_string(ctx, prev.attr),
            describe(ctx, ir, prev.source),
            attr_to_string(ctx, attr),
            describe(ctx, ir, src)
        ),
    );
    pin_note(ctx, ir, d, prev)
}

/// Where a pin stands in program order, to order two pins the data flow cannot
/// (two arguments meeting in an op): a function's arguments before its body, its
/// results after it, an op's pins where the op is.
fn program_pos(ir: &Ir, src: PinSource) -> (Vec<usize>, u32) {
    match src {
        PinSource::Arg(f, i) => (op_pos(ir, f), i),
        PinSource::Result(f, i) => {
            let mut p = op_pos(ir, f);
            p.push(usize::MAX);
            (p, i)
        }
        PinSource::TransferTo(o) => (op_pos(ir, o), 1),
        PinSource::Planned | PinSource::Runner => (vec![usize::MAX], 0),
        PinSource::OnDevice(o)
        | PinSource::TransferFrom(o)
        | PinSource::Host(o)
        | PinSource::OpAttr(o)
        | PinSource::Support(o) => (op_pos(ir, o), 0),
    }
}

/// An op's position in pre-order: per level from the top, the index of its
/// region, block and place in the block (compared lexicographically).
fn op_pos(ir: &Ir, op: Op) -> Vec<usize> {
    let mut pos = Vec::new();
    let mut o = op;
    while let Some(b) = ir.parent_block(o) {
        let mut i = 0;
        let mut p = o;
        while let Some(q) = ir.prev_op(p) {
            i += 1;
            p = q;
        }
        pos.push(i);
        let Some(r) = ir.block_parent(b) else {
            break;
        };
        pos.push(ir.region_blocks(r).position(|x| x == b).unwrap_or(0));
        let Some(parent) = ir.region_parent(r) else {
            break;
        };
        pos.push(ir.regions(parent).iter().position(|&x| x == r).unwrap_or(0));
        o = parent;
    }
    pos.reverse();
    pos
}

/// The function a pin belongs to.
fn pin_func(ctx: &Context, ir: &Ir, src: PinSource) -> Option<Op> {
    match src {
        PinSource::Arg(f, _) | PinSource::Result(f, _) => Some(f),
        _ => {
            let mut p = ir.parent_op(src.op()?);
            while let Some(o) = p {
                if OpKind::of_name(ctx.bytes(ir.op(o).name)) == OpKind::Func {
                    return Some(o);
                }
                p = ir.parent_op(o);
            }
            None
        }
    }
}

/// The chain between two conflicting pins, `pa` (whose class holds `a`) and `pb`
/// (whose class holds `b`), that meet where `at` fails to join `a` and `b`
/// (`a_to_b` as in `Solver::try_union`), in data-flow order: from the pin that
/// comes first in data flow to the later one, then the ops of the chain between
/// them, each once. Within one function program order is data-flow order
/// (arguments first, then the body, then results). Across functions (through
/// calls), the pin the chain leaves along the data flow more often than against it
/// comes first (for a tie, the one written first).
#[allow(clippy::too_many_arguments)]
pub fn chain(
    ctx: &Context,
    ir: &Ir,
    solver: &Solver,
    pa: Pin,
    pb: Pin,
    a: Var,
    b: Var,
    at: Op,
    a_to_b: bool,
) -> (Pin, Pin, Vec<Op>) {
    let mut steps = solver.path(pa.var, a);
    steps.push(Step {
        op: at,
        forward: a_to_b,
    });
    steps.extend(solver.path(b, pb.var));
    let later = program_pos(ir, pb.source) < program_pos(ir, pa.source);
    let flip = match pin_func(ctx, ir, pa.source) {
        Some(f) if pin_func(ctx, ir, pb.source) == Some(f) => later,
        _ => {
            let score: i64 = steps.iter().map(|s| if s.forward { 1 } else { -1 }).sum();
            score < 0 || (score == 0 && later)
        }
    };
    let (p1, p2) = if flip {
        steps.reverse();
        (pb, pa)
    } else {
        (pa, pb)
    };
    let mut ops: Vec<Op> = steps.iter().map(|s| s.op).collect();
    ops.dedup();
    (p1, p2, ops)
}

/// Two pins meeting in one class at `at`, connected by `chain` (from `p1` to `p2`,
/// see [`chain`]).
pub fn conflict(ctx: &Context, ir: &Ir, p1: &Pin, p2: &Pin, at: Op, chain: &[Op]) -> Diagnostic {
    let d = Diagnostic::error(
        ir.op(at).loc,
        format!(
            "conflicting placements {} and {} meet at this '{}'",
            attr_to_string(ctx, p1.attr),
            attr_to_string(ctx, p2.attr),
            ctx.str(ir.op(at).name)
        ),
    );
    with_chain(ctx, ir, d, p1, p2, at, chain)
}

/// A public function called on two placements (calls `c1`, on `p1`'s side of
/// the chain, and `c2`, on `p2`'s): only private functions are cloned per
/// placement, so the two pins meet in it.
#[allow(clippy::too_many_arguments)]
pub fn shared_callee(
    ctx: &Context,
    ir: &Ir,
    p1: &Pin,
    p2: &Pin,
    callee: Op,
    (c1, c2): (Op, Op),
    at: Op,
    chain: &[Op],
) -> Diagnostic {
    let name = func_name(ctx, ir, callee);
    let (a1, a2) = (attr_to_string(ctx, p1.attr), attr_to_string(ctx, p2.attr));
    let d = Diagnostic::error(
        ir.op(callee).loc,
        format!(
            "public function @{name} is called on {a1} and on {a2}, but only private functions are cloned per placement; make @{name} private, or move one call's values with a 'graph.transfer'"
        ),
    )
    .with_note(
        ir.op(c1).loc,
        format!("@{name} called on {a1} here"),
    )
    .with_note(
        ir.op(c2).loc,
        format!("@{name} called on {a2} here"),
    );
    with_chain(ctx, ir, d, p1, p2, at, chain)
}

/// Adds both pins, each use along the chain (labelled for --diagnostics=pretty)
/// and the chain of uses, from `p1` to `p2`, as a note at `at`.
fn with_chain(
    ctx: &Context,
    ir: &Ir,
    d: Diagnostic,
    p1: &Pin,
    p2: &Pin,
    at: Op,
    chain: &[Op],
) -> Diagnostic {
    let d = pin_note(ctx, ir, d, p1);
    let d = pin_note(ctx, ir, d, p2);
    let mut steps: Vec<String> = Vec::with_capacity(chain.len() + 2);
    steps.push(format!(
        "{} ({})",
        describe(ctx, ir, p1.source),
        line_of(ctx, pin_loc(ctx, ir, p1.source))
    ));
    // The pins' own ops are already named at the ends.
    let mut chain = chain;
    if chain.first().is_some_and(|&o| p1.source.op() == Some(o)) {
        chain = &chain[1..];
    }
    if chain.last().is_some_and(|&o| p2.source.op() == Some(o)) {
        chain = &chain[..chain.len() - 1];
    }
    // Each use along the chain is also a labelled span for --diagnostics=pretty,
    // numbered as in the "chain of uses" note (step 1 is the first pin).
    let mut d = d;
    for (k, &o) in chain.iter().enumerate() {
        let name = ctx.str(ir.op(o).name);
        steps.push(format!("'{name}' ({})", line_of(ctx, ir.op(o).loc)));
        if o != at || d.loc != ir.op(at).loc {
            d = d.with_label(
                ir.op(o).loc,
                format!("step {} of the chain: '{name}'", k + 2),
            );
        }
    }
    steps.push(format!(
        "{} ({})",
        describe(ctx, ir, p2.source),
        line_of(ctx, pin_loc(ctx, ir, p2.source))
    ));
    d.with_note(
        ir.op(at).loc,
        format!(
            "chain of uses: {}; insert a 'graph.transfer' where the value should cross, or use device-plan{{auto-transfer=true}}",
            steps.join(" -> ")
        ),
    )
}
