//! Property test of `device-plan` on random graph programs with random pins: every
//! value placed once, every def-use edge colocated or a transfer, pins respected,
//! planning idempotent, and `expand(minimize(plan(P))) == plan(P)`, in each mode
//! (strict, auto-transfer, placement=min-transfer); min-transfer moves no more
//! bytes than auto-transfer. And `device-explain` (same options) agrees with
//! `device-plan`: it places every op where the plan does, and fails exactly where
//! the plan fails, with the plan's errors; the plan reports each conflict (pair of
//! pins) once, its pins in the order of its chain. The transfers a plan inserts move
//! a value at most once per destination (min-transfer) or per destination and user
//! (auto-transfer), whether it is used directly or through `graph.on_device`.

use std::collections::{BTreeMap, HashSet};
use xir::diag::Severity;
use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::printer::attr_to_string;
use xir::printer::{print_top_level, PrintOptions};
use xir::symbol::op_attr;
use xir::{
    Attr, AttrKind, Context, DiagEngine, Diagnostic, Ir, Location, Op, SourceBuffer, TypeKind,
    Value, ValueDef,
};

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
    run_diags(p, pass, opts).0
}

/// Runs a pass; returns whether it succeeded and what it said.
fn run_diags(p: &mut Prog, pass: &str, opts: &[(&str, &str)]) -> (Result<(), ()>, Vec<Diagnostic>) {
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
    (res, diags.take())
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

/// The transfers of a program.
fn transfers(p: &Prog) -> HashSet<Op> {
    xir::walk::preorder(&p.ir, p.top)
        .into_iter()
        .filter(|&op| p.ctx.str(p.ir.op(op).name) == "graph.transfer")
        .collect()
}

/// The transfers the plan inserted (not in `given`) move each value at most once
/// per destination under min-transfer (one transfer shared by every user there),
/// at most once per destination and user under auto-transfer (one before each
/// crossing user, shared by its operands), and strict inserts none; the value
/// is the same whether it was used directly or through `graph.on_device`.
fn check_transfers_once(p: &Prog, given: &HashSet<Op>, mode: Mode, seed: u64, text: &str) {
    let (ctx, ir) = (&p.ctx, &p.ir);
    let mut seen: BTreeMap<(Value, Attr, Option<Op>), Op> = BTreeMap::new();
    for t in transfers(p) {
        if given.contains(&t) {
            continue;
        }
        assert!(
            mode != Mode::Strict,
            "seed {seed}: strict planning inserted a transfer\n{text}"
        );
        let users: HashSet<Op> = ir
            .uses(ir.result(t, 0))
            .map(|u| ir.use_data(u).owner)
            .collect();
        let user = match mode {
            Mode::MinTransfer => None,
            _ => {
                assert_eq!(
                    users.len(),
                    1,
                    "seed {seed}: an auto-transfer transfer serves one user\n{text}"
                );
                users.into_iter().next()
            }
        };
        let key = (
            ir.operand(t, 0),
            op_attr(ctx, ir, t, "target").expect("target"),
            user,
        );
        if let Some(prev) = seen.insert(key, t) {
            panic!(
                "seed {seed}: transfers #{} and #{} move one value to {}\n{text}\n{}",
                prev.index(),
                t.index(),
                attr_to_string(ctx, key.1),
                print(p)
            );
        }
    }
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
    let given = transfers(&p);
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
    check_transfers_once(&p, &given, mode, seed, &text);
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

/// The line of a location (generated programs put one op on each line).
fn line(ctx: &Context, loc: Attr) -> Option<u32> {
    match ctx.attr_kind(xir::diag::find_file_line_col(ctx, loc)?) {
        AttrKind::Location(Location::FileLineCol { line, .. }) => Some(*line),
        _ => None,
    }
}

/// Each conflict error of a failed plan names a pair of pins no other one names;
/// its first pin is the one its message names first and its chain starts from.
fn check_conflicts_once(ctx: &Context, diags: &[Diagnostic], what: &str) {
    let mut seen: HashSet<Vec<(Option<u32>, String)>> = HashSet::new();
    for d in diags {
        let conflict = d.message.starts_with("conflicting placements");
        let shared = d.message.starts_with("public function @");
        if d.severity != Severity::Error || !(conflict || shared) {
            continue;
        }
        let pins: Vec<&Diagnostic> = d
            .notes
            .iter()
            .filter(|n| n.message.starts_with("pinned to "))
            .collect();
        assert_eq!(pins.len(), 2, "{what}: two pins in {:?}", d.message);
        let mut key: Vec<(Option<u32>, String)> = pins
            .iter()
            .map(|n| (line(ctx, n.loc), n.message.clone()))
            .collect();
        key.sort();
        assert!(
            seen.insert(key),
            "{what}: conflict reported twice: {:?}",
            d.message
        );
        // "pinned to A by X": A is named first and the chain starts at X.
        let first = pins[0].message.trim_start_matches("pinned to ");
        let (attr, by) = first.split_once(" by ").expect("pin note");
        let named = if conflict {
            d.message.trim_start_matches("conflicting placements ")
        } else {
            d.message.split_once(" is called on ").expect("shared").1
        };
        assert!(
            named.starts_with(attr),
            "{what}: {:?} / {first:?}",
            d.message
        );
        let chain = d
            .notes
            .iter()
            .find_map(|n| n.message.strip_prefix("chain of uses: "))
            .expect("chain note");
        assert!(chain.starts_with(by), "{what}: chain {chain:?} / {first:?}");
        if shared {
            let calls: Vec<Option<u32>> = d
                .notes
                .iter()
                .filter(|n| n.message.contains(" called on "))
                .map(|n| line(ctx, n.loc))
                .collect();
            assert!(
                calls.len() == 2 && calls[0] != calls[1],
                "{what}: both calls named: {:?}",
                d.notes
            );
        }
    }
}

/// Lines of the ops named `names` in a program.
fn lines_of(p: &Prog, names: &[&str]) -> HashSet<u32> {
    xir::walk::preorder(&p.ir, p.top)
        .into_iter()
        .filter(|&op| names.contains(&p.ctx.str(p.ir.op(op).name)))
        .filter_map(|op| line(&p.ctx, p.ir.op(op).loc))
        .collect()
}

/// `device-explain` against `device-plan` on one generated program; `public`
/// makes its helper public (never cloned). Returns whether the plan succeeded.
fn check_explain(seed: u64, mode: Mode, public: bool) -> bool {
    let mut text = generate_for(seed);
    if public {
        text = text.replacen("func.func private @helper", "func.func @helper", 1);
    }
    let what = format!("seed {seed}, mode {}, public {public}\n{text}", mode as u8);
    let opts: &[(&str, &str)] = match mode {
        Mode::Strict => &[],
        Mode::Auto => &[("auto-transfer", "true")],
        Mode::MinTransfer => &[("placement", "min-transfer")],
    };
    let mut plan = parse(&text);
    let (planned, plan_diags) = run_diags(&mut plan, "device-plan", opts);
    let mut explain = parse(&text);
    let (explained, explain_diags) = run_diags(&mut explain, "device-explain", opts);
    assert_eq!(planned.is_ok(), explained.is_ok(), "{what}");
    // device-explain changes nothing.
    assert_eq!(print(&explain), print(&parse(&text)), "{what}");
    if planned.is_err() {
        check_conflicts_once(&plan.ctx, &plan_diags, &what);
        // It says the plan is rejected, then gives the plan's own errors.
        assert!(
            explain_diags[0].message.contains("rejects this program"),
            "{what}"
        );
        let msgs = |ds: &[Diagnostic]| ds.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
        assert_eq!(msgs(&explain_diags[1..]), msgs(&plan_diags), "{what}");
        return false;
    }
    // Per line: the placements device-plan writes on graph ops (clones repeat a
    // line), and the ones device-explain names. Transfers (written and inserted)
    // and on_device ops (erased) aside.
    let skip = lines_of(&explain, &["graph.transfer", "graph.on_device"]);
    let mut written: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    let (ctx, ir) = (&plan.ctx, &plan.ir);
    for op in xir::walk::preorder(ir, plan.top) {
        let name = ctx.str(ir.op(op).name);
        if !name.starts_with("graph.") || name == "graph.transfer" {
            continue;
        }
        if let Some(a) = ctx.dict_get(ir.op(op).attrs, "device.affinity") {
            let l = line(ctx, ir.op(op).loc).expect("line");
            written.entry(l).or_default().push(attr_to_string(ctx, a));
        }
    }
    let mut named: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for d in &explain_diags {
        assert_ne!(d.severity, Severity::Error, "{what}");
        let Some(rest) = d.message.strip_prefix("placed on ") else {
            continue;
        };
        let l = line(&explain.ctx, d.loc).expect("line");
        if skip.contains(&l) {
            continue;
        }
        let attr = rest.split(" by ").next().expect("placement");
        named.entry(l).or_default().push(attr.to_string());
    }
    for v in written.values_mut().chain(named.values_mut()) {
        v.sort();
    }
    assert_eq!(named, written, "{what}");
    true
}

#[test]
fn explain_agrees_with_plan_on_generated_programs() {
    let mut rejected = [0usize; 3];
    let mut shared = 0;
    for seed in 1..=300u64 {
        for (i, mode) in [Mode::Strict, Mode::Auto, Mode::MinTransfer]
            .into_iter()
            .enumerate()
        {
            let public = seed % 2 == 0;
            if !check_explain(seed, mode, public) {
                rejected[i] += 1;
                if public && mode == Mode::Strict {
                    let text = generate_for(seed).replacen(
                        "func.func private @helper",
                        "func.func @helper",
                        1,
                    );
                    let mut p = parse(&text);
                    let (_, diags) = run_diags(&mut p, "device-plan", &[]);
                    shared += diags
                        .iter()
                        .any(|d| d.message.starts_with("public function @helper"))
                        as usize;
                }
            }
        }
    }
    eprintln!(
        "device-explain agreed with device-plan on 300 programs per mode; rejected: strict {}, auto-transfer {}, min-transfer {}; {shared} named a shared public callee",
        rejected[0], rejected[1], rejected[2]
    );
    // Both sides of the comparison are exercised.
    assert!(rejected[0] >= 50 && rejected[0] <= 280, "{rejected:?}");
    assert!(
        shared >= 5,
        "only {shared} programs met a shared public callee"
    );
}
