//! Property test of `device-plan` on random graph programs with random pins: every
//! value placed once, every def-use edge colocated or a transfer, pins respected,
//! planning idempotent, and `expand(minimize(plan(P))) == plan(P)`, in each mode
//! (strict, auto-transfer, placement=min-transfer); min-transfer moves no more
//! bytes than auto-transfer.

use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::printer::{print_top_level, PrintOptions};
use xir::symbol::op_attr;
use xir::{Attr, AttrKind, Context, DiagEngine, Ir, Op, SourceBuffer, TypeKind, Value, ValueDef};

use irgen::XorShift as Rng;

const AFFS: [&str; 3] = [
    "#device.affinity<@cpu>",
    "#device.affinity<@gpu>",
    "#device.affinity<@gpu, memory = \"shared\">",
];
const T: &str = "tensor<4xf32>";

/// A random program: a private helper and a main function with pins.
fn generate(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut s = String::from(
        "module attributes {device.targets = {cpu = #device.alias<\"local\">, gpu = #device.alias<\"vulkan\">}} {\n",
    );
    let helper = r.chance(50);
    // Private callees, called with whatever placements the random pins give
    // (cloned per placement): a leaf, one calling the leaf, a recursive one.
    if helper {
        s += &format!(
            "  func.func private @helper(%x: {T}) -> {T} {{\n    %0 = graph.relu %x : {T}\n    return %0 : {T}\n  }}\n"
        );
        s += &format!(
            "  func.func private @outer(%x: {T}, %y: {T}) -> {T} {{\n    %0 = graph.add %x, %y : {T}\n    %1 = func.call @helper(%0) : ({T}) -> {T}\n    return %1 : {T}\n  }}\n"
        );
        s += &format!(
            "  func.func private @rec(%x: {T}) -> {T} {{\n    %0 = func.call @rec(%x) : ({T}) -> {T}\n    %1 = graph.mul %0, %x : {T}\n    return %1 : {T}\n  }}\n"
        );
    }
    let nargs = 1 + r.below(3);
    let args: Vec<String> = (0..nargs)
        .map(|i| {
            let pin = if r.chance(40) {
                format!(" {{device.affinity = {}}}", AFFS[r.below(3)])
            } else {
                String::new()
            };
            format!("%a{i}: {T}{pin}")
        })
        .collect();
    let nres = 1 + r.below(2);
    let res: Vec<String> = (0..nres)
        .map(|_| {
            if r.chance(40) {
                format!("{T} {{device.affinity = {}}}", AFFS[r.below(3)])
            } else {
                T.to_string()
            }
        })
        .collect();
    s += &format!(
        "  func.func @main({}) -> ({}) {{\n",
        args.join(", "),
        res.join(", ")
    );
    s += "    %c = arith.constant true\n";
    let mut vals: Vec<String> = (0..nargs).map(|i| format!("%a{i}")).collect();
    let n = 1 + r.below(30);
    let kinds = if helper { 12 } else { 11 };
    for k in 0..n {
        let pick = |r: &mut Rng, vals: &Vec<String>| vals[r.below(vals.len())].clone();
        let attr = if r.chance(8) {
            format!(" {{device.affinity = {}}}", AFFS[r.below(3)])
        } else {
            String::new()
        };
        let v = format!("%v{k}");
        let line = match r.below(kinds) {
            11 => format!("{v} = func.call @helper({}) : ({T}) -> {T}", pick(&mut r, &vals)),
            0 => format!("{v} = graph.constant{attr} dense<1.0> : {T}"),
            1 | 2 => {
                let op = ["relu", "neg", "exp"][r.below(3)];
                format!("{v} = graph.{op} {}{attr} : {T}", pick(&mut r, &vals))
            }
            3..=5 => {
                let op = ["add", "mul"][r.below(2)];
                format!("{v} = graph.{op} {}, {}{attr} : {T}", pick(&mut r, &vals), pick(&mut r, &vals))
            }
            6 => format!("{v} = graph.on_device {} on {} : {T}", pick(&mut r, &vals), AFFS[r.below(3)]),
            7 => {
                let from = if r.chance(20) {
                    format!(" from {}", AFFS[r.below(3)])
                } else {
                    String::new()
                };
                format!("{v} = graph.transfer {}{from} to {} : {T}", pick(&mut r, &vals), AFFS[r.below(3)])
            }
            8 => {
                s += &format!("    %d{k} = graph.dim {}, 0 : {T}\n", pick(&mut r, &vals));
                continue;
            }
            9 if helper => match r.below(3) {
                0 => format!("{v} = func.call @helper({}) : ({T}) -> {T}", pick(&mut r, &vals)),
                1 => format!(
                    "{v} = func.call @outer({}, {}) : ({T}, {T}) -> {T}",
                    pick(&mut r, &vals),
                    pick(&mut r, &vals)
                ),
                _ => format!("{v} = func.call @rec({}) : ({T}) -> {T}", pick(&mut r, &vals)),
            },
            _ => format!(
                "{v} = graph.if %c -> ({T}) {{\n      %t{k} = graph.relu {} : {T}\n      graph.yield %t{k} : {T}\n    }} else {{\n      graph.yield {} : {T}\n    }}",
                pick(&mut r, &vals),
                pick(&mut r, &vals)
            ),
        };
        s += &format!("    {line}\n");
        vals.push(v);
    }
    let rets: Vec<String> = (0..nres)
        .map(|_| vals[r.below(vals.len())].clone())
        .collect();
    let tys = vec![T; nres].join(", ");
    s += &format!("    return {} : {tys}\n  }}\n}}\n", rets.join(", "));
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
    xir_device::register(&mut ctx);
    xir_graph::register(&mut ctx);
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

/// Runs a pass; Err: it failed (with at least one error diagnostic).
fn run(p: &mut Prog, pass: &str, opts: &[(&str, &str)]) -> Result<(), ()> {
    let mut reg = PassRegistry::default();
    xir_device_planning::register(&mut reg);
    let mut pass = (reg.pass(pass).expect("registered").create)();
    for (k, v) in opts {
        pass.set_option(k, v).expect("option");
    }
    let mut diags = DiagEngine::default();
    let mut am = AnalysisManager::default();
    let res = {
        let mut pc = PassContext::new(&mut p.ctx, &mut p.ir, &mut diags, &mut am);
        pass.run(&mut pc, p.top)
    };
    if res.is_err() {
        assert!(diags.has_errors(), "a failing pass must say why");
    }
    res
}

fn print(p: &Prog) -> String {
    let o = PrintOptions {
        generic: false,
        debuginfo: false,
        local_scope: false,
    };
    print_top_level(&p.ctx, &p.ir, p.top, &o)
}

fn is_tensor(ctx: &Context, ir: &Ir, v: Value) -> bool {
    matches!(
        ctx.type_kind(ir.value_type(v)),
        TypeKind::RankedTensor { .. }
    )
}

fn func_attr(ctx: &Context, ir: &Ir, f: Op, which: &str, i: usize) -> Option<Attr> {
    match ctx.attr_kind(op_attr(ctx, ir, f, which)?) {
        AttrKind::Array(v) => ctx.dict_get(*v.get(i)?, "device.affinity"),
        _ => None,
    }
}

fn callee(p: &Prog, call: Op) -> Op {
    let c = op_attr(&p.ctx, &p.ir, call, "callee").expect("callee");
    xir::symbol::lookup_symbol_ref(&p.ctx, &p.ir, p.top, c).expect("callee exists")
}

/// Where a value lives in the planned program.
fn placement(p: &Prog, v: Value) -> Attr {
    let (ctx, ir) = (&p.ctx, &p.ir);
    match ir.value(v).def {
        ValueDef::Result { op, index } => match ctx.str(ir.op(op).name) {
            "func.call" => func_attr(ctx, ir, callee(p, op), "res_attrs", index as usize)
                .expect("call result placed"),
            "graph.transfer" => op_attr(ctx, ir, op, "target").expect("target"),
            n => ctx
                .dict_get(ir.op(op).attrs, "device.affinity")
                .unwrap_or_else(|| panic!("{n} has no device.affinity")),
        },
        ValueDef::BlockArg { block, index } => {
            let f = ir.block_parent_op(block).expect("func");
            func_attr(ctx, ir, f, "arg_attrs", index as usize).expect("argument placed")
        }
        ValueDef::Placeholder => panic!("placeholder"),
    }
}

/// Every op placed, every def-use edge colocated or a transfer.
fn check_complete(p: &Prog) {
    let (ctx, ir) = (&p.ctx, &p.ir);
    for op in xir::walk::preorder(ir, p.top) {
        let name = ctx.str(ir.op(op).name);
        assert_ne!(name, "graph.on_device", "on_device erased");
        let operands: Vec<Value> = ir.operands(op).filter(|&v| is_tensor(ctx, ir, v)).collect();
        let need: Option<Attr> = match name {
            "graph.transfer" => {
                assert_eq!(
                    ctx.dict_get(ir.op(op).attrs, "device.affinity"),
                    op_attr(ctx, ir, op, "target")
                );
                Some(op_attr(ctx, ir, op, "source").expect("transfer has from"))
            }
            "graph.dim" => {
                assert!(ctx.dict_get(ir.op(op).attrs, "device.affinity").is_some());
                None
            }
            "graph.yield" => Some(placement(p, ir.result(ir.parent_op(op).expect("if"), 0))),
            "func.return" => {
                let f = ir.parent_op(op).expect("func");
                for (i, &v) in operands.iter().enumerate() {
                    assert_eq!(
                        func_attr(ctx, ir, f, "res_attrs", i),
                        Some(placement(p, v)),
                        "return operand colocated"
                    );
                }
                None
            }
            "func.call" => {
                let f = callee(p, op);
                for (i, &v) in operands.iter().enumerate() {
                    assert_eq!(
                        func_attr(ctx, ir, f, "arg_attrs", i),
                        Some(placement(p, v)),
                        "call operand colocated"
                    );
                }
                None
            }
            n if n.starts_with("graph.") => Some(
                ctx.dict_get(ir.op(op).attrs, "device.affinity")
                    .unwrap_or_else(|| panic!("{n} placed")),
            ),
            _ => None,
        };
        if let Some(need) = need {
            for &v in &operands {
                assert_eq!(placement(p, v), need, "edge into '{name}' colocated");
            }
        }
        if name == "func.func" {
            let region = ir.regions(op)[0];
            let entry = ir.entry_block(region).expect("body");
            for (i, &a) in ir.block_args(entry).iter().enumerate() {
                assert!(!is_tensor(ctx, ir, a) || func_attr(ctx, ir, op, "arg_attrs", i).is_some());
            }
        }
    }
}

/// Pins before planning: (value, affinity), checked after.
fn pins(p: &Prog) -> Vec<(Value, Attr)> {
    let (ctx, ir) = (&p.ctx, &p.ir);
    let mut out = Vec::new();
    for op in xir::walk::preorder(ir, p.top) {
        match ctx.str(ir.op(op).name) {
            "graph.on_device" => {
                // The value that survives the on_device ops' erasure.
                let mut v = ir.operand(op, 0);
                while let ValueDef::Result { op: d, .. } = ir.value(v).def {
                    if ctx.str(ir.op(d).name) != "graph.on_device" {
                        break;
                    }
                    v = ir.operand(d, 0);
                }
                out.push((v, op_attr(ctx, ir, op, "affinity").expect("aff")))
            }
            "graph.transfer" => out.push((
                ir.result(op, 0),
                op_attr(ctx, ir, op, "target").expect("to"),
            )),
            "func.func" => {
                let entry = ir.entry_block(ir.regions(op)[0]).expect("body");
                for (i, &a) in ir.block_args(entry).iter().enumerate() {
                    if let Some(x) = func_attr(ctx, ir, op, "arg_attrs", i) {
                        out.push((a, x));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Bytes the transfers of a planned program move.
fn bytes_moved(p: &Prog) -> u64 {
    let (ctx, ir) = (&p.ctx, &p.ir);
    xir::walk::preorder(ir, p.top)
        .into_iter()
        .filter(|&op| ctx.str(ir.op(op).name) == "graph.transfer")
        .map(|op| {
            xir::util::bytes::static_bytes(ctx, ir.value_type(ir.result(op, 0))).unwrap_or(0) as u64
        })
        .sum()
}

#[derive(Copy, Clone, PartialEq)]
enum Mode {
    Strict,
    Auto,
    MinTransfer,
}

/// The gpu target of the support-restricted variant: it runs only these ops.
const GPU_OPS: &[&str] = &["graph.add", "graph.relu", "graph.mul"];

/// `generate`, with the gpu device a target that runs only `GPU_OPS` in every
/// third program.
fn generate_for(seed: u64) -> String {
    let text = generate(seed);
    if !seed.is_multiple_of(3) {
        return text;
    }
    let ops: Vec<String> = GPU_OPS.iter().map(|o| format!("\"{o}\"")).collect();
    text.replacen(
        "gpu = #device.alias<\"vulkan\">",
        &format!(
            "gpu = #device.target<\"vulkan\", {{ops = [{}]}}, [\"spirv\"]>",
            ops.join(", ")
        ),
        1,
    )
}

/// Under a restricted gpu, every op placed on gpu is one it runs.
fn check_support(p: &Prog) {
    let (ctx, ir) = (&p.ctx, &p.ir);
    for op in xir::walk::preorder(ir, p.top) {
        let name = ctx.str(ir.op(op).name);
        if !name.starts_with("graph.")
            || [
                "graph.transfer",
                "graph.constant",
                "graph.dim",
                "graph.if",
                "graph.yield",
            ]
            .contains(&name)
        {
            continue;
        }
        let Some(a) = ctx.dict_get(ir.op(op).attrs, "device.affinity") else {
            continue;
        };
        if xir::printer::attr_to_string(ctx, a).contains("@gpu") {
            assert!(
                GPU_OPS.contains(&name),
                "'{name}' placed on the restricted gpu"
            );
        }
    }
}

/// Whether the plan succeeded, whether it cloned a callee, and the bytes its
/// transfers move.
fn check(seed: u64, mode: Mode) -> (bool, bool, u64) {
    let text = generate_for(seed);
    let mut p = parse(&text);
    let before = pins(&p);
    let opts: &[(&str, &str)] = match mode {
        Mode::Strict => &[],
        Mode::Auto => &[("auto-transfer", "true")],
        Mode::MinTransfer => &[("placement", "min-transfer")],
    };
    if run(&mut p, "device-plan", opts).is_err() {
        return (false, false, 0);
    }
    let errs = xir::verifier::verify(&p.ctx, &p.ir, p.top);
    assert!(errs.is_empty(), "seed {seed}: verifier {errs:?}\n{text}");
    check_complete(&p);
    if seed.is_multiple_of(3) {
        check_support(&p);
    }
    for (v, a) in before {
        assert_eq!(placement(&p, v), a, "seed {seed}: pin respected\n{text}");
    }
    let planned = print(&p);
    let mut again = parse(&planned);
    run(&mut again, "device-plan", opts).expect("replanning succeeds");
    assert_eq!(print(&again), planned, "seed {seed}: idempotent");
    let mut mini = parse(&planned);
    run(&mut mini, "device-minimize", &[]).expect("minimize");
    let minimized = print(&mini);
    let mut exp = parse(&minimized);
    run(&mut exp, "device-expand", &[]).expect("expand");
    assert_eq!(
        print(&exp),
        planned,
        "seed {seed}: expand(minimize(plan)) exact\n{minimized}"
    );
    let cloned = ["@helper_", "@outer_", "@rec_"]
        .iter()
        .any(|c| planned.contains(c));
    (true, cloned, bytes_moved(&p))
}

#[test]
fn plan_properties_on_generated_programs() {
    let (mut ok_auto, mut ok_strict, mut cloned) = (0, 0, 0);
    let (mut ok_min, mut fewer, mut more, mut bytes_auto, mut bytes_min) = (0, 0, 0, 0, 0);
    for seed in 1..=400u64 {
        let (auto_ok, c, auto_bytes) = check(seed, Mode::Auto);
        ok_auto += auto_ok as usize;
        cloned += c as usize;
        ok_strict += check(seed, Mode::Strict).0 as usize;
        let (ok, _, min_bytes) = check(seed, Mode::MinTransfer);
        ok_min += ok as usize;
        if ok && auto_ok {
            bytes_auto += auto_bytes;
            bytes_min += min_bytes;
            fewer += (min_bytes < auto_bytes) as usize;
            more += (min_bytes > auto_bytes) as usize;
        }
    }
    // min-transfer plans whatever auto-transfer plans (conflicts become transfers)
    // and moves fewer bytes in total.
    assert!(
        ok_min >= ok_auto,
        "min-transfer planned {ok_min}/400, auto-transfer {ok_auto}"
    );
    assert!(
        bytes_min < bytes_auto,
        "min-transfer moved {bytes_min} bytes, auto-transfer {bytes_auto}"
    );
    // And never more on any one program (its probes clone callees as auto-transfer's do).
    assert_eq!(
        more, 0,
        "min-transfer moved more bytes than auto-transfer in {more} programs"
    );
    eprintln!("min-transfer: {ok_min}/400 planned, fewer bytes than auto-transfer in {fewer}, more in {more}; {bytes_min} vs {bytes_auto} bytes in all");
    // Calls with different placements are cloned, not failed.
    assert!(cloned >= 30, "only {cloned}/400 plans cloned a callee");
    // Most programs plan under auto-transfer; a fair share plan without it.
    assert!(ok_auto >= 250, "auto-transfer planned only {ok_auto}/400");
    assert!(ok_strict >= 50, "strict planned only {ok_strict}/400");
    eprintln!(
        "planned: {ok_auto}/400 with auto-transfer ({cloned} with clones), {ok_strict}/400 without"
    );
}
