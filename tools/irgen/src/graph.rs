//! Random placed graph programs on two devices (`cpu` and `gpu`): roots,
//! elementwise chains, transfers, constants, `graph.if`s and calls. The pass
//! property tests lower them; the end-to-end tests run them.

use crate::XorShift as Rng;

pub const M: &str = "tensor<4x4xf32>";
pub const V: &str = "tensor<4xf32>";
pub const AFFS: [&str; 2] = ["#device.affinity<@cpu>", "#device.affinity<@gpu>"];

/// What [`two_device_program`] may emit besides kernels and transfers.
#[derive(Copy, Clone, Default)]
pub struct Gen {
    /// Constants of both shapes (so some are returned, yielded, transferred
    /// or passed to calls, not only read by kernels).
    pub constants: bool,
    /// `graph.if` on an `i1` argument, with ops in its branches (nested once).
    pub ifs: bool,
    /// Calls of a private `@helper` (planning clones it per device).
    pub calls: bool,
    /// The matrix shape is `?x4` (dynamic rows): kernels with dynamic
    /// results, their dims derived by graph → flow (no matrix constants).
    pub dynamic: bool,
    /// More ops: sub, max, div, neg, tanh, reduce_max, and for static
    /// matrices transpose and a concat sliced back to 4x4; abs, sqrt, min,
    /// log, erf, sigmoid, pow, select, compare, cast, xor, not (each in a
    /// form continuous in its inputs, so that a backend's rounding cannot
    /// flip a result, and with every i1 value derived from one matrix so it
    /// never crosses devices).
    pub wide: bool,
}

impl Gen {
    /// Constants, ifs and calls; static or dynamic matrices.
    pub fn everything(dynamic: bool) -> Gen {
        Gen {
            constants: true,
            ifs: true,
            calls: true,
            dynamic,
            wide: false,
        }
    }
}

/// The matrix type of a program made with `gen`.
fn matrix(gen: Gen) -> &'static str {
    if gen.dynamic {
        "tensor<?x4xf32>"
    } else {
        M
    }
}

/// A random placed program on two devices and two shapes: roots, elementwise
/// chains and transfers (plus constants, `graph.if`s and calls as `gen` says).
pub fn two_device_program(seed: u64, gen: Gen) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut s = String::from(
        "module attributes {device.targets = {cpu = #device.alias<\"local\">, gpu = #device.alias<\"vulkan\">}} {\n",
    );
    let m = matrix(gen);
    if gen.calls {
        let one = if gen.dynamic {
            "%1 = graph.exp %0"
        } else {
            "%1 = graph.constant dense<5.0e-01>"
        };
        s += &format!(
            "  func.func private @helper(%x: {m}) -> {m} {{\n    %0 = graph.relu %x : {m}\n    \
             {one} : {m}\n    %2 = graph.add %0, %1 : {m}\n    \
             return %2 : {m}\n  }}\n"
        );
    }
    let cond = if gen.ifs { ", %c: i1" } else { "" };
    s += &format!(
        "  func.func @main(%a: {m} {{device.affinity = {}}}, %b: {V}{cond}) -> {m} {{\n",
        AFFS[r.below(2)]
    );
    let mut scope = Scope {
        ms: vec!["%a".to_string()],
        vs: vec!["%b".to_string()],
        next: 0,
    };
    let n = 1 + r.below(40);
    body(&mut r, &mut s, &mut scope, n, gen, 0);
    s += &format!(
        "    return {} : {m}\n  }}\n}}\n",
        scope.ms.last().expect("one")
    );
    s
}

/// Values visible at a point of the generated program.
#[derive(Clone)]
struct Scope {
    ms: Vec<String>,
    vs: Vec<String>,
    next: usize,
}

/// Appends `n` random ops at nesting `depth` to `s`.
fn body(r: &mut Rng, s: &mut String, sc: &mut Scope, n: usize, gen: Gen, depth: usize) {
    let pad = "  ".repeat(depth + 2);
    let mt = matrix(gen);
    for _ in 0..n {
        let k = sc.next;
        sc.next += 1;
        let names = Names {
            k,
            m: sc.ms[r.below(sc.ms.len())].clone(),
            m2: sc.ms[r.below(sc.ms.len())].clone(),
            v: sc.vs[r.below(sc.vs.len())].clone(),
            x: format!("%x{k}"),
        };
        if gen.ifs && depth < 2 && r.below(8) == 0 {
            if_op(r, s, sc, gen, depth, &names.x);
            sc.ms.push(names.x);
            continue;
        }
        let kind = pick_kind(r, gen);
        let (line, is_m) = match kind {
            18 | 20 | 22 | 25..=28 => compound_op(s, kind, &pad, mt, &names),
            _ => single_op(r, kind, gen, &names),
        };
        s.push_str(&format!("{pad}{line}\n"));
        if is_m {
            sc.ms.push(names.x);
        } else {
            sc.vs.push(names.x);
        }
    }
}

/// The values an op generated as op number `k` uses (matrices `m`, `m2`,
/// vector `v`) and defines (`x`).
struct Names {
    k: usize,
    m: String,
    m2: String,
    v: String,
    x: String,
}

/// A `graph.if` defining matrix `x`, with a few random ops in each branch.
fn if_op(r: &mut Rng, s: &mut String, sc: &mut Scope, gen: Gen, depth: usize, x: &str) {
    let pad = "  ".repeat(depth + 2);
    let mt = matrix(gen);
    s.push_str(&format!("{pad}{x} = graph.if %c -> ({mt}) {{\n"));
    for branch in 0..2 {
        if branch == 1 {
            s.push_str(&format!("{pad}}} else {{\n"));
        }
        // Values made in a branch stay in it.
        let mut inner = sc.clone();
        let len = r.below(4);
        body(r, s, &mut inner, len, gen, depth + 1);
        sc.next = inner.next;
        let y = &inner.ms[r.below(inner.ms.len())];
        s.push_str(&format!("{pad}  graph.yield {y} : {mt}\n"));
    }
    s.push_str(&format!("{pad}}}\n"));
}

/// The kind of the next op: seven kinds always, the optional ones, then mul
/// (10).
fn pick_kind(r: &mut Rng, gen: Gen) -> usize {
    let mut extra: Vec<usize> = Vec::new();
    if gen.constants {
        extra.extend([7, 8]);
    }
    if gen.calls {
        extra.push(9);
    }
    if gen.wide {
        extra.extend([11, 12, 13, 14, 15, 16]);
        if !gen.dynamic {
            extra.extend([17, 18]);
        }
        extra.extend([19, 20, 21, 22, 23, 24, 25, 26, 27, 28]);
    }
    let pick = r.below(8 + extra.len());
    if pick < 7 {
        pick
    } else {
        extra.get(pick - 7).copied().unwrap_or(10)
    }
}

/// An op of `kind` made of one line; whether its result is a matrix.
fn single_op(r: &mut Rng, kind: usize, gen: Gen, names: &Names) -> (String, bool) {
    let mt = matrix(gen);
    let Names { m, m2, v, x, .. } = names;
    // Rows are the dynamic dim: reduce them away; a broadcast into the
    // rows makes them 4 (a static source of a dynamic dim).
    let (axes, dims) = if gen.dynamic { (0, 0) } else { (1, 0) };
    match kind {
        0 => (
            format!("{x} = graph.matmul {m}, {m2} : ({mt}, {mt}) -> {mt}"),
            true,
        ),
        1 => (format!("{x} = graph.add {m}, {m2} : {mt}"), true),
        2 => (format!("{x} = graph.relu {m} : {mt}"), true),
        3 => (format!("{x} = graph.exp {v} : {V}"), false),
        4 => (
            format!("{x} = graph.reduce_sum {m} axes = [{axes}] : {mt} -> {V}"),
            false,
        ),
        5 => (
            format!("{x} = graph.broadcast {v} dimensions = [{dims}] : {V} -> {mt}"),
            true,
        ),
        6 => (
            format!("{x} = graph.transfer {m} to {} : {mt}", AFFS[r.below(2)]),
            true,
        ),
        7 => (format!("{x} = graph.constant dense<1.0> : {V}"), false),
        8 if gen.dynamic => (format!("{x} = graph.constant dense<2.0> : {V}"), false),
        8 => (format!("{x} = graph.constant dense<2.0> : {mt}"), true),
        9 => (
            format!("{x} = func.call @helper({m}) : ({mt}) -> {mt}"),
            true,
        ),
        11 => (format!("{x} = graph.sub {m}, {m2} : {mt}"), true),
        12 => (format!("{x} = graph.max {m}, {m2} : {mt}"), true),
        13 => (format!("{x} = graph.div {v}, {v} : {V}"), false),
        14 => (format!("{x} = graph.neg {m} : {mt}"), true),
        15 => (format!("{x} = graph.tanh {v} : {V}"), false),
        16 => (
            format!("{x} = graph.reduce_max {m} axes = [{axes}] : {mt} -> {V}"),
            false,
        ),
        17 => (
            format!("{x} = graph.transpose {m} permutation = [1, 0] : {mt} -> {mt}"),
            true,
        ),
        19 => (format!("{x} = graph.abs {m} : {mt}"), true),
        21 => (format!("{x} = graph.min {m}, {m2} : {mt}"), true),
        23 => (format!("{x} = graph.erf {m} : {mt}"), true),
        24 => (format!("{x} = graph.sigmoid {m} : {mt}"), true),
        _ => (format!("{x} = graph.mul {v}, {v} : {V}"), false),
    }
}

/// An op of `kind` that needs ops before it (appended to `s`); returns its
/// own line and whether its result is a matrix.
fn compound_op(s: &mut String, kind: usize, pad: &str, mt: &str, names: &Names) -> (String, bool) {
    let Names { k, m, m2, v, x } = names;
    match kind {
        18 => {
            let c = format!("%c{k}");
            s.push_str(&format!(
                "{pad}{c} = graph.concat {m}, {m2} axis = 0 : ({mt}, {mt}) -> tensor<8x4xf32>\n"
            ));
            (
                format!("{x} = graph.slice {c} start = [1, 0] strides = [2, 1] : tensor<8x4xf32> -> {mt}"),
                true,
            )
        }
        20 => {
            let a = format!("%a{k}");
            s.push_str(&format!("{pad}{a} = graph.abs {m} : {mt}\n"));
            (format!("{x} = graph.sqrt {a} : {mt}"), true)
        }
        22 => {
            let g = format!("%g{k}");
            s.push_str(&format!("{pad}{g} = graph.sigmoid {v} : {V}\n"));
            (format!("{x} = graph.log {g} : {V}"), false)
        }
        25 => {
            let g = format!("%g{k}");
            s.push_str(&format!("{pad}{g} = graph.sigmoid {v} : {V}\n"));
            (format!("{x} = graph.pow {g}, {v} : {V}"), false)
        }
        26 => {
            // select(m < -m, -m, m) = |m|.
            let (n, c) = (format!("%n{k}"), format!("%c{k}"));
            let bt = mt.replace("f32", "i1");
            s.push_str(&format!("{pad}{n} = graph.neg {m} : {mt}\n"));
            s.push_str(&format!(
                "{pad}{c} = graph.compare lt, {m}, {n} : {mt} -> {bt}\n"
            ));
            (
                format!("{x} = graph.select {c}, {n}, {m} : {bt}, {mt}"),
                true,
            )
        }
        27 => {
            // f32 -> f64 -> f32 is exact.
            let d = format!("%d{k}");
            let dt = mt.replace("f32", "f64");
            s.push_str(&format!("{pad}{d} = graph.cast {m} : {mt} -> {dt}\n"));
            (format!("{x} = graph.cast {d} : {dt} -> {mt}"), true)
        }
        _ => {
            // not((m > 0) xor (m != 0)) is m >= 0; times m: relu(m).
            let bt = mt.replace("f32", "i1");
            let [n, p, z, q, o, f] = ["n", "p", "z", "q", "o", "f"].map(|c| format!("%{c}{k}"));
            s.push_str(&format!("{pad}{n} = graph.neg {m} : {mt}\n"));
            s.push_str(&format!(
                "{pad}{p} = graph.compare gt, {m}, {n} : {mt} -> {bt}\n"
            ));
            s.push_str(&format!("{pad}{z} = graph.cast {m} : {mt} -> {bt}\n"));
            s.push_str(&format!("{pad}{q} = graph.xor {p}, {z} : {bt}\n"));
            s.push_str(&format!("{pad}{o} = graph.not {q} : {bt}\n"));
            s.push_str(&format!("{pad}{f} = graph.cast {o} : {bt} -> {mt}\n"));
            (format!("{x} = graph.mul {f}, {m} : {mt}"), true)
        }
    }
}
