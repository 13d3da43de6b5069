//! Property test of graph → flow on random planned programs (two devices, two
//! shapes, roots, elementwise chains, transfers): region formation keeps every
//! kernel op, puts one placement and at most one root in each region, and the
//! result verifies (so no region depends on itself); the whole conversion then
//! verifies and passes the level guard.

use rustc_hash::FxHashMap;
use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::{Attr, Context, DiagEngine, Ir, Op, SourceBuffer};

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
        let (line, is_m) = match r.below(9) {
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
            7 => (format!("{x} = graph.constant dense<1.0> : {V}"), false),
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

struct Prog {
    ctx: Context,
    ir: Ir,
    top: Op,
}

fn parse(text: &str) -> Prog {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_flow::register(&mut ctx);
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("gen", text.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags)
        .unwrap_or_else(|| panic!("generated program parses: {:?}\n{text}", diags.diagnostics));
    Prog { ctx, ir, top }
}

fn run(p: &mut Prog, name: &str, opts: &[(&str, &str)]) {
    let mut reg = PassRegistry::default();
    xir_passes::register(&mut reg);
    let mut pass = (reg.pass(name).expect("registered").create)();
    for (k, v) in opts {
        pass.set_option(k, v).expect("option");
    }
    let mut diags = DiagEngine::default();
    let mut am = AnalysisManager::default();
    let res = {
        let mut pc = PassContext::new(&mut p.ctx, &mut p.ir, &mut diags, &mut am);
        pass.run(&mut pc, p.top)
    };
    assert!(res.is_ok(), "{name} failed: {:?}", diags.diagnostics);
    let errs = xir::verifier::verify(&p.ctx, &p.ir, p.top);
    assert!(errs.is_empty(), "verifier after {name}: {errs:?}");
}

fn kernel_op(name: &str) -> bool {
    xir_passes::conversion::graph_to_flow::classify::class_of_name(name)
        != xir_passes::conversion::graph_to_flow::classify::Class::Outside
}

#[test]
fn random_programs_convert() {
    let (mut regions, mut multi) = (0, 0);
    for seed in 0..300 {
        let text = generate(seed);
        let mut p = parse(&text);
        run(&mut p, "device-plan", &[("auto-transfer", "true")]);
        // Placement of each kernel op, by its (unique) location.
        let mut placed: FxHashMap<Attr, Attr> = FxHashMap::default();
        for op in xir::walk::preorder(&p.ir, p.top) {
            if kernel_op(p.ctx.str(p.ir.op(op).name)) {
                let a = p.ctx.dict_get(p.ir.op(op).attrs, "device.affinity");
                placed.insert(p.ir.op(op).loc, a.expect("planned"));
            }
        }
        run(&mut p, "flow-form-dispatch-regions", &[]);
        let mut seen = 0;
        for op in xir::walk::preorder(&p.ir, p.top) {
            let name = p.ctx.str(p.ir.op(op).name);
            assert!(
                !kernel_op(name)
                    || p.ir
                        .parent_op(op)
                        .is_some_and(|r| { p.ctx.str(p.ir.op(r).name) == "flow.dispatch.region" }),
                "seed {seed}: {name} outside a region"
            );
            if name != "flow.dispatch.region" {
                continue;
            }
            regions += 1;
            let aff = xir::symbol::op_attr(&p.ctx, &p.ir, op, "affinity");
            let mut roots = 0;
            for inner in xir::walk::preorder(&p.ir, op).into_iter().skip(1) {
                let n = p.ctx.str(p.ir.op(inner).name);
                if !kernel_op(n) {
                    continue;
                }
                seen += 1;
                roots += usize::from(matches!(n, "graph.matmul" | "graph.reduce_sum"));
                assert_eq!(
                    placed.get(&p.ir.op(inner).loc).copied(),
                    aff,
                    "seed {seed}: region mixes placements\n{text}"
                );
            }
            multi += usize::from(p.ir.results(op).len() > 1);
            assert!(
                roots <= 1,
                "seed {seed}: {roots} roots in one region\n{text}"
            );
        }
        assert_eq!(seen, placed.len(), "seed {seed}: kernel ops lost\n{text}");
        run(&mut p, "flow-outline-dispatch-regions", &[]);
        run(&mut p, "flow-convert-transfers", &[]);
        run(&mut p, "verify-graph-to-flow", &[]);
    }
    // Not vacuous: many regions, some with several results.
    assert!(
        regions > 600 && multi > 20,
        "{regions} regions, {multi} multi-result"
    );
}
