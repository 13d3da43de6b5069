//! Property test of flow → stream on random planned programs (two devices,
//! two shapes, chains with transfers, `graph.if`s with work in their
//! branches), lowered graph → flow → stream → hal: the IR verifies after each
//! pass (so execute regions form no cycle and a branch awaits only timepoints
//! that dominate it), every dispatch and `scf.if` survives, every region holds
//! work of one affinity, no region awaits a timepoint of a region whose
//! results it does not read, and every resource an `scf.yield` forwards is
//! ready (not an execute result still in flight). Programs have constants
//! (kernels of their own where returned, yielded, transferred or passed) and
//! calls of a helper cloned per device: calls survive every level, pass only
//! ready resources, and pass and receive buffer views at the hal level (one
//! per tensor, no dims: the function ABI, whose functions assert each view
//! argument at entry).
//! Memory is planned at the flow level (one slab per function and pool): a
//! region awaits only regions it reads or whose bytes it reuses; no two
//! buffers of a slab whose bytes overlap are in use at once at run time
//! (slab_check: the later region waits for the earlier one, or, in one
//! command buffer, a barrier separates them); a branch or a function ends
//! with its work finished. At the hal level the same holds through fences
//! (slab_check/fences.rs): a submission depending on several waits on their
//! `hal.fence.join`, and the host blocks only before a call, a return or a
//! yield, never more often than the stream program awaits.

use rustc_hash::FxHashSet;
use xir::symbol::op_attr;
use xir::{Context, Ir, Op, ValueDef};

mod common;
mod slab_check;
use common::{parse, run_pass as run};

fn count(ctx: &Context, ir: &Ir, top: Op, name: &str) -> usize {
    xir::walk::preorder(ir, top)
        .into_iter()
        .filter(|&op| ctx.str(ir.op(op).name) == name)
        .count()
}

/// Checks the schedule; returns (regions, awaits, awaits for reused memory
/// only).
fn check_schedule(ctx: &Context, ir: &Ir, top: Op, text: &str) -> (usize, usize, usize) {
    let (mut regions, mut awaits, mut for_memory) = (0, 0, 0);
    for exe in xir::walk::preorder(ir, top) {
        if ctx.str(ir.op(exe).name) != "stream.async.execute" {
            continue;
        }
        regions += 1;
        let aff = op_attr(ctx, ir, exe, "affinity");
        for inner in xir::walk::preorder(ir, exe).into_iter().skip(1) {
            if ctx.str(ir.op(inner).name) == "stream.async.dispatch" {
                assert_eq!(
                    op_attr(ctx, ir, inner, "affinity"),
                    aff,
                    "mixed region\n{text}"
                );
            }
        }
        // The execute ops whose results this region reads.
        let read: FxHashSet<Op> = ir
            .operands(exe)
            .filter(|&v| xir_stream::types::is_resource(ctx, ir.value_type(v)))
            .filter_map(|v| match ir.value(v).def {
                ValueDef::Result { op, .. } => Some(op),
                _ => None,
            })
            .collect();
        for v in ir.operands(exe) {
            if !xir_stream::types::is_timepoint(ctx, ir.value_type(v)) {
                continue;
            }
            awaits += 1;
            let ValueDef::Result { op: src, .. } = ir.value(v).def else {
                panic!("timepoint not produced by an op\n{text}");
            };
            if read.contains(&src) {
                continue;
            }
            for_memory += 1;
            assert!(
                slab_check::regions_conflict(ctx, ir, src, exe),
                "a region awaits one it neither reads nor reuses the bytes of\n{text}"
            );
        }
    }
    (regions, awaits, for_memory)
}

/// Checks that yields and calls pass on ready resources; returns how many
/// they pass.
fn check_yields(ctx: &Context, ir: &Ir, top: Op, text: &str) -> usize {
    let mut forwarded = 0;
    for y in xir::walk::preorder(ir, top) {
        if !matches!(ctx.str(ir.op(y).name), "scf.yield" | "func.call") {
            continue;
        }
        for v in ir.operands(y) {
            if !xir_stream::types::is_resource(ctx, ir.value_type(v)) {
                continue;
            }
            forwarded += 1;
            if let ValueDef::Result { op, .. } = ir.value(v).def {
                assert_ne!(
                    ctx.str(ir.op(op).name),
                    "stream.async.execute",
                    "a yield forwards a resource in flight\n{text}"
                );
            }
        }
    }
    forwarded
}

/// `text` parsed, devices resolved, planned (auto-transfer), lowered to flow
/// and memory-planned: the input every test here lowers further.
fn planned_flow(ctx: &mut Context, ir: &mut Ir, text: &str) -> Op {
    let top = parse(ctx, ir, text);
    run_all(
        ctx,
        ir,
        top,
        &["device-materialize", "device-resolve-aliases"],
    );
    run(ctx, ir, top, "device-plan", &[("auto-transfer", "true")]);
    run(ctx, ir, top, "convert-graph-to-flow", &[]);
    run(ctx, ir, top, "memory-plan", &[]);
    top
}

/// Random program `seed` (`?x4` matrices when `dynamic`) and its [`planned_flow`].
fn planned_program(seed: u64, dynamic: bool) -> (String, Context, Ir, Op) {
    let text = common::two_device_program(seed, common::Gen::everything(dynamic));
    let (mut ctx, mut ir) = (common::context(), Ir::new());
    let top = planned_flow(&mut ctx, &mut ir, &text);
    (text, ctx, ir, top)
}

/// Runs the passes named in order, without options (each verifies after).
fn run_all(ctx: &mut Context, ir: &mut Ir, top: Op, passes: &[&str]) {
    for pass in passes {
        run(ctx, ir, top, pass, &[]);
    }
}

const TO_STREAM: &[&str] = &[
    "convert-flow-to-stream",
    "stream-schedule-execution",
    "verify-flow-to-stream",
];
const TO_HAL: &[&str] = &["convert-stream-to-hal", "verify-stream-to-hal"];

#[test]
fn random_programs_schedule() {
    let (mut regions, mut awaits, mut forwarded, mut total_calls) = (0, 0, 0, 0);
    let (mut mem, mut barriers, mut planned) = (slab_check::StreamStats::default(), 0, 0);
    let mut memory_awaits = 0;
    let mut fences = slab_check::FenceStats::default();
    for seed in 0..300 {
        let (text, mut ctx, mut ir, top) = planned_program(seed, false);
        let (c, i) = (&mut ctx, &mut ir);
        let dispatches = count(c, i, top, "flow.dispatch");
        let transfers = count(c, i, top, "flow.tensor.transfer");
        let ifs = count(c, i, top, "scf.if");
        let calls = count(c, i, top, "func.call");
        total_calls += calls;
        run_all(c, i, top, TO_STREAM);
        assert_eq!(
            count(c, i, top, "stream.async.dispatch"),
            dispatches,
            "{text}"
        );
        assert_eq!(
            count(c, i, top, "stream.async.transfer"),
            transfers,
            "{text}"
        );
        assert_eq!(count(c, i, top, "scf.if"), ifs, "{text}");
        assert_eq!(count(c, i, top, "func.call"), calls, "{text}");
        let (r, a, m) = check_schedule(c, i, top, &text);
        regions += r;
        awaits += a;
        memory_awaits += m;
        forwarded += check_yields(c, i, top, &text);
        slab_check::check_stream(c, i, top, &text, &mut mem);
        planned += count(c, i, top, "stream.resource.alloca");
        let stream_awaits = count(c, i, top, "stream.timepoint.await");
        run_all(c, i, top, TO_HAL);
        barriers += slab_check::check_hal(c, i, top, &text);
        let host_waits = fences.host_waits;
        slab_check::check_fences(c, i, top, &text, &mut fences);
        // The host blocks only where the stream program awaits.
        assert!(
            fences.host_waits - host_waits <= stream_awaits,
            "more host waits than stream awaits\n{text}"
        );
        assert_eq!(count(c, i, top, "scf.if"), ifs, "{text}");
        check_hal_abi(c, i, top, &text);
    }
    // Not vacuous: many regions, many of them waiting on others, many
    // resources forwarded out of branches or passed to calls, many calls.
    assert!(
        regions > 600 && awaits > 300 && forwarded > 1000 && total_calls > 300,
        "{regions} regions, {awaits} awaits, {forwarded} forwarded, {total_calls} calls"
    );
    // Nor the memory checks: many slabs, many pairs of regions touching the
    // same bytes (many not reading each other), regions waiting only because
    // of reuse, many commands of one command buffer that need their barrier.
    // And the fences: many submissions wait on a join of several, many
    // pairs of submissions touch the same bytes.
    let seen = format!(
        "{planned} slabs, {mem:?}, {memory_awaits} awaits for memory, {barriers} barrier pairs, {fences:?}"
    );
    eprintln!("{seen}");
    assert!(
        planned > 300
            && mem.conflicts > 10_000
            && mem.not_read > 1000
            && memory_awaits > 20
            // (215 since graph -> flow erases unused ops: 333 before)
            && barriers > 150
            && fences.joined_waits > 100
            && fences.conflicts > 1000,
        "{seen}"
    );
}

/// The function ABI at the hal level: calls pass and receive only buffer
/// views (the programs' tensors; no dims), and each function begins with
/// one `hal.buffer_view.assert` per view argument, in order, "input N" for
/// argument N. Returns how many asserts.
fn check_hal_abi(c: &mut Context, i: &Ir, top: Op, text: &str) -> usize {
    let view = xir_hal::types::hal_type(c, "buffer_view");
    let mut asserts = 0;
    for op in xir::walk::preorder(i, top) {
        match c.str(i.op(op).name) {
            "func.call" => {
                let values = i.operands(op).chain(i.results(op).iter().copied());
                let types: Vec<_> = values.map(|v| i.value_type(v)).collect();
                assert!(types.iter().all(|&t| t == view), "{text}");
            }
            "func.func" if i.parent_op(op) == Some(top) => {
                let Some(entry) = i.regions(op).first().and_then(|&r| i.entry_block(r)) else {
                    continue;
                };
                let views: Vec<usize> = (0..i.block_args(entry).len())
                    .filter(|&k| i.value_type(i.block_args(entry)[k]) == view)
                    .collect();
                let ops: Vec<Op> = i.block_ops(entry).take(views.len()).collect();
                for (&k, &a) in views.iter().zip(&ops) {
                    assert_eq!(c.str(i.op(a).name), "hal.buffer_view.assert", "{text}");
                    assert_eq!(i.operand(a, 0), i.block_args(entry)[k], "{text}");
                    let msg = op_attr(c, i, a, "message").map(|m| c.attr_kind(m).clone());
                    let want = format!("input {k}");
                    assert!(
                        matches!(&msg, Some(xir::AttrKind::String { value, .. }) if value[..] == *want.as_bytes()),
                        "{msg:?} for argument {k}\n{text}"
                    );
                    asserts += 1;
                }
            }
            _ => {}
        }
    }
    asserts
}

/// Checks that every `name` dispatch passes as many `index` operands as its
/// kernel has dynamic dims (hal: its `constants`); returns how many in all.
fn check_dims_passed(
    ctx: &Context,
    ir: &Ir,
    top: Op,
    name: &str,
    kernels: &rustc_hash::FxHashMap<String, (usize, usize)>,
    text: &str,
) -> usize {
    let mut total = 0;
    for op in xir::walk::preorder(ir, top) {
        if ctx.str(ir.op(op).name) != name {
            continue;
        }
        let Some(xir::AttrKind::SymbolRef { root, .. }) =
            op_attr(ctx, ir, op, "entry_point").map(|a| ctx.attr_kind(a))
        else {
            panic!("{name} without an entry point\n{text}");
        };
        let root = ctx.str(*root).to_string();
        let (dims, _) = kernels[&root];
        let spec = xir::ods::spec_of(ctx, ir.op(op).name).expect("spec");
        let passed = if name == "hal.command_buffer.dispatch" {
            xir::ods::access::operand_group(ctx, ir, op, spec, "constants").len()
        } else {
            xir::ods::access::operand_group(ctx, ir, op, spec, "resource_operands")
                .into_iter()
                .filter(|&v| matches!(ctx.type_kind(ir.value_type(v)), xir::types::TypeKind::Index))
                .count()
        };
        assert_eq!(
            passed, dims,
            "{name} of @{root} with {dims} dynamic dims\n{text}"
        );
        total += passed;
    }
    total
}

/// Random programs whose matrices are `?x4`: dynamic dispatch results are
/// sized by `stream.tensor.sizeof` of their dims and lowered to hal (each
/// pass verifies); the memory and fence checks hold as for static programs.
/// Every stream and hal dispatch of a kernel with k dynamic dims passes k
/// `index` operands, at the hal level as the dispatch's constants.
#[test]
fn random_dynamic_programs_lower() {
    let mut asserts = 0;
    let (mut sized, mut dims_passed, mut mem, mut fences) = (
        0,
        0,
        slab_check::StreamStats::default(),
        slab_check::FenceStats::default(),
    );
    for seed in 0..150 {
        let (text, mut ctx, mut ir, top) = planned_program(seed, true);
        let (c, i) = (&mut ctx, &mut ir);
        let dispatches = count(c, i, top, "flow.dispatch");
        run_all(c, i, top, TO_STREAM);
        assert_eq!(
            count(c, i, top, "stream.async.dispatch"),
            dispatches,
            "{text}"
        );
        assert_eq!(count(c, i, top, "graph.dim"), 0, "{text}");
        sized += count(c, i, top, "stream.tensor.sizeof");
        let kernels = common::kernel_dims(c, i, top);
        check_dims_passed(c, i, top, "stream.async.dispatch", &kernels, &text);
        check_schedule(c, i, top, &text);
        check_yields(c, i, top, &text);
        slab_check::check_stream(c, i, top, &text, &mut mem);
        run_all(c, i, top, TO_HAL);
        slab_check::check_hal(c, i, top, &text);
        slab_check::check_fences(c, i, top, &text, &mut fences);
        let kernels = common::kernel_dims(c, i, top);
        dims_passed += check_dims_passed(c, i, top, "hal.command_buffer.dispatch", &kernels, &text);
        asserts += check_hal_abi(c, i, top, &text);
    }
    assert!(asserts > 300, "{asserts} arguments asserted");
    assert!(sized > 300, "{sized} sizes");
    assert!(
        dims_passed > 1000,
        "{dims_passed} dims passed to hal dispatches"
    );
}
