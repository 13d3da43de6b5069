//! Property test of graph → flow on random planned programs (two devices, two
//! shapes, roots, elementwise chains, transfers): region formation keeps every
//! kernel op, puts one placement and at most one root in each region, and the
//! result verifies (so no region depends on itself); the whole conversion then
//! verifies and passes the level guard. Programs have `graph.if`s (nested
//! too): formation works inside their branches, and each becomes an `scf.if`.
//! They have constants and calls of a helper (cloned per device by planning):
//! every constant ends up in a dispatch region, one of its own only where the
//! value is used outside kernels (then on the constant's placement).

use rustc_hash::{FxHashMap, FxHashSet};
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

/// The function holding `op`, and whether a dispatch region encloses it.
fn context_of(p: &Prog, op: Op) -> (Option<Op>, bool) {
    let (mut func, mut in_region) = (None, false);
    let mut cur = p.ir.parent_op(op);
    while let Some(o) = cur {
        match p.ctx.str(p.ir.op(o).name) {
            "func.func" => func = Some(o),
            "flow.dispatch.region" => in_region = true,
            _ => {}
        }
        cur = p.ir.parent_op(o);
    }
    (func, in_region)
}

/// An op by its function and (in that function, unique) location.
type Key = (Option<Op>, Attr);

fn key(p: &Prog, op: Op) -> Key {
    (context_of(p, op).0, p.ir.op(op).loc)
}

fn kernel_op(ctx: &xir::Context, name: xir::Ident) -> bool {
    xir_flow::conversion::from_graph::classify::class_of_name(ctx, name)
        != xir_flow::conversion::from_graph::classify::Class::Outside
}

/// The ops that have effects, terminate a block, or have a result a live op
/// reads (users come after their operands in preorder, so one reverse walk).
fn live_ops(p: &Prog) -> rustc_hash::FxHashSet<Op> {
    let mut live = rustc_hash::FxHashSet::default();
    for op in xir::walk::preorder(&p.ir, p.top).into_iter().rev() {
        let name = p.ir.op(op).name;
        let keep = !xir::rewrite::dead::is_side_effect_free(&p.ctx, &p.ir, op)
            || p.ctx
                .op_traits(name)
                .contains(xir::dialect::Traits::TERMINATOR)
            || p.ir
                .results(op)
                .iter()
                .any(|&r| p.ir.uses(r).any(|u| live.contains(&p.ir.use_data(u).owner)));
        if keep {
            live.insert(op);
        }
    }
    live
}

#[test]
fn random_programs_convert() {
    let (mut regions, mut multi, mut ifs) = (0, 0, 0);
    let (mut materialized, mut cloned) = (0, 0);
    for seed in 0..300 {
        let gen = common::Gen::everything(false);
        let text = common::two_device_program(seed, gen);
        let mut p = parse(&text);
        run(&mut p, "device-plan", &[("auto-transfer", "true")]);
        // Placement of each kernel op someone reads, by its (unique)
        // location: region formation erases the unused ones.
        let live = live_ops(&p);
        let mut placed: FxHashMap<Key, Attr> = FxHashMap::default();
        for op in xir::walk::preorder(&p.ir, p.top) {
            if kernel_op(&p.ctx, p.ir.op(op).name) && live.contains(&op) {
                let a = p.ctx.dict_get(p.ir.op(op).attrs, "device.affinity");
                placed.insert(key(&p, op), a.expect("planned"));
            }
        }
        run(&mut p, "flow-form-dispatch-regions", &[]);
        let mut seen = 0;
        for op in xir::walk::preorder(&p.ir, p.top) {
            let name = p.ctx.str(p.ir.op(op).name);
            assert!(
                !kernel_op(&p.ctx, p.ir.op(op).name)
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
                if !kernel_op(&p.ctx, p.ir.op(inner).name) {
                    continue;
                }
                seen += 1;
                roots += usize::from(matches!(n, "graph.matmul" | "graph.reduce_sum"));
                assert_eq!(
                    placed.get(&key(&p, inner)).copied(),
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
        // Placement of each constant, and whether it is used outside kernels.
        let mut constants: FxHashMap<Key, (Option<Attr>, bool)> = FxHashMap::default();
        for op in xir::walk::preorder(&p.ir, p.top) {
            if p.ctx.str(p.ir.op(op).name) != "graph.constant" {
                continue;
            }
            let r = p.ir.result(op, 0);
            let outside =
                p.ir.uses(r)
                    .any(|u| !context_of(&p, p.ir.use_data(u).owner).1);
            let aff = p.ctx.dict_get(p.ir.op(op).attrs, "device.affinity");
            constants.insert(key(&p, op), (aff, outside));
        }
        run(&mut p, "flow-convert-constants", &[]);
        let mut kept = FxHashSet::default();
        for op in xir::walk::preorder(&p.ir, p.top) {
            if p.ctx.str(p.ir.op(op).name) != "graph.constant" {
                continue;
            }
            let region = p.ir.parent_op(op).expect("nested");
            assert_eq!(
                p.ctx.str(p.ir.op(region).name),
                "flow.dispatch.region",
                "seed {seed}: constant left outside kernels\n{text}"
            );
            let k = key(&p, op);
            let (aff, outside) = constants[&k];
            // A region of its own holds the constant and its return.
            let own = p.ir.regions(region).iter().all(|&r| {
                p.ir.region_blocks(r)
                    .all(|b| p.ir.block_ops(b).count() == 2)
            });
            if own && outside && kept.insert(k) {
                materialized += 1;
                assert_eq!(
                    xir::symbol::op_attr(&p.ctx, &p.ir, region, "affinity"),
                    aff,
                    "seed {seed}: constant materialized off its placement\n{text}"
                );
            } else {
                cloned += 1;
            }
        }
        for (k, &(_, outside)) in &constants {
            assert!(
                kept.contains(k) || !outside,
                "seed {seed}: a constant used outside kernels was not materialized\n{text}"
            );
        }
        run(&mut p, "flow-outline-dispatch-regions", &[]);
        run(&mut p, "flow-convert-transfers", &[]);
        let graph_ifs = count(&p, "graph.if");
        run(&mut p, "flow-convert-control-flow", &[]);
        assert_eq!(count(&p, "graph.if"), 0, "seed {seed}\n{text}");
        assert_eq!(count(&p, "scf.if"), graph_ifs, "seed {seed}\n{text}");
        ifs += graph_ifs;
        run(&mut p, "verify-graph-to-flow", &[]);
    }
    // Not vacuous: many regions, some with several results, many ifs, many
    // constants of both kinds.
    assert!(
        regions > 600 && multi > 20 && ifs > 500 && materialized > 100 && cloned > 100,
        "{regions} regions, {multi} multi-result, {ifs} ifs, {materialized} constants materialized, {cloned} cloned"
    );
}

/// Random programs whose matrices are `?x4`: every dynamic dispatch result
/// gets its dims from a `graph.dim` of a dynamic dim of a value defined
/// before it, or from a constant (a broadcast into the rows); the whole
/// conversion verifies (one dim per `?`); each kernel takes one trailing
/// `index` argument per dim its dispatches pass (arguments' and results').
#[test]
fn random_dynamic_programs_convert() {
    let (mut dynamic, mut from_dim, mut from_const, mut dim_args) = (0, 0, 0, 0);
    for seed in 0..200 {
        let gen = common::Gen::everything(true);
        let text = common::two_device_program(seed, gen);
        let mut p = parse(&text);
        run(&mut p, "device-plan", &[("auto-transfer", "true")]);
        run(&mut p, "convert-graph-to-flow", &[]);
        let spec = xir::ods::spec_of(
            &p.ctx,
            p.ctx.find_ident("flow.dispatch").expect("registered"),
        )
        .expect("spec");
        let kernels = common::kernel_dims(&p.ctx, &p.ir, p.top);
        for op in xir::walk::preorder(&p.ir, p.top) {
            if p.ctx.str(p.ir.op(op).name) != "flow.dispatch" {
                continue;
            }
            let passed = xir::ods::access::operand_group(&p.ctx, &p.ir, op, spec, "argument_dims")
                .len()
                + xir::ods::access::operand_group(&p.ctx, &p.ir, op, spec, "result_dims").len();
            let root = match xir::symbol::op_attr(&p.ctx, &p.ir, op, "entry_point")
                .map(|a| p.ctx.attr_kind(a))
            {
                Some(xir::AttrKind::SymbolRef { root, .. }) => p.ctx.str(*root).to_string(),
                _ => panic!("seed {seed}: dispatch without entry point\n{text}"),
            };
            let (dims, trailing) = kernels[&root];
            assert_eq!(
                (dims, trailing),
                (passed, passed),
                "seed {seed}: kernel @{root}: (dynamic dims, trailing index arguments) vs dims the dispatch passes\n{text}"
            );
            dim_args += passed;
            let dims = xir::ods::access::operand_group(&p.ctx, &p.ir, op, spec, "result_dims");
            dynamic += usize::from(!dims.is_empty());
            for d in dims {
                let xir::ValueDef::Result { op: def, .. } = p.ir.value(d).def else {
                    panic!("seed {seed}: a result dim is not made by an op\n{text}");
                };
                match p.ctx.str(p.ir.op(def).name) {
                    "graph.dim" => {
                        let src = p.ir.operand(def, 0);
                        let k = xir::symbol::op_attr(&p.ctx, &p.ir, def, "index")
                            .and_then(|a| match p.ctx.attr_kind(a) {
                                xir::AttrKind::Integer { value, .. } => i64::try_from(value).ok(),
                                _ => None,
                            })
                            .expect("index");
                        let xir::types::TypeKind::RankedTensor { shape, .. } =
                            p.ctx.type_kind(p.ir.value_type(src))
                        else {
                            panic!("seed {seed}: graph.dim of a non-tensor\n{text}");
                        };
                        assert!(
                            shape[k as usize] < 0,
                            "seed {seed}: dim of a static dim\n{text}"
                        );
                        from_dim += 1;
                    }
                    "arith.constant" => from_const += 1,
                    other => panic!("seed {seed}: result dim made by {other}\n{text}"),
                }
            }
        }
    }
    eprintln!(
        "{dynamic} dynamic dispatches, {from_dim} dims from graph.dim, {from_const} constant, {dim_args} kernel dim arguments"
    );
    assert!(
        dynamic > 500 && from_dim > 500 && from_const > 20 && dim_args > 1000,
        "{dynamic} dynamic dispatches, {from_dim} dims from graph.dim, {from_const} constant"
    );
}
