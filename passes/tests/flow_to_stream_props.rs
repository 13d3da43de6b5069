//! Property test of flow → stream on random planned programs (two devices,
//! two shapes, chains with transfers), lowered graph → flow → stream: the IR
//! verifies after each pass (so execute regions form no cycle), every dispatch
//! survives, every region holds work of one affinity, and no region awaits a
//! timepoint of a region whose results it does not read.

use rustc_hash::FxHashSet;
use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::symbol::op_attr;
use xir::{Context, DiagEngine, Ir, Op, SourceBuffer, ValueDef};

use irgen::XorShift as Rng;

const M: &str = "tensor<4x4xf32>";
const V: &str = "tensor<4xf32>";
const AFFS: [&str; 2] = ["#device.affinity<@cpu>", "#device.affinity<@gpu>"];

fn generate(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut s = String::from(
        "module attributes {device.targets = {cpu = #device.alias<\"local\">, gpu = #device.alias<\"vulkan\">}} {\n",
    );
    s += &format!(
        "  func.func @main(%a: {M} {{device.affinity = {}}}, %b: {V}) -> {M} {{\n",
        AFFS[r.below(2)]
    );
    let mut ms = vec!["%a".to_string()];
    let mut vs = vec!["%b".to_string()];
    let n = 1 + r.below(40);
    for k in 0..n {
        let m = ms[r.below(ms.len())].clone();
        let m2 = ms[r.below(ms.len())].clone();
        let v = vs[r.below(vs.len())].clone();
        let x = format!("%x{k}");
        let (line, is_m) = match r.below(8) {
            0 => (
                format!("{x} = graph.matmul {m}, {m2} : ({M}, {M}) -> {M}"),
                true,
            ),
            1 => (format!("{x} = graph.add {m}, {m2} : {M}"), true),
            2 => (format!("{x} = graph.relu {m} : {M}"), true),
            3 => (format!("{x} = graph.exp {v} : {V}"), false),
            4 => (
                format!("{x} = graph.reduce_sum {m} axes = [1] : {M} -> {V}"),
                false,
            ),
            5 => (
                format!("{x} = graph.broadcast {v} dimensions = [0] : {V} -> {M}"),
                true,
            ),
            6 => (
                format!("{x} = graph.transfer {m} to {} : {M}", AFFS[r.below(2)]),
                true,
            ),
            _ => (format!("{x} = graph.mul {v}, {v} : {V}"), false),
        };
        s += &format!("    {line}\n");
        if is_m {
            ms.push(x);
        } else {
            vs.push(x);
        }
    }
    s += &format!("    return {} : {M}\n  }}\n}}\n", ms.last().expect("one"));
    s
}

fn parse(ctx: &mut Context, ir: &mut Ir, text: &str) -> Op {
    xir_func::register(ctx);
    xir_arith::register(ctx);
    xir_graph::register(ctx);
    xir_flow::register(ctx);
    xir_stream::register(ctx);
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("gen", text.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    parse_buffer(ctx, ir, &buf, &opts, &mut diags)
        .unwrap_or_else(|| panic!("generated program parses: {:?}\n{text}", diags.diagnostics))
}

fn run(ctx: &mut Context, ir: &mut Ir, top: Op, name: &str, opts: &[(&str, &str)]) {
    let mut reg = PassRegistry::default();
    xir_passes::register(&mut reg);
    let mut pass = (reg.pass(name).expect("registered").create)();
    for (k, v) in opts {
        pass.set_option(k, v).expect("option");
    }
    let mut diags = DiagEngine::default();
    let mut am = AnalysisManager::default();
    let res = {
        let mut pc = PassContext::new(ctx, ir, &mut diags, &mut am);
        pass.run(&mut pc, top)
    };
    assert!(res.is_ok(), "{name} failed: {:?}", diags.diagnostics);
    let errs = xir::verifier::verify(ctx, ir, top);
    assert!(errs.is_empty(), "verifier after {name}: {errs:?}");
}

fn count(ctx: &Context, ir: &Ir, top: Op, name: &str) -> usize {
    xir::walk::preorder(ir, top)
        .into_iter()
        .filter(|&op| ctx.str(ir.op(op).name) == name)
        .count()
}

/// Checks the schedule; returns (regions, awaits).
fn check_schedule(ctx: &Context, ir: &Ir, top: Op, text: &str) -> (usize, usize) {
    let (mut regions, mut awaits) = (0, 0);
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
            assert!(
                read.contains(&src),
                "a region awaits one it does not read\n{text}"
            );
        }
    }
    (regions, awaits)
}

#[test]
fn random_programs_schedule() {
    let (mut regions, mut awaits) = (0, 0);
    for seed in 0..300 {
        let text = generate(seed);
        let (mut ctx, mut ir) = (Context::new(), Ir::new());
        let top = parse(&mut ctx, &mut ir, &text);
        let (c, i) = (&mut ctx, &mut ir);
        run(c, i, top, "device-plan", &[("auto-transfer", "true")]);
        run(c, i, top, "convert-graph-to-flow", &[]);
        let dispatches = count(c, i, top, "flow.dispatch");
        let transfers = count(c, i, top, "flow.tensor.transfer");
        run(c, i, top, "convert-flow-to-stream", &[]);
        run(c, i, top, "stream-schedule-execution", &[]);
        run(c, i, top, "verify-flow-to-stream", &[]);
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
        let (r, a) = check_schedule(c, i, top, &text);
        regions += r;
        awaits += a;
    }
    // Not vacuous: many regions, many of them waiting on others.
    assert!(
        regions > 600 && awaits > 300,
        "{regions} regions, {awaits} awaits"
    );
}
