//! Property test of graph → flow on random planned programs (two devices, two
//! shapes, roots, elementwise chains, transfers): region formation keeps every
//! kernel op, puts one placement and at most one root in each region, and the
//! result verifies (so no region depends on itself); the whole conversion then
//! verifies and passes the level guard. Programs have `graph.if`s (nested
//! too): formation works inside their branches, and each becomes an `scf.if`.

use rustc_hash::FxHashMap;
use xir::{Attr, Context, Ir, Op};

mod common;

struct Prog {
    ctx: Context,
    ir: Ir,
    top: Op,
}

fn parse(text: &str) -> Prog {
    let mut ctx = common::context();
    let mut ir = Ir::new();
    let top = common::parse(&mut ctx, &mut ir, text);
    Prog { ctx, ir, top }
}

fn run(p: &mut Prog, name: &str, opts: &[(&str, &str)]) {
    common::run_pass(&mut p.ctx, &mut p.ir, p.top, name, opts);
}

fn count(p: &Prog, name: &str) -> usize {
    xir::walk::preorder(&p.ir, p.top)
        .into_iter()
        .filter(|&op| p.ctx.str(p.ir.op(op).name) == name)
        .count()
}

fn kernel_op(name: &str) -> bool {
    xir_passes::conversion::graph_to_flow::classify::class_of_name(name)
        != xir_passes::conversion::graph_to_flow::classify::Class::Outside
}

#[test]
fn random_programs_convert() {
    let (mut regions, mut multi, mut ifs) = (0, 0, 0);
    for seed in 0..300 {
        let gen = common::Gen {
            constants: true,
            ifs: true,
        };
        let text = common::two_device_program(seed, gen);
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
        let graph_ifs = count(&p, "graph.if");
        run(&mut p, "flow-convert-control-flow", &[]);
        assert_eq!(count(&p, "graph.if"), 0, "seed {seed}\n{text}");
        assert_eq!(count(&p, "scf.if"), graph_ifs, "seed {seed}\n{text}");
        ifs += graph_ifs;
        run(&mut p, "verify-graph-to-flow", &[]);
    }
    // Not vacuous: many regions, some with several results, many ifs.
    assert!(
        regions > 600 && multi > 20 && ifs > 500,
        "{regions} regions, {multi} multi-result, {ifs} ifs"
    );
}
