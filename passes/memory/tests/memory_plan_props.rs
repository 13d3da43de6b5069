//! Checker test of `memory-plan` on generated straight-line graph programs with random
//! shapes and placements: buffers live at the same time never share bytes, pools are
//! never mixed, every pool holds its buffers and is at least the lower bound (peak
//! live bytes, recomputed here independently), and the pool sizes stay close to it.

use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::symbol::op_attr;
use xir::{AttrKind, Context, DiagEngine, Ir, Op, SourceBuffer, TypeKind};

use irgen::XorShift as Rng;

const AFFS: [&str; 3] = [
    "#device.affinity<@cpu>",
    "#device.affinity<@gpu>",
    "#device.affinity<@gpu, memory = \"shared\">",
];
const DIMS: [u64; 6] = [4, 12, 32, 100, 256, 1000];
const OUTER: [u64; 4] = [2, 3, 8, 16];

#[derive(Clone)]
struct Val {
    name: String,
    pool: usize,
    /// (outer, inner); outer 0 for rank 1.
    shape: (u64, u64),
}

fn ty(s: (u64, u64)) -> String {
    if s.0 == 0 {
        format!("tensor<{}xf32>", s.1)
    } else {
        format!("tensor<{}x{}xf32>", s.0, s.1)
    }
}

/// One function of `n` ops in generic form, each with a complete `device.affinity`.
fn generate(seed: u64, n: usize) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut vals: Vec<Val> = vec![Val {
        name: "%arg0".into(),
        pool: 0,
        shape: (0, DIMS[r.below(DIMS.len())]),
    }];
    let mut body = String::new();
    for i in 0..n {
        let pool = r.below(3);
        let a = AFFS[pool];
        let pick = |r: &mut Rng, vals: &[Val], f: &dyn Fn(&Val) -> bool| -> Option<usize> {
            let cands: Vec<usize> = (0..vals.len()).filter(|&k| f(&vals[k])).collect();
            if cands.is_empty() {
                return None;
            }
            // Mostly recent values, sometimes any: mixes short and long lifetimes.
            let k = if r.chance(80) {
                cands.len() - 1 - r.below(cands.len().min(6))
            } else {
                r.below(cands.len())
            };
            Some(cands[k])
        };
        let name = format!("%v{i}");
        let (line, shape) = match pick(&mut r, &vals, &|v| v.pool == pool) {
            None => {
                let k = pick(&mut r, &vals, &|_| true).unwrap();
                let v = &vals[k];
                let t = ty(v.shape);
                (
                    format!(
                        "\"graph.transfer\"({}) <{{source = {}, target = {a}}}> {{device.affinity = {a}}} : ({t}) -> {t}",
                        v.name, AFFS[v.pool]
                    ),
                    v.shape,
                )
            }
            Some(k) => {
                let v = vals[k].clone();
                let t = ty(v.shape);
                match r.below(10) {
                    0..=3 => {
                        let op = ["relu", "exp", "tanh", "neg"][r.below(4)];
                        (
                            format!(
                                "\"graph.{op}\"({}) {{device.affinity = {a}}} : ({t}) -> {t}",
                                v.name
                            ),
                            v.shape,
                        )
                    }
                    4..=6 => {
                        let other = pick(&mut r, &vals, &|w| w.pool == pool && w.shape == v.shape)
                            .map_or(v.name.clone(), |j| vals[j].name.clone());
                        let op = ["add", "mul", "max"][r.below(3)];
                        (
                            format!(
                                "\"graph.{op}\"({}, {other}) {{device.affinity = {a}}} : ({t}, {t}) -> {t}",
                                v.name
                            ),
                            v.shape,
                        )
                    }
                    _ if v.shape.0 == 0 => {
                        let s = (OUTER[r.below(OUTER.len())], v.shape.1);
                        (
                            format!(
                                "\"graph.broadcast\"({}) <{{dimensions = array<i64: 1>}}> {{device.affinity = {a}}} : ({t}) -> {}",
                                v.name,
                                ty(s)
                            ),
                            s,
                        )
                    }
                    _ => {
                        let s = (0, v.shape.1);
                        (
                            format!(
                                "\"graph.reduce_sum\"({}) <{{axes = array<i64: 0>}}> {{device.affinity = {a}}} : ({t}) -> {}",
                                v.name,
                                ty(s)
                            ),
                            s,
                        )
                    }
                }
            }
        };
        body += &format!("    {name} = {line}\n");
        vals.push(Val { name, pool, shape });
    }
    let ret = &vals[vals.len() - 1 - r.below(vals.len().min(3))];
    format!(
        "module attributes {{device.targets = {{cpu = #device.alias<\"local\">, gpu = #device.alias<\"vulkan\">}}}} {{\n  func.func @main(%arg0: {} {{device.affinity = {}}}) -> {} {{\n{body}    return {} : {}\n  }}\n}}\n",
        ty(vals[0].shape),
        AFFS[0],
        ty(ret.shape),
        ret.name,
        ty(ret.shape)
    )
}

fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_device::register(&mut ctx);
    ctx
}

fn run(src: &str, options: &[(&str, &str)]) -> (Context, Ir, Op) {
    let mut reg = PassRegistry::default();
    xir_memory_planning::register(&mut reg);
    let mut p = (reg.pass("memory-plan").unwrap().create)();
    for (k, v) in options {
        p.set_option(k, v).unwrap();
    }
    let mut ctx = context();
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("gen", src.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags).expect("parses");
    let mut am = AnalysisManager::default();
    let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
    p.run(&mut pc, top).expect("memory-plan succeeds");
    (ctx, ir, top)
}

struct Buf {
    pool: String,
    offset: u64,
    size: u64,
    start: usize,
    end: usize,
    /// In-place: the operand whose bytes this result may reuse.
    reuses: Vec<usize>,
}

fn int(ctx: &Context, a: xir::Attr) -> i64 {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => i64::try_from(value).unwrap(),
        k => panic!("not an integer: {k:?}"),
    }
}

/// Checks one planned module; returns (pool size, lower bound) per pool.
fn check(ctx: &Context, ir: &Ir, top: Op, align: u64, inplace: bool) -> Vec<(u64, u64)> {
    let func = xir::walk::preorder(ir, top)
        .into_iter()
        .find(|&o| ctx.str(ir.op(o).name) == "func.func")
        .unwrap();
    let ops: Vec<Op> = xir::walk::preorder(ir, func).into_iter().skip(1).collect();
    let index: std::collections::HashMap<Op, usize> =
        ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    let mut bufs: Vec<Buf> = Vec::new();
    let mut buf_of = std::collections::HashMap::new();
    for (i, &o) in ops.iter().enumerate() {
        let Some(&v) = ir.results(o).first() else {
            continue;
        };
        let returned = ir
            .uses(v)
            .any(|u| ctx.str(ir.op(ir.use_data(u).owner).name) == "func.return");
        let pool = ctx.dict_get(ir.op(o).attrs, "memory.pool");
        assert_eq!(
            pool.is_some(),
            !returned,
            "intermediates and only they are planned"
        );
        let Some(pool) = pool else { continue };
        let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ir.value_type(v)) else {
            panic!()
        };
        let bytes = 4 * shape.iter().product::<i64>() as u64;
        let end = ir
            .uses(v)
            .map(|u| index[&ir.use_data(u).owner])
            .max()
            .unwrap_or(i);
        let offset = int(ctx, ctx.dict_get(ir.op(o).attrs, "memory.offset").unwrap()) as u64;
        let AttrKind::String { value, .. } = ctx.attr_kind(pool) else {
            panic!()
        };
        let reuses = ir
            .operands(o)
            .filter_map(|x| buf_of.get(&x).copied())
            .collect();
        assert_eq!(offset % align, 0, "aligned offset");
        buf_of.insert(v, bufs.len());
        bufs.push(Buf {
            pool: String::from_utf8_lossy(value).into_owned(),
            offset,
            size: bytes.next_multiple_of(align),
            start: i,
            end,
            reuses,
        });
    }
    let pools = op_attr(ctx, ir, func, "memory.pools").unwrap();
    let mut out = Vec::new();
    for &(k, v) in ctx.dict_entries(pools) {
        let name = ctx.str(k);
        let size = int(ctx, v) as u64;
        let mine: Vec<&Buf> = bufs.iter().filter(|b| b.pool == name).collect();
        let mut lb = 0;
        for t in 0..ops.len() {
            let live: u64 = mine
                .iter()
                .filter(|b| b.start <= t && t <= b.end)
                .map(|b| b.size)
                .sum();
            lb = lb.max(live);
        }
        for (x, a) in mine.iter().enumerate() {
            assert!(a.offset + a.size <= size, "buffer inside its pool");
            for b in &mine[x + 1..] {
                let in_time = a.start <= b.end && b.start <= a.end;
                let in_space = a.offset < b.offset + b.size && b.offset < a.offset + a.size;
                let handed_over = inplace && a.end == b.start && a.offset == b.offset;
                assert!(
                    !(in_time && in_space) || handed_over,
                    "buffers at {}..={} and {}..={} overlap in {name}",
                    a.start,
                    a.end,
                    b.start,
                    b.end
                );
                if handed_over && in_time && in_space {
                    assert!(b.reuses.iter().any(|&r| std::ptr::eq(&bufs[r], *a)));
                }
            }
        }
        if !inplace {
            assert!(size >= lb, "pool {name} below its lower bound");
        }
        out.push((size, lb));
    }
    out
}

#[test]
fn plans_are_valid_and_tight() {
    let (mut sum, mut count, mut worst) = (0.0f64, 0usize, 1.0f64);
    for seed in 0..400u64 {
        let n = 10 + (seed as usize * 7) % 190;
        let src = generate(seed, n);
        let align = [1u64, 16, 64, 100][seed as usize % 4];
        let a = align.to_string();
        let (ctx, ir, top) = run(&src, &[("alignment", &a)]);
        for (size, lb) in check(&ctx, &ir, top, align, false) {
            if lb > 0 {
                let r = size as f64 / lb as f64;
                sum += r;
                count += 1;
                worst = worst.max(r);
            }
        }
        let (ctx, ir, top) = run(&src, &[("alignment", &a), ("allow-inplace", "true")]);
        check(&ctx, &ir, top, align, true);
    }
    let mean = sum / count as f64;
    println!("memory-plan over {count} pools: mean size/lower bound {mean:.4}, worst {worst:.4}");
    assert!(mean <= 1.05, "mean ratio {mean}");
    assert!(worst <= 1.20, "worst ratio {worst}");
}
