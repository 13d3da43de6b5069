//! The suite's cases: every kernel op (`kernel.generic` with every body op,
//! `kernel.matmul` with and without an epilogue, batched, `kernel.conv`, `kernel.pool`,
//! `kernel.attention`, `kernel.gather`,
//! `kernel.alloc`, `kernel.constant`, `kernel.reshape`, `kernel.assert`)
//! on every element type, at edge sizes: 0, 1, odd (3), past a 4-, 8- or
//! 16-lane vector (17, 33), past one 64-wide workgroup tile (65, 129), a
//! multiple of every vector width (128), one large enough to be split over
//! threads ([`LARGE`]), and 2-d and 3-d shapes with broadcast, transposed,
//! strided and reversed access. Inputs mix ordinary values with the special
//! ones (±0, NaN, ±inf, integer extremes, out-of-range gather indices,
//! transcendental arguments past their ranges). Three bad dispatches (a
//! failing assert, an access past a buffer, a write into a constant) must
//! fail. Each case holds its kernel, its inputs and the results the model
//! ([`crate::model`]) computes for them.

use crate::check::Tol;
use crate::model::{
    self, bin, cast, cmp, is_float, name, pow, unary, values, Bin, Dist, Rng, Tensor, Unary, PREDS,
    TYPES, V,
};
use crate::text::{identity, map, Body, Buf, Dim, Epilogue, Kernel};
use std::sync::OnceLock;
use xir_runtime_hal::ElementType;

/// The sizes of the 1-d cases.
pub const SIZES: [usize; 8] = [0, 1, 3, 17, 33, 65, 128, 129];

/// A size large enough that backends split the work (local: over its
/// threads, past 2 x 2^15 iterations; vulkan: over many workgroups), odd.
pub const LARGE: usize = 70001;

/// What a run of a case must give.
#[derive(Clone, Debug)]
pub enum Expect {
    /// These results, each within its tolerance.
    Results(Vec<(Tensor, Tol)>),
    /// An error whose message contains this text (a bad dispatch).
    Error(String),
}

/// One case: a kernel function `@k`, the dispatch's constants, the inputs,
/// the results' types and what the run must give.
#[derive(Clone, Debug)]
pub struct Case {
    /// The op under test (`generic_add`, `matmul_epilogue`, …).
    pub op: String,
    /// The element type it is named by.
    pub elem: ElementType,
    /// Its size (`17`, `3x5`, `3x5x7`).
    pub size: String,
    /// The kernel function's text.
    pub kernel: String,
    /// The dispatch's constants (the kernel's `index` arguments).
    pub constants: Vec<i64>,
    /// The inputs (bindings `0..`).
    pub inputs: Vec<Tensor>,
    /// The results' types (the bindings after the inputs).
    pub outputs: Vec<(ElementType, Vec<usize>)>,
    /// What the run must give.
    pub expect: Expect,
}

impl Case {
    /// `op/type/size`.
    pub fn name(&self) -> String {
        format!("{}/{}/{}", self.op, name(self.elem), self.size)
    }
}

/// `3x5` (`scalar` for rank 0).
fn label(shape: &[usize]) -> String {
    if shape.is_empty() {
        return "scalar".into();
    }
    let s: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    s.join("x")
}

/// What the compiler writes as `vector_width` for an all-parallel generic
/// over these operand types whose inner dim every operand reads
/// contiguously or not at all: 128 bits over the widest type.
fn vector_width(types: &[ElementType]) -> Option<u32> {
    let bits = types
        .iter()
        .map(|&t| model::bits(t))
        .max()
        .unwrap_or(8)
        .max(8);
    let w = 128 / bits;
    (w > 1).then_some(w)
}

fn dims(shape: &[usize]) -> Vec<Dim> {
    shape.iter().map(|&d| Dim::S(d)).collect()
}

fn tensor(rng: &mut Rng, e: ElementType, shape: &[usize], dist: Dist) -> Tensor {
    let n = shape.iter().product();
    Tensor {
        elem: e,
        shape: shape.to_vec(),
        data: values(rng, e, n, dist),
    }
}

/// Builds a case: `make` writes the kernel and returns the inputs, the
/// dispatch constants and the expected results.
pub struct Builder {
    op: String,
    elem: ElementType,
    size: String,
    rng: Rng,
}

impl Builder {
    fn new(op: &str, elem: ElementType, size: String) -> Builder {
        let rng = Rng::named(&format!("{op}/{}/{size}", name(elem)));
        Builder {
            op: op.into(),
            elem,
            size,
            rng,
        }
    }
    fn case(
        self,
        k: &Kernel,
        constants: Vec<i64>,
        inputs: Vec<Tensor>,
        results: Vec<(Tensor, Tol)>,
    ) -> Case {
        let outputs = results
            .iter()
            .map(|(t, _)| (t.elem, t.shape.clone()))
            .collect();
        self.finish(k, constants, inputs, outputs, Expect::Results(results))
    }
    fn finish(
        self,
        k: &Kernel,
        constants: Vec<i64>,
        inputs: Vec<Tensor>,
        outputs: Vec<(ElementType, Vec<usize>)>,
        expect: Expect,
    ) -> Case {
        Case {
            op: self.op,
            elem: self.elem,
            size: self.size,
            kernel: k.finish(),
            constants,
            inputs,
            outputs,
            expect,
        }
    }
}

// ============================================================ elementwise

type BodyFn = Box<dyn Fn(&mut Body) -> String + Send + Sync>;
type ModelFn = Box<dyn Fn(&[V]) -> V + Send + Sync>;

/// An elementwise body op: its inputs' types and draws, its result type,
/// its body, its model and its tolerance.
struct Ew {
    op: String,
    ins: Vec<(ElementType, Dist)>,
    out: ElementType,
    body: BodyFn,
    model: ModelFn,
    tol: Tol,
}

fn ew_bin(e: ElementType, op: &str, b: Bin, tol: u64, rhs: Dist) -> Ew {
    Ew {
        op: op.into(),
        ins: vec![(e, Dist::Arith), (e, rhs)],
        out: e,
        body: Box::new(move |body| {
            let (x, y) = (body.arg(0), body.arg(1));
            body.bin(b.op_name(e), e, &x, &y)
        }),
        model: Box::new(move |v| bin(b, e, v[0], v[1])),
        tol: Tol::Ulps(tol),
    }
}

fn ew_unary(e: ElementType, op: &str, u: Unary, dist: Dist, tol: Tol) -> Ew {
    Ew {
        op: op.into(),
        ins: vec![(e, dist)],
        out: e,
        body: Box::new(move |body| {
            let x = body.arg(0);
            body.unary(u.op_name(), e, &x)
        }),
        model: Box::new(move |v| unary(u, e, v[0])),
        tol,
    }
}

const INF: f64 = f64::INFINITY;
const NAN: f64 = f64::NAN;
/// exp: specials, overflow and underflow in every type, subnormal results.
const EXP_SPECIALS: [f64; 11] = [
    0.0, -0.0, NAN, INF, -INF, 100.0, -100.0, 88.5, -90.0, -750.0, 710.0,
];
/// tanh: specials, saturation, tiny arguments.
const TANH_SPECIALS: [f64; 8] = [0.0, -0.0, NAN, INF, -INF, 20.0, -20.0, 1e-5];
/// log: zeros (-inf), negatives (NaN), 1, infinity, extremes.
const LOG_SPECIALS: [f64; 9] = [0.0, -0.0, -1.0, NAN, INF, 1.0, 1e-30, 1e30, -INF];
/// erf: specials, saturation, tiny arguments.
const ERF_SPECIALS: [f64; 8] = [0.0, -0.0, NAN, INF, -INF, 6.0, -6.0, 1e-5];
/// sin, cos: zeros (sin keeps -0), NaN, infinities (NaN), tiny arguments,
/// the f32 nearest pi/2 and pi, and 1e5. Huge arguments (1e6 up to the
/// largest float) are exact on `local` and the reference (the host's
/// reduction) but not on Vulkan's built-ins (lavapipe: sin(1e30) = ±1), so
/// they are checked by `runtime/local/tests/math_trig.rs` and the lit runs,
/// not here.
const TRIG_SPECIALS: [f64; 11] = [
    0.0,
    -0.0,
    NAN,
    INF,
    -INF,
    1e-5,
    -1e-30,
    1.570_796_370_506_286_6,
    3.141_592_741_012_573_2,
    1e5,
    -1e5,
];
/// pow: C's special bases (paired with the exponents below at shifted
/// positions): zeros, negative bases, 1, infinities, NaN.
const POW_BASES: [f64; 9] = [0.0, -0.0, -2.0, 1.0, INF, -INF, NAN, 2.0, -0.5];
/// pow: integer, half and special exponents.
const POW_EXPONENTS: [f64; 9] = [-1.0, 0.5, 3.0, NAN, 0.0, INF, -INF, 2.0, -2.0];

/// The elementwise ops a generic's body applies to type `e`.
fn elementwise_ops(e: ElementType) -> Vec<Ew> {
    let f = is_float(e);
    let i1 = e == ElementType::I1;
    let mut v = vec![
        ew_bin(e, "add", Bin::Add, 1, Dist::Arith),
        ew_bin(e, "sub", Bin::Sub, 1, Dist::Arith),
        ew_bin(e, "mul", Bin::Mul, 1, Dist::Arith),
    ];
    if !i1 {
        let rhs = if f { Dist::Arith } else { Dist::Divisor };
        v.push(ew_bin(e, "div", Bin::Div, 3, rhs));
    }
    v.push(ew_bin(e, "max", Bin::Max, 0, Dist::Arith));
    v.push(ew_bin(e, "min", Bin::Min, 0, Dist::Arith));
    if f {
        v.push(ew_unary(e, "neg", Unary::Neg, Dist::Arith, Tol::Ulps(0)));
        v.push(ew_unary(e, "abs", Unary::Abs, Dist::Arith, Tol::Ulps(0)));
        v.push(ew_unary(e, "sqrt", Unary::Sqrt, Dist::Arith, Tol::Ulps(3)));
        let t = Tol::Transcendental;
        let exp = Dist::Specials(-10.0, 10.0, &EXP_SPECIALS);
        v.push(ew_unary(e, "exp", Unary::Exp, exp, t.clone()));
        let tanh = Dist::Specials(-6.0, 6.0, &TANH_SPECIALS);
        v.push(ew_unary(e, "tanh", Unary::Tanh, tanh, t.clone()));
        let log = Dist::Specials(0.01, 100.0, &LOG_SPECIALS);
        v.push(ew_unary(e, "log", Unary::Log, log, t.clone()));
        let erf = Dist::Specials(-3.0, 3.0, &ERF_SPECIALS);
        v.push(ew_unary(e, "erf", Unary::Erf, erf, t.clone()));
        let trig = Dist::Specials(-10.0, 10.0, &TRIG_SPECIALS);
        v.push(ew_unary(e, "sin", Unary::Sin, trig, t.clone()));
        v.push(ew_unary(e, "cos", Unary::Cos, trig, t.clone()));
        let (base, power) = (
            Dist::Specials(0.1, 4.0, &POW_BASES),
            Dist::Specials(-3.0, 3.0, &POW_EXPONENTS),
        );
        v.push(Ew {
            op: "pow".into(),
            ins: vec![(e, base), (e, power)],
            out: e,
            body: Box::new(move |body| {
                let (x, y) = (body.arg(0), body.arg(1));
                body.bin("kernel.pow", e, &x, &y)
            }),
            model: Box::new(move |v| pow(e, v[0], v[1])),
            tol: t,
        });
    } else {
        v.push(ew_bin(e, "and", Bin::And, 0, Dist::Arith));
        v.push(ew_bin(e, "or", Bin::Or, 0, Dist::Arith));
        v.push(ew_bin(e, "xor", Bin::Xor, 0, Dist::Arith));
    }
    v.push(Ew {
        op: "select".into(),
        ins: vec![
            (ElementType::I1, Dist::Small),
            (e, Dist::Arith),
            (e, Dist::Arith),
        ],
        out: e,
        body: Box::new(move |body| {
            let (c, x, y) = (body.arg(0), body.arg(1), body.arg(2));
            body.select(e, &c, &x, &y)
        }),
        model: Box::new(|v| if v[0].i() != 0 { v[1] } else { v[2] }),
        tol: Tol::Ulps(0),
    });
    // Constants in a body: x * 0.5 + 1.25 (exact scaling, one rounding),
    // x * 3 + -7 (wrapping), not x (i1).
    let (c1, c2, op1, op2) = if f {
        (V::F(0.5), V::F(1.25), Bin::Mul, Bin::Add)
    } else if i1 {
        (V::I(1), V::I(1), Bin::Xor, Bin::Xor)
    } else {
        (V::I(3), V::I(-7), Bin::Mul, Bin::Add)
    };
    v.push(Ew {
        op: "const".into(),
        ins: vec![(e, Dist::Arith)],
        out: e,
        body: Box::new(move |body| {
            let x = body.arg(0);
            let a = body.constant(e, c1);
            let m = body.bin(op1.op_name(e), e, &x, &a);
            if i1 {
                return m;
            }
            let b = body.constant(e, c2);
            body.bin(op2.op_name(e), e, &m, &b)
        }),
        model: Box::new(move |v| {
            let m = bin(op1, e, v[0], c1);
            if i1 {
                m
            } else {
                bin(op2, e, m, c2)
            }
        }),
        tol: Tol::Ulps(1),
    });
    v
}

/// `kernel.generic` over a dynamic 1-d domain of `n` with body `ew`.
fn elementwise_case(mut b: Builder, ew: &Ew, n: usize) -> Case {
    let mut k = Kernel::new(1);
    let nd = Dim::D(k.arg(0));
    let ins: Vec<Buf> = ew
        .ins
        .iter()
        .enumerate()
        .map(|(i, (t, _))| k.binding(i, *t, vec![nd.clone()]))
        .collect();
    let out = k.binding(ins.len(), ew.out, vec![nd.clone()]);
    let mut types: Vec<ElementType> = ew.ins.iter().map(|x| x.0).collect();
    types.push(ew.out);
    let mut body = Body::new(&types);
    let r = (ew.body)(&mut body);
    let with_maps: Vec<(&Buf, String)> = ins.iter().map(|x| (x, identity(1))).collect();
    k.generic(
        &with_maps,
        (&out, identity(1)),
        &[nd],
        0,
        &[],
        vector_width(&types),
        &body,
        &r,
    );
    let inputs: Vec<Tensor> = ew
        .ins
        .iter()
        .map(|&(t, d)| tensor(&mut b.rng, t, &[n], d))
        .collect();
    let want = Tensor::from_fn(ew.out, &[n], |ix| {
        let args: Vec<V> = inputs.iter().map(|t| t.at(ix)).collect();
        (ew.model)(&args)
    });
    b.case(&k, vec![n as i64], inputs, vec![(want, ew.tol.clone())])
}

/// Six stages, one per predicate, each writing its own `i1` result.
fn compare_case(mut b: Builder, e: ElementType, n: usize) -> Case {
    let mut k = Kernel::new(1);
    let nd = Dim::D(k.arg(0));
    let x = k.binding(0, e, vec![nd.clone()]);
    let y = k.binding(1, e, vec![nd.clone()]);
    let a = tensor(&mut b.rng, e, &[n], Dist::Arith);
    let mut c = tensor(&mut b.rng, e, &[n], Dist::Arith);
    // Equal pairs every third element (NaN with NaN among them).
    for i in (0..n).step_by(3) {
        c.data[i] = a.data[i];
    }
    let mut results = Vec::new();
    for (i, &p) in PREDS.iter().enumerate() {
        let out = k.binding(2 + i, ElementType::I1, vec![nd.clone()]);
        let mut body = Body::new(&[e, e, ElementType::I1]);
        let (u, v) = (body.arg(0), body.arg(1));
        let r = body.cmp(p.keyword(e), e, &u, &v);
        k.generic(
            &[(&x, identity(1)), (&y, identity(1))],
            (&out, identity(1)),
            std::slice::from_ref(&nd),
            0,
            &[],
            vector_width(&[e, ElementType::I1]),
            &body,
            &r,
        );
        let want = Tensor::from_fn(ElementType::I1, &[n], |ix| cmp(p, e, a.at(ix), c.at(ix)));
        results.push((want, Tol::Ulps(0)));
    }
    b.case(&k, vec![n as i64], vec![a, c], results)
}

/// `kernel.cast` from `e` to `to` over `n` elements.
fn cast_case(mut b: Builder, e: ElementType, to: ElementType, n: usize) -> Case {
    let mut k = Kernel::new(1);
    let nd = Dim::D(k.arg(0));
    let x = k.binding(0, e, vec![nd.clone()]);
    let out = k.binding(1, to, vec![nd.clone()]);
    let mut body = Body::new(&[e, to]);
    let a = body.arg(0);
    let r = body.cast(e, to, &a);
    k.generic(
        &[(&x, identity(1))],
        (&out, identity(1)),
        &[nd],
        0,
        &[],
        vector_width(&[e, to]),
        &body,
        &r,
    );
    let input = tensor(&mut b.rng, e, &[n], Dist::CastSource);
    let want = Tensor::from_fn(to, &[n], |ix| cast(e, to, input.at(ix)));
    b.case(&k, vec![n as i64], vec![input], vec![(want, Tol::Ulps(0))])
}

// ====================================================== maps and shapes

/// out[i, j] = a[i, j] + b[j] + c[i] + s: row, column and scalar
/// broadcasts, vectorizable (every operand contiguous or constant along
/// the inner dim).
fn broadcast_case(mut b: Builder, e: ElementType, shape: [usize; 2]) -> Case {
    let [r, c] = shape;
    let mut k = Kernel::new(0);
    let a = k.binding(0, e, dims(&[r, c]));
    let row = k.binding(1, e, dims(&[c]));
    let col = k.binding(2, e, dims(&[r]));
    let s = k.binding(3, e, vec![]);
    let out = k.binding(4, e, dims(&[r, c]));
    let mut body = Body::new(&[e, e, e, e, e]);
    let (x0, x1, x2, x3) = (body.arg(0), body.arg(1), body.arg(2), body.arg(3));
    let add = Bin::Add.op_name(e);
    let t = body.bin(add, e, &x0, &x1);
    let t = body.bin(add, e, &t, &x2);
    let t = body.bin(add, e, &t, &x3);
    k.generic(
        &[
            (&a, identity(2)),
            (&row, map(2, 0, "d1")),
            (&col, map(2, 0, "d0")),
            (&s, map(2, 0, "")),
        ],
        (&out, identity(2)),
        &dims(&[r, c]),
        0,
        &[],
        vector_width(&[e]),
        &body,
        &t,
    );
    let ins = vec![
        tensor(&mut b.rng, e, &[r, c], Dist::Small),
        tensor(&mut b.rng, e, &[c], Dist::Small),
        tensor(&mut b.rng, e, &[r], Dist::Small),
        tensor(&mut b.rng, e, &[], Dist::Small),
    ];
    let want = Tensor::from_fn(e, &[r, c], |ix| {
        let t = bin(Bin::Add, e, ins[0].at(ix), ins[1].at(&ix[1..]));
        let t = bin(Bin::Add, e, t, ins[2].at(&ix[..1]));
        bin(Bin::Add, e, t, ins[3].at(&[]))
    });
    b.case(&k, vec![], ins, vec![(want, Tol::Ulps(3))])
}

/// out[i, j] = a[j, i] * b[i, j]: a transposed read (no vector width).
fn transpose_case(mut b: Builder, e: ElementType, shape: [usize; 2]) -> Case {
    let [r, c] = shape;
    let mut k = Kernel::new(0);
    let a = k.binding(0, e, dims(&[c, r]));
    let y = k.binding(1, e, dims(&[r, c]));
    let out = k.binding(2, e, dims(&[r, c]));
    let mut body = Body::new(&[e, e, e]);
    let (x0, x1) = (body.arg(0), body.arg(1));
    let t = body.bin(Bin::Mul.op_name(e), e, &x0, &x1);
    k.generic(
        &[(&a, map(2, 0, "d1, d0")), (&y, identity(2))],
        (&out, identity(2)),
        &dims(&[r, c]),
        0,
        &[],
        None,
        &body,
        &t,
    );
    let ins = vec![
        tensor(&mut b.rng, e, &[c, r], Dist::Small),
        tensor(&mut b.rng, e, &[r, c], Dist::Small),
    ];
    let want = Tensor::from_fn(e, &[r, c], |ix| {
        bin(Bin::Mul, e, ins[0].at(&[ix[1], ix[0]]), ins[1].at(ix))
    });
    b.case(&k, vec![], ins, vec![(want, Tol::Ulps(1))])
}

/// out[p, q, r] = a[r, p, q] - b[p, r]: a 3-d permutation and a broadcast
/// along the middle dim.
fn permute3_case(mut b: Builder, e: ElementType, shape: [usize; 3]) -> Case {
    let [p, q, r] = shape;
    let mut k = Kernel::new(0);
    let a = k.binding(0, e, dims(&[r, p, q]));
    let y = k.binding(1, e, dims(&[p, r]));
    let out = k.binding(2, e, dims(&[p, q, r]));
    let mut body = Body::new(&[e, e, e]);
    let (x0, x1) = (body.arg(0), body.arg(1));
    let t = body.bin(Bin::Sub.op_name(e), e, &x0, &x1);
    k.generic(
        &[(&a, map(3, 0, "d2, d0, d1")), (&y, map(3, 0, "d0, d2"))],
        (&out, identity(3)),
        &dims(&[p, q, r]),
        0,
        &[],
        None,
        &body,
        &t,
    );
    let ins = vec![
        tensor(&mut b.rng, e, &[r, p, q], Dist::Arith),
        tensor(&mut b.rng, e, &[p, r], Dist::Arith),
    ];
    let want = Tensor::from_fn(e, &[p, q, r], |ix| {
        bin(
            Bin::Sub,
            e,
            ins[0].at(&[ix[2], ix[0], ix[1]]),
            ins[1].at(&[ix[0], ix[2]]),
        )
    });
    b.case(&k, vec![], ins, vec![(want, Tol::Ulps(1))])
}

/// Two stages over a dynamic `n`: out0[i] = a[2i + s + 1] (a stride, a
/// symbol and a constant in one map) and out1[i] = a[t - i] (reversed).
fn strided_case(mut b: Builder, e: ElementType, n: usize) -> Case {
    let mut k = Kernel::new(4);
    let (nn, m, s, t) = (k.arg(0), k.arg(1), k.arg(2), k.arg(3));
    let a = k.binding(0, e, vec![Dim::D(m)]);
    let o0 = k.binding(1, e, vec![Dim::D(nn.clone())]);
    let o1 = k.binding(2, e, vec![Dim::D(nn.clone())]);
    let body = Body::new(&[e, e]);
    k.generic(
        &[(&a, map(1, 1, "d0 * 2 + s0 + 1"))],
        (&o0, map(1, 1, "d0")),
        &[Dim::D(nn.clone())],
        0,
        &[s],
        None,
        &body,
        "%x0",
    );
    k.generic(
        &[(&a, map(1, 1, "s0 - d0"))],
        (&o1, map(1, 1, "d0")),
        &[Dim::D(nn)],
        0,
        &[t],
        None,
        &body,
        "%x0",
    );
    let len = 2 * n + 3;
    let (shift, top) = (1usize, n.max(1) - 1 + 2);
    let input = tensor(&mut b.rng, e, &[len], Dist::Arith);
    let w0 = Tensor::from_fn(e, &[n], |ix| input.at(&[2 * ix[0] + shift + 1]));
    let w1 = Tensor::from_fn(e, &[n], |ix| input.at(&[top - ix[0]]));
    b.case(
        &k,
        vec![n as i64, len as i64, shift as i64, top as i64],
        vec![input],
        vec![(w0, Tol::Ulps(0)), (w1, Tol::Ulps(0))],
    )
}

// ============================================================ reductions

/// The identity of a max reduction in type `e`: -inf, the type's minimum
/// (`i1`: true, which is -1).
fn max_identity(e: ElementType) -> V {
    if is_float(e) {
        V::F(f64::NEG_INFINITY)
    } else if e == ElementType::I1 {
        V::I(1)
    } else {
        V::I(model::int_range(e).0)
    }
}

/// A fill of `out` (over `domain`) with `v`: a generic without inputs.
fn fill(k: &mut Kernel, out: &Buf, domain: &[Dim], v: V) {
    let e = out.elem;
    let mut body = Body::new(&[e]);
    let c = body.constant(e, v);
    let n = domain.len();
    k.generic(
        &[],
        (out, identity(n)),
        domain,
        0,
        &[],
        vector_width(&[e]),
        &body,
        &c,
    );
}

/// Sums over `terms` (the model's per-step rounding) and their magnitudes.
fn sum(e: ElementType, init: V, terms: impl Iterator<Item = V>) -> (V, f64) {
    let mut acc = init;
    let mut mag = 0.0;
    for t in terms {
        acc = bin(Bin::Add, e, acc, t);
        mag += t.f().abs();
    }
    (acc, mag)
}

fn zero(e: ElementType) -> V {
    if is_float(e) {
        V::F(0.0)
    } else {
        V::I(0)
    }
}

/// out[i] = Σ_j a[i, j] (dynamic dims): a fill, then a generic with the
/// reduced dim last.
fn reduce_sum_case(mut b: Builder, e: ElementType, shape: [usize; 2]) -> Case {
    let [r, c] = shape;
    let mut k = Kernel::new(2);
    let (rd, cd) = (Dim::D(k.arg(0)), Dim::D(k.arg(1)));
    let a = k.binding(0, e, vec![rd.clone(), cd.clone()]);
    let out = k.binding(1, e, vec![rd.clone()]);
    fill(&mut k, &out, std::slice::from_ref(&rd), zero(e));
    let mut body = Body::new(&[e, e]);
    let (x, acc) = (body.arg(0), body.arg(1));
    let s = body.bin(Bin::Add.op_name(e), e, &acc, &x);
    k.generic(
        &[(&a, identity(2))],
        (&out, map(2, 0, "d0")),
        &[rd, cd],
        1,
        &[],
        None,
        &body,
        &s,
    );
    let input = tensor(&mut b.rng, e, &[r, c], Dist::Small);
    let mut mags = Vec::new();
    let want = Tensor::from_fn(e, &[r], |ix| {
        let (v, m) = sum(e, zero(e), (0..c).map(|j| input.at(&[ix[0], j])));
        mags.push(m);
        v
    });
    let tol = Tol::Sum {
        terms: c,
        mag: mags,
    };
    b.case(&k, vec![r as i64, c as i64], vec![input], vec![(want, tol)])
}

/// out[j] = max_i a[i, j]: the reduced dim read transposed, NaN and
/// infinities among the inputs.
fn reduce_max_case(mut b: Builder, e: ElementType, shape: [usize; 2]) -> Case {
    let [r, c] = shape;
    let mut k = Kernel::new(2);
    let (rd, cd) = (Dim::D(k.arg(0)), Dim::D(k.arg(1)));
    let a = k.binding(0, e, vec![rd.clone(), cd.clone()]);
    let out = k.binding(1, e, vec![cd.clone()]);
    fill(&mut k, &out, std::slice::from_ref(&cd), max_identity(e));
    let mut body = Body::new(&[e, e]);
    let (x, acc) = (body.arg(0), body.arg(1));
    let s = body.bin(Bin::Max.op_name(e), e, &acc, &x);
    k.generic(
        &[(&a, map(2, 0, "d1, d0"))],
        (&out, map(2, 0, "d0")),
        &[cd, rd],
        1,
        &[],
        None,
        &body,
        &s,
    );
    let input = tensor(&mut b.rng, e, &[r, c], Dist::Arith);
    let want = Tensor::from_fn(e, &[c], |ix| {
        (0..r).fold(max_identity(e), |acc, i| {
            bin(Bin::Max, e, acc, input.at(&[i, ix[0]]))
        })
    });
    b.case(
        &k,
        vec![r as i64, c as i64],
        vec![input],
        vec![(want, Tol::Ulps(0))],
    )
}

/// out[q] = Σ_{p, r} a[p, q, r]: two reduced dims, the first read out of
/// order.
fn reduce_3d_case(mut b: Builder, e: ElementType, shape: [usize; 3]) -> Case {
    let [p, q, r] = shape;
    let mut k = Kernel::new(3);
    let (pd, qd, rd) = (Dim::D(k.arg(0)), Dim::D(k.arg(1)), Dim::D(k.arg(2)));
    let a = k.binding(0, e, vec![pd.clone(), qd.clone(), rd.clone()]);
    let out = k.binding(1, e, vec![qd.clone()]);
    fill(&mut k, &out, std::slice::from_ref(&qd), zero(e));
    let mut body = Body::new(&[e, e]);
    let (x, acc) = (body.arg(0), body.arg(1));
    let s = body.bin(Bin::Add.op_name(e), e, &acc, &x);
    k.generic(
        &[(&a, map(3, 0, "d1, d0, d2"))],
        (&out, map(3, 0, "d0")),
        &[qd, pd, rd],
        2,
        &[],
        None,
        &body,
        &s,
    );
    let input = tensor(&mut b.rng, e, &[p, q, r], Dist::Small);
    let mut mags = Vec::new();
    let want = Tensor::from_fn(e, &[q], |ix| {
        let terms = (0..p).flat_map(|i| (0..r).map(move |j| (i, j)));
        let (v, m) = sum(e, zero(e), terms.map(|(i, j)| input.at(&[i, ix[0], j])));
        mags.push(m);
        v
    });
    let tol = Tol::Sum {
        terms: p * r,
        mag: mags,
    };
    b.case(
        &k,
        vec![p as i64, q as i64, r as i64],
        vec![input],
        vec![(want, tol)],
    )
}

// ================================================================ matmul

/// `kernel.matmul` of `[batch…, m, k] x [batch…, k, n]` (static shapes);
/// with `epilogue`, out = max(sum + bias[j], res[…, i, j]) (two epilogue
/// inputs: a broadcast and a full one); with `weights`, B is a
/// `kernel.constant` (a layer's weights, which a backend may pack once).
fn matmul_case(
    mut b: Builder,
    e: ElementType,
    batch: &[usize],
    mkn: [usize; 3],
    (epilogue, weights): (bool, bool),
) -> Case {
    let [m, kk, n] = mkn;
    let shape = |x: usize, y: usize| {
        let mut s = batch.to_vec();
        s.extend([x, y]);
        s
    };
    let (sa, sb, so) = (shape(m, kk), shape(kk, n), shape(m, n));
    let rank = so.len();
    let mut k = Kernel::new(0);
    let dist = if is_float(e) {
        Dist::Small
    } else {
        Dist::Arith
    };
    let mut ins = vec![
        tensor(&mut b.rng, e, &sa, dist),
        tensor(&mut b.rng, e, &sb, dist),
    ];
    let a = k.binding(0, e, dims(&sa));
    let y = if weights {
        k.constant(e, &sb, &ins[1].data)
    } else {
        k.binding(1, e, dims(&sb))
    };
    // Bindings after the operands.
    let next = if weights { 1 } else { 2 };
    let mut mags = Vec::new();
    let mut sums = Tensor::from_fn(e, &so, |ix| {
        let (i, j) = (ix[rank - 2], ix[rank - 1]);
        let at = |t: &Tensor, x: usize, z: usize| {
            let mut idx = ix[..rank - 2].to_vec();
            idx.extend([x, z]);
            t.at(&idx)
        };
        let mut acc = zero(e);
        let mut mag = 0.0;
        for p in 0..kk {
            let (u, v) = (at(&ins[0], i, p), at(&ins[1], p, j));
            acc = bin(Bin::Add, e, acc, bin(Bin::Mul, e, u, v));
            mag += (u.f() * v.f()).abs();
        }
        mags.push(mag);
        acc
    });
    let mut terms = kk;
    if epilogue {
        let bias = k.binding(next, e, dims(&[n]));
        let res = k.binding(next + 1, e, dims(&so));
        let out = k.binding(next + 2, e, dims(&so));
        let mut body = Body::new(&[e, e, e]);
        let (acc, bv, rv) = (body.arg(0), body.arg(1), body.arg(2));
        let s = body.bin(Bin::Add.op_name(e), e, &acc, &bv);
        let r = body.bin(Bin::Max.op_name(e), e, &s, &rv);
        let last = format!("d{}", rank - 1);
        let eins = [(&bias, map(rank, 0, &last)), (&res, identity(rank))];
        k.matmul(
            &a,
            &y,
            &out,
            Some(Epilogue {
                ins: &eins,
                body: &body,
                result: &r,
            }),
        );
        ins.push(tensor(&mut b.rng, e, &[n], dist));
        ins.push(tensor(&mut b.rng, e, &so, dist));
        let mut i = 0;
        let base = sums.data.clone();
        sums = Tensor::from_fn(e, &so, |ix| {
            let s = bin(Bin::Add, e, base[i], ins[2].at(&ix[rank - 1..]));
            mags[i] += ins[2].at(&ix[rank - 1..]).f().abs();
            i += 1;
            bin(Bin::Max, e, s, ins[3].at(ix))
        });
        terms += 1;
    } else {
        let out = k.binding(next, e, dims(&so));
        k.matmul(&a, &y, &out, None);
    }
    if weights {
        // B's values went into the kernel.
        ins.remove(1);
    }
    let tol = Tol::Sum { terms, mag: mags };
    b.case(&k, vec![], ins, vec![(sums, tol)])
}

// ================================================================ conv

/// A conv's geometry for [`conv_case`]: input `[n, c, d…]` (one or two
/// spatial dims), `m` filters of `k…`, strides, dilations, pads (begins
/// then ends), groups.
#[derive(Clone, Debug)]
pub struct ConvShape {
    /// The input's shape.
    pub x: Vec<usize>,
    /// Output channels.
    pub m: usize,
    /// The filter's spatial dims.
    pub k: Vec<usize>,
    /// One per spatial dim.
    pub strides: Vec<usize>,
    /// One per spatial dim.
    pub dilations: Vec<usize>,
    /// Begins, then ends.
    pub pads: Vec<usize>,
    /// Channel groups.
    pub groups: usize,
}

impl ConvShape {
    fn out(&self) -> Vec<usize> {
        let sp = self.x.len() - 2;
        let mut o = vec![self.x[0], self.m];
        o.extend((0..sp).map(|i| {
            let pads = (self.pads[i], self.pads[sp + i]);
            window_out(
                self.x[2 + i],
                self.k[i],
                self.strides[i],
                self.dilations[i],
                pads,
                false,
            )
        }));
        o
    }

    fn label(&self) -> String {
        format!(
            "{}.m{}k{}s{}d{}p{}g{}",
            label(&self.x),
            self.m,
            label(&self.k),
            label(&self.strides),
            label(&self.dilations),
            label(&self.pads),
            self.groups
        )
    }
}

/// `kernel.conv` (ONNX Conv's meaning, zero padding); with `epilogue`,
/// out = max(sum + bias[o], res[…]) as the matmul case's.
fn conv_case(mut b: Builder, e: ElementType, c: &ConvShape, epilogue: bool) -> Case {
    let sp = c.x.len() - 2;
    let cg = c.x[1] / c.groups;
    let mut ws = vec![c.m, cg];
    ws.extend(&c.k);
    let so = c.out();
    let rank = so.len();
    let mut k = Kernel::new(0);
    let x = k.binding(0, e, dims(&c.x));
    let w = k.binding(1, e, dims(&ws));
    let mut ins = vec![
        tensor(&mut b.rng, e, &c.x, Dist::Small),
        tensor(&mut b.rng, e, &ws, Dist::Small),
    ];
    let mut mags = Vec::new();
    let kpos: usize = c.k.iter().product();
    let mut sums = Tensor::from_fn(e, &so, |ix| {
        let (n, o) = (ix[0], ix[1]);
        let g = o / (c.m / c.groups);
        let mut acc = zero(e);
        let mut mag = 0.0;
        for ci in 0..cg {
            for kp in 0..kpos {
                // Kernel position `kp` as one index per spatial dim.
                let mut kidx = vec![0; sp];
                let mut r = kp;
                for d in (0..sp).rev() {
                    kidx[d] = r % c.k[d];
                    r /= c.k[d];
                }
                let mut xi = vec![n, g * cg + ci];
                let mut inside = true;
                for d in 0..sp {
                    let at = (ix[2 + d] * c.strides[d] + kidx[d] * c.dilations[d]) as isize
                        - c.pads[d] as isize;
                    inside &= at >= 0 && (at as usize) < c.x[2 + d];
                    xi.push(at.max(0) as usize);
                }
                if !inside {
                    continue;
                }
                let mut wi = vec![o, ci];
                wi.extend(&kidx);
                let (u, v) = (ins[0].at(&xi), ins[1].at(&wi));
                acc = bin(Bin::Add, e, acc, bin(Bin::Mul, e, u, v));
                mag += (u.f() * v.f()).abs();
            }
        }
        mags.push(mag);
        acc
    });
    let mut terms = cg * kpos;
    let attrs = format!(
        "dilations = array<i64: {}>, groups = {} : i64, pads = array<i64: {}>, strides = array<i64: {}>",
        join(&c.dilations),
        c.groups,
        join(&c.pads),
        join(&c.strides)
    );
    if epilogue {
        let bias = k.binding(2, e, dims(&[c.m]));
        let res = k.binding(3, e, dims(&so));
        let out = k.binding(4, e, dims(&so));
        let mut body = Body::new(&[e, e, e]);
        let (acc, bv, rv) = (body.arg(0), body.arg(1), body.arg(2));
        let s = body.bin(Bin::Add.op_name(e), e, &acc, &bv);
        let r = body.bin(Bin::Max.op_name(e), e, &s, &rv);
        let eins = [(&bias, map(rank, 0, "d1")), (&res, identity(rank))];
        k.conv(
            &x,
            &w,
            &out,
            &attrs,
            Some(Epilogue {
                ins: &eins,
                body: &body,
                result: &r,
            }),
        );
        ins.push(tensor(&mut b.rng, e, &[c.m], Dist::Small));
        ins.push(tensor(&mut b.rng, e, &so, Dist::Small));
        let mut i = 0;
        let base = sums.data.clone();
        sums = Tensor::from_fn(e, &so, |ix| {
            let s = bin(Bin::Add, e, base[i], ins[2].at(&ix[1..2]));
            mags[i] += ins[2].at(&ix[1..2]).f().abs();
            i += 1;
            bin(Bin::Max, e, s, ins[3].at(ix))
        });
        terms += 1;
    } else {
        let out = k.binding(2, e, dims(&so));
        k.conv(&x, &w, &out, &attrs, None);
    }
    let tol = Tol::Sum { terms, mag: mags };
    b.case(&k, vec![], ins, vec![(sums, tol)])
}

/// ONNX's output size of a window of `k` positions `dil` apart moving by
/// `s` over `d` elements padded by `pads` (rounded up with `ceil`, the last
/// window starting inside the input or its leading padding).
fn window_out(d: usize, k: usize, s: usize, dil: usize, pads: (usize, usize), ceil: bool) -> usize {
    let full = d + pads.0 + pads.1;
    let span = dil * (k - 1) + 1;
    assert!(full >= span, "a window that does not fit");
    let mut n = if ceil {
        (full - span).div_ceil(s) + 1
    } else {
        (full - span) / s + 1
    };
    if ceil && (n - 1) * s >= d + pads.0 {
        n -= 1;
    }
    n
}

/// A pool's geometry for [`pool_case`]: input `[n, c, d…]`, window `k…`,
/// strides, dilations, pads (begins then ends), ceil_mode.
#[derive(Clone, Debug)]
pub struct PoolShape {
    /// The input's shape.
    pub x: Vec<usize>,
    /// The window.
    pub k: Vec<usize>,
    /// One per spatial dim.
    pub strides: Vec<usize>,
    /// One per spatial dim.
    pub dilations: Vec<usize>,
    /// Begins, then ends.
    pub pads: Vec<usize>,
    /// Output sizes rounded up.
    pub ceil: bool,
}

impl PoolShape {
    fn out(&self) -> Vec<usize> {
        let sp = self.x.len() - 2;
        let mut o = self.x[..2].to_vec();
        o.extend((0..sp).map(|i| {
            let pads = (self.pads[i], self.pads[sp + i]);
            window_out(
                self.x[2 + i],
                self.k[i],
                self.strides[i],
                self.dilations[i],
                pads,
                self.ceil,
            )
        }));
        o
    }

    fn label(&self) -> String {
        format!(
            "{}.k{}s{}d{}p{}{}",
            label(&self.x),
            label(&self.k),
            label(&self.strides),
            label(&self.dilations),
            label(&self.pads),
            if self.ceil { "ceil" } else { "" }
        )
    }
}

/// `kernel.pool`: a max (skipping padding and NaN: `v > m`; inputs with
/// NaN and ±inf, compared exactly) or an average (`avg` =
/// `Some(count_include_pad)`).
fn pool_case(mut b: Builder, e: ElementType, p: &PoolShape, avg: Option<bool>) -> Case {
    let sp = p.x.len() - 2;
    let so = p.out();
    let mut k = Kernel::new(0);
    let x = k.binding(0, e, dims(&p.x));
    let out = k.binding(1, e, dims(&so));
    let dist = if avg.is_some() {
        Dist::Small
    } else {
        Dist::Arith
    };
    let ins = vec![tensor(&mut b.rng, e, &p.x, dist)];
    let kpos: usize = p.k.iter().product();
    let mut mags = Vec::new();
    let mut terms = 1;
    let want = Tensor::from_fn(e, &so, |ix| {
        let mut m: Option<V> = None;
        let (mut sum, mut mag, mut inside, mut padded) = (zero(e), 0.0, 0usize, 1usize);
        for d in 0..sp {
            padded *= (0..p.k[d])
                .filter(|&q| {
                    ix[2 + d] * p.strides[d] + q * p.dilations[d]
                        < p.pads[d] + p.x[2 + d] + p.pads[sp + d]
                })
                .count();
        }
        for kp in 0..kpos {
            let mut r = kp;
            let mut xi = vec![0; p.x.len()];
            xi[..2].copy_from_slice(&ix[..2]);
            let mut ok = true;
            for d in (0..sp).rev() {
                let q = r % p.k[d];
                r /= p.k[d];
                let at =
                    (ix[2 + d] * p.strides[d] + q * p.dilations[d]) as isize - p.pads[d] as isize;
                ok &= at >= 0 && (at as usize) < p.x[2 + d];
                xi[2 + d] = at.max(0) as usize;
            }
            if !ok {
                continue;
            }
            let v = ins[0].at(&xi);
            inside += 1;
            sum = bin(Bin::Add, e, sum, v);
            mag += v.f().abs();
            if m.is_none_or(|m| v.f() > m.f()) && !(m.is_none() && v.f().is_nan()) {
                m = Some(v);
            }
        }
        terms = terms.max(inside + 1);
        match avg {
            None => m.unwrap_or(V::F(f64::NEG_INFINITY)),
            Some(include_pad) => {
                let count = if include_pad { padded } else { inside };
                mags.push(mag / count.max(1) as f64);
                V::F(model::round(e, sum.f() / count as f64))
            }
        }
    });
    let attrs = format!(
        "ceil_mode = {} : i64, count_include_pad = {} : i64, dilations = array<i64: {}>, kernel_shape = array<i64: {}>, kind = \"{}\", pads = array<i64: {}>, strides = array<i64: {}>",
        u8::from(p.ceil),
        u8::from(avg == Some(true)),
        join(&p.dilations),
        join(&p.k),
        if avg.is_some() { "avg" } else { "max" },
        join(&p.pads),
        join(&p.strides)
    );
    k.pool(&x, &out, &attrs);
    let tol = match avg {
        None => Tol::Ulps(0),
        Some(_) => Tol::Sum { terms, mag: mags },
    };
    b.case(&k, vec![], ins, vec![(want, tol)])
}

/// The pool geometries of the suite: ResNet's 3×3 stride 2, a 2×2, ceil
/// mode past the end, dilation, windows over padding only, sizes 0, 1,
/// odd and past a vector, and 1-d.
pub fn pool_shapes() -> Vec<PoolShape> {
    let p2 =
        |x: [usize; 4], k: [usize; 2], s: [usize; 2], d: [usize; 2], pads: [usize; 4], ceil| {
            PoolShape {
                x: x.to_vec(),
                k: k.to_vec(),
                strides: s.to_vec(),
                dilations: d.to_vec(),
                pads: pads.to_vec(),
                ceil,
            }
        };
    vec![
        p2([1, 3, 17, 17], [3, 3], [2, 2], [1, 1], [1, 1, 1, 1], false),
        p2([2, 2, 8, 8], [2, 2], [2, 2], [1, 1], [0, 0, 0, 0], false),
        p2([1, 4, 13, 13], [3, 3], [2, 2], [1, 1], [0, 0, 0, 0], true),
        p2([1, 2, 9, 35], [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], false),
        p2([1, 2, 9, 9], [2, 3], [1, 2], [2, 2], [2, 1, 0, 2], true),
        p2([1, 1, 1, 1], [3, 3], [1, 1], [1, 1], [2, 2, 2, 2], false),
        p2([0, 2, 5, 5], [2, 2], [1, 1], [1, 1], [0, 0, 0, 0], false),
        p2([1, 3, 7, 7], [7, 7], [1, 1], [1, 1], [0, 0, 0, 0], false),
        PoolShape {
            x: vec![2, 3, 70],
            k: vec![3],
            strides: vec![2],
            dilations: vec![1],
            pads: vec![1, 1],
            ceil: true,
        },
    ]
}

fn join(v: &[usize]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The conv geometries of the suite: ONNX's example, empty dims, 1×1,
/// 3×3 past a vector and a tile, strided and asymmetric pads, the 3-channel
/// stem, dilation, groups, depthwise (multiplier 1 and 2), 1-d, a batch,
/// and a reduction past the micro-kernel's k block.
pub fn conv_shapes() -> Vec<ConvShape> {
    let c2 = |x: [usize; 4], m, k: [usize; 2], s: [usize; 2], d: [usize; 2], p: [usize; 4], g| {
        ConvShape {
            x: x.to_vec(),
            m,
            k: k.to_vec(),
            strides: s.to_vec(),
            dilations: d.to_vec(),
            pads: p.to_vec(),
            groups: g,
        }
    };
    let c1 = |x: [usize; 3], m, k, s, d, p: [usize; 2], g| ConvShape {
        x: x.to_vec(),
        m,
        k: vec![k],
        strides: vec![s],
        dilations: vec![d],
        pads: p.to_vec(),
        groups: g,
    };
    vec![
        c2([1, 1, 5, 5], 1, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 1),
        c2([0, 2, 5, 5], 3, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 1),
        c2([1, 2, 0, 5], 3, [1, 3], [1, 1], [1, 1], [1, 1, 0, 1], 1),
        c2([1, 3, 4, 4], 0, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 1),
        c2([1, 17, 9, 7], 33, [1, 1], [1, 1], [1, 1], [0, 0, 0, 0], 1),
        c2([1, 16, 13, 13], 20, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 1),
        c2([1, 8, 9, 9], 50, [3, 3], [2, 2], [1, 1], [1, 1, 0, 0], 1),
        c2([1, 3, 17, 17], 5, [7, 7], [2, 2], [1, 1], [3, 3, 3, 3], 1),
        c2([1, 4, 9, 9], 6, [3, 3], [1, 1], [2, 2], [2, 2, 2, 2], 1),
        c2([1, 6, 7, 7], 4, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 2),
        c2(
            [1, 16, 20, 20],
            16,
            [3, 3],
            [1, 1],
            [1, 1],
            [1, 1, 1, 1],
            16,
        ),
        c2(
            [1, 16, 21, 21],
            16,
            [3, 3],
            [2, 2],
            [1, 1],
            [1, 1, 1, 1],
            16,
        ),
        c2([1, 8, 11, 11], 16, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 8),
        c2([2, 5, 6, 70], 3, [2, 3], [1, 3], [1, 1], [0, 1, 1, 0], 1),
        c2([1, 64, 12, 12], 70, [3, 3], [1, 1], [1, 1], [1, 1, 1, 1], 1),
        c1([2, 5, 70], 7, 3, 1, 1, [1, 1], 1),
        c1([1, 4, 33], 4, 5, 2, 2, [2, 0], 4),
    ]
}

// ================================================================ gather

/// `kernel.gather` of `x` (type `e`) by indices of type `it` and shape
/// `ishape` along `axis`: negative indices count from the end, others out
/// of range are clamped.
fn gather_case(
    mut b: Builder,
    e: ElementType,
    xshape: &[usize],
    it: ElementType,
    ishape: &[usize],
    axis: usize,
) -> Case {
    let mut oshape = xshape[..axis].to_vec();
    oshape.extend_from_slice(ishape);
    oshape.extend_from_slice(&xshape[axis + 1..]);
    let mut k = Kernel::new(0);
    let x = k.binding(0, e, dims(xshape));
    let i = k.binding(1, it, dims(ishape));
    let out = k.binding(2, e, dims(&oshape));
    k.gather(&x, &i, &out, axis);
    let d = xshape[axis] as i64;
    let table = tensor(&mut b.rng, e, xshape, Dist::Arith);
    let idx = tensor(&mut b.rng, it, ishape, Dist::Indices(d));
    let want = Tensor::from_fn(e, &oshape, |ix| {
        let raw = idx.at(&ix[axis..axis + ishape.len()]).i();
        let row = if raw < 0 { raw.saturating_add(d) } else { raw };
        let row = row.clamp(0, d - 1) as usize;
        let mut at = ix[..axis].to_vec();
        at.push(row);
        at.extend_from_slice(&ix[axis + ishape.len()..]);
        table.at(&at)
    });
    b.case(&k, vec![], vec![table, idx], vec![(want, Tol::Ulps(0))])
}

// ============================================================= attention

/// The mask of an attention case ([`AttnShape`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AttnMask {
    /// No mask operand.
    None,
    /// The scores' shape `[B…, Sq, Sk]`, finite values.
    Full,
    /// A key padding mask `[B0, 1…, 1, Sk]` (broadcast over the other batch
    /// dims and the rows): finite values, then `-inf` for the last keys of
    /// each batch index `b0` (more for each), and, when `B0 > 1`, `-inf` for
    /// every key of the last one (its rows are fully masked).
    Padding,
    /// A causal mask `[1…, Sq, Sk]` (broadcast over the batch): finite
    /// values, `-inf` where `j > i`.
    Causal,
}

/// An attention's geometry for [`attention_case`]: query `[batch…, sq, d]`,
/// key `[batch…, sk, d]`, value `[batch…, sk, dv]`, its mask and scale.
#[derive(Clone, Debug)]
pub struct AttnShape {
    /// The batch dims (none, one or two).
    pub batch: Vec<usize>,
    /// Query rows.
    pub sq: usize,
    /// Key rows.
    pub sk: usize,
    /// Query and key columns.
    pub d: usize,
    /// Value columns.
    pub dv: usize,
    /// The scores' factor.
    pub scale: f32,
    /// The mask.
    pub mask: AttnMask,
    /// A NaN probability counts as 0.
    pub nan_to_zero: bool,
    /// `sq` and `sk` are dynamic dims (the dispatch's constants).
    pub dynamic: bool,
}

impl AttnShape {
    /// The scale a model would use: `1 / sqrt(d)` (1 for `d = 0`).
    fn default_scale(d: usize) -> f32 {
        if d == 0 {
            1.0
        } else {
            1.0 / (d as f32).sqrt()
        }
    }

    fn op(&self) -> String {
        let mut op = String::from("attention");
        op += match self.mask {
            AttnMask::None => "",
            AttnMask::Full => "_mask",
            AttnMask::Padding => "_pad_mask",
            AttnMask::Causal => "_causal_mask",
        };
        if self.nan_to_zero {
            op += "_nan_to_zero";
        }
        if self.dynamic {
            op += "_dynamic";
        }
        op
    }

    /// `batch…xSqxSkxDxDv`, then `.s<scale>` unless it is `1 / sqrt(D)`.
    fn label(&self) -> String {
        let mut all = self.batch.clone();
        all.extend([self.sq, self.sk, self.d, self.dv]);
        let mut l = label(&all);
        if self.scale != Self::default_scale(self.d) {
            l += &format!(".s{}", self.scale);
        }
        l
    }

    /// The mask's shape (the scores' rank).
    fn mask_shape(&self) -> Vec<usize> {
        let nb = self.batch.len();
        let mut s = match self.mask {
            AttnMask::None | AttnMask::Full => self.batch.clone(),
            AttnMask::Padding => (0..nb)
                .map(|i| if i == 0 { self.batch[0] } else { 1 })
                .collect(),
            AttnMask::Causal => vec![1; nb],
        };
        match self.mask {
            AttnMask::Padding => s.extend([1, self.sk]),
            _ => s.extend([self.sq, self.sk]),
        }
        s
    }
}

/// `kernel.attention`: `softmax(scale · q · kᵀ + mask) · v` against the
/// f64 model ([`model::attention`]). Inputs are `Dist::Small`; a fully
/// masked row is NaN (any NaN matches), or 0 with `nan_to_zero`; `Sk = 0`
/// gives 0. Tolerance: the model's error bound, twice (`Tol::Sum` of `Sk`
/// terms whose `mag` holds it), so f32 computed in f32 passes and a wrong
/// scale, mask, max or normalization fails.
fn attention_case(mut b: Builder, e: ElementType, a: &AttnShape) -> Case {
    let shape = |x: usize, y: usize| {
        let mut s = a.batch.clone();
        s.extend([x, y]);
        s
    };
    let (sq, sk, so) = (shape(a.sq, a.d), shape(a.sk, a.d), shape(a.sq, a.dv));
    let sv = shape(a.sk, a.dv);
    let sm = a.mask_shape();
    let nb = a.batch.len();
    let mut k = Kernel::new(if a.dynamic { 2 } else { 0 });
    // Dims with Sq and Sk dynamic where the case says so: the last two dims
    // of a buffer, `rows` being Sq's or Sk's (or 1) and `cols` Sk's or not.
    let kdims = |k: &Kernel, s: &[usize], rows: Option<usize>, cols: bool| -> Vec<Dim> {
        let mut ds = dims(s);
        if a.dynamic {
            let r = s.len() - 2;
            if let Some(arg) = rows {
                ds[r] = Dim::D(k.arg(arg));
            }
            if cols {
                ds[r + 1] = Dim::D(k.arg(1));
            }
        }
        ds
    };
    let qb = k.binding(0, e, kdims(&k, &sq, Some(0), false));
    let kb = k.binding(1, e, kdims(&k, &sk, Some(1), false));
    let vb = k.binding(2, e, kdims(&k, &sv, Some(1), false));
    let mb = match a.mask {
        AttnMask::None => None,
        AttnMask::Padding => Some(k.binding(3, e, kdims(&k, &sm, None, true))),
        _ => Some(k.binding(3, e, kdims(&k, &sm, Some(0), true))),
    };
    let next = if mb.is_some() { 4 } else { 3 };
    let out = k.binding(next, e, kdims(&k, &so, Some(0), false));
    k.attention(&qb, &kb, &vb, mb.as_ref(), &out, a.scale, a.nan_to_zero);
    let mut ins = vec![
        tensor(&mut b.rng, e, &sq, Dist::Small),
        tensor(&mut b.rng, e, &sk, Dist::Small),
        tensor(&mut b.rng, e, &sv, Dist::Small),
    ];
    if a.mask != AttnMask::None {
        let mut m = tensor(&mut b.rng, e, &sm, Dist::Small);
        let ninf = V::F(f64::NEG_INFINITY);
        let rank = sm.len();
        let n = m.data.len();
        let mut ix = vec![0usize; rank];
        for flat in 0..n {
            // `ix`: the row-major index of `flat`.
            let mut r = flat;
            for dim in (0..rank).rev() {
                ix[dim] = r % sm[dim];
                r /= sm[dim];
            }
            let (i, j) = (ix[rank - 2], ix[rank - 1]);
            let masked = match a.mask {
                AttnMask::None | AttnMask::Full => false,
                AttnMask::Causal => j > i,
                AttnMask::Padding => {
                    let (b0, n0) = if nb == 0 { (0, 1) } else { (ix[0], sm[0]) };
                    let hidden = if n0 > 1 && b0 == n0 - 1 {
                        a.sk
                    } else {
                        (a.sk * (b0 + 1) / 4).min(a.sk)
                    };
                    j >= a.sk - hidden
                }
            };
            if masked {
                m.data[flat] = ninf;
            }
        }
        ins.push(m);
    }
    let r = model::attention(
        &ins[0],
        &ins[1],
        &ins[2],
        ins.get(3),
        a.scale as f64,
        a.nan_to_zero,
    );
    let mag = r.err.iter().map(|x| 2.0 * x / (a.sk + 2) as f64).collect();
    let tol = Tol::Sum { terms: a.sk, mag };
    let constants = if a.dynamic {
        vec![a.sq as i64, a.sk as i64]
    } else {
        vec![]
    };
    b.case(&k, constants, ins, vec![(r.out, tol)])
}

/// The attention geometries of the suite: 0 and 1 in each of batch, Sq, Sk,
/// D, Dv; batch ranks 0, 1 and 2; odd sizes; past a vector (17, 33) and
/// past a GEMM tile and row block (Sq 70, Sk 50, D 65, Dv 49); BERT's
/// `[1, 8, 128, 128, 64, 64]`; one query row over 129 keys; no mask, a full
/// one, a padding mask with a fully masked batch (with and without
/// `nan_to_zero`), a causal one; scales `1 / sqrt(D)`, 1, 0.5, 2, 4 (scores
/// far past exp's range) and -0.75; Sq and Sk dynamic.
pub fn attention_shapes() -> Vec<AttnShape> {
    use AttnMask::{Causal, Full, None as No, Padding};
    let s = |batch: &[usize], [sq, sk, d, dv]: [usize; 4], mask: AttnMask, ntz: bool| AttnShape {
        batch: batch.to_vec(),
        sq,
        sk,
        d,
        dv,
        scale: AttnShape::default_scale(d),
        mask,
        nan_to_zero: ntz,
        dynamic: false,
    };
    let scaled = |mut a: AttnShape, scale: f32| {
        a.scale = scale;
        a
    };
    let dynamic = |mut a: AttnShape| {
        a.dynamic = true;
        a
    };
    vec![
        // Ones and zeros.
        scaled(s(&[1], [1, 1, 1, 1], No, false), 1.0),
        s(&[], [1, 1, 1, 1], No, false),
        s(&[0], [3, 5, 4, 2], No, false),
        s(&[0, 2], [3, 5, 4, 2], Full, false),
        s(&[2], [0, 5, 4, 3], No, false),
        s(&[2], [3, 0, 4, 3], No, false),
        s(&[2], [3, 0, 4, 3], Padding, true),
        s(&[2], [3, 5, 0, 3], No, false),
        s(&[2], [3, 5, 0, 3], Full, false),
        s(&[2], [3, 5, 4, 0], No, false),
        s(&[3], [17, 1, 8, 8], No, false),
        s(&[3], [17, 1, 8, 8], Padding, false),
        // Batch rank 0, odd sizes, scales.
        s(&[], [5, 7, 3, 2], Causal, false),
        scaled(s(&[3], [5, 7, 3, 9], No, false), 0.5),
        scaled(s(&[3], [5, 7, 3, 9], Full, false), -0.75),
        scaled(s(&[2, 3], [3, 4, 5, 3], Causal, false), 2.0),
        // Past a vector.
        s(&[2], [17, 33, 17, 33], No, false),
        s(&[2, 3], [17, 33, 33, 17], Full, false),
        // Scores up to ±1000: exp overflows unless the max is subtracted.
        scaled(s(&[2], [17, 33, 65, 33], No, false), 4.0),
        s(&[3], [33, 17, 65, 33], Padding, false),
        s(&[3], [33, 17, 65, 33], Padding, true),
        // Past a GEMM tile and a row block.
        s(&[1], [70, 50, 65, 49], No, false),
        s(&[2], [70, 50, 65, 49], Causal, false),
        s(&[2, 4], [70, 50, 65, 49], Padding, false),
        s(&[2, 4], [70, 50, 65, 49], Padding, true),
        s(&[2, 4], [70, 50, 65, 49], Full, false),
        // BERT-base's self-attention, one query over many keys.
        s(&[1, 8], [128, 128, 64, 64], No, false),
        s(&[1, 8], [128, 128, 64, 64], Padding, false),
        s(&[2, 4], [1, 129, 64, 64], Padding, true),
        // Sq and Sk from the dispatch.
        dynamic(s(&[2], [17, 33, 8, 8], Full, false)),
        dynamic(s(&[2], [3, 0, 8, 8], Padding, true)),
        dynamic(s(&[2, 2], [70, 50, 16, 16], Causal, false)),
    ]
}

// =============================================================== buffers

/// Two stages through a `kernel.alloc` scratch buffer: t = a + b, then
/// out = t * a.
fn alloc_case(mut b: Builder, e: ElementType, n: usize) -> Case {
    let mut k = Kernel::new(1);
    let nd = Dim::D(k.arg(0));
    let x = k.binding(0, e, vec![nd.clone()]);
    let y = k.binding(1, e, vec![nd.clone()]);
    let out = k.binding(2, e, vec![nd.clone()]);
    let t = k.alloc(e, vec![nd.clone()]);
    let vw = vector_width(&[e]);
    let mut body = Body::new(&[e, e, e]);
    let (u, v) = (body.arg(0), body.arg(1));
    let s = body.bin(Bin::Add.op_name(e), e, &u, &v);
    k.generic(
        &[(&x, identity(1)), (&y, identity(1))],
        (&t, identity(1)),
        std::slice::from_ref(&nd),
        0,
        &[],
        vw,
        &body,
        &s,
    );
    let mut body = Body::new(&[e, e, e]);
    let (u, v) = (body.arg(0), body.arg(1));
    let p = body.bin(Bin::Mul.op_name(e), e, &u, &v);
    k.generic(
        &[(&t, identity(1)), (&x, identity(1))],
        (&out, identity(1)),
        &[nd],
        0,
        &[],
        vw,
        &body,
        &p,
    );
    let ins = vec![
        tensor(&mut b.rng, e, &[n], Dist::Small),
        tensor(&mut b.rng, e, &[n], Dist::Small),
    ];
    let want = Tensor::from_fn(e, &[n], |ix| {
        let s = bin(Bin::Add, e, ins[0].at(ix), ins[1].at(ix));
        bin(Bin::Mul, e, s, ins[0].at(ix))
    });
    b.case(&k, vec![n as i64], ins, vec![(want, Tol::Ulps(2))])
}

/// out[i, j] = a[i, j] + k[j] + s + z[j]: `kernel.constant`s, a dense row,
/// a rank-0 splat and a rank-1 splat.
fn constant_case(mut b: Builder, e: ElementType, rows: usize) -> Case {
    const C: usize = 5;
    let row: Vec<V> = if is_float(e) {
        [0.5, -1.25, 2.0, -3.5, 0.0].map(V::F).to_vec()
    } else if e == ElementType::I1 {
        [1, 0, 1, 1, 0].map(V::I).to_vec()
    } else {
        [1, -2, 3, 100, -100].map(V::I).to_vec()
    };
    let (s, z) = if is_float(e) {
        (V::F(1.5), V::F(-0.25))
    } else {
        (V::I(1), V::I(if e == ElementType::I1 { 0 } else { -7 }))
    };
    let mut k = Kernel::new(0);
    let a = k.binding(0, e, dims(&[rows, C]));
    let out = k.binding(1, e, dims(&[rows, C]));
    let kr = k.constant(e, &[C], &row);
    let ks = k.constant(e, &[], &[s]);
    let kz = k.constant(e, &[C], &[z]);
    let mut body = Body::new(&[e, e, e, e, e]);
    let add = Bin::Add.op_name(e);
    let (x0, x1, x2, x3) = (body.arg(0), body.arg(1), body.arg(2), body.arg(3));
    let t = body.bin(add, e, &x0, &x1);
    let t = body.bin(add, e, &t, &x2);
    let t = body.bin(add, e, &t, &x3);
    k.generic(
        &[
            (&a, identity(2)),
            (&kr, map(2, 0, "d1")),
            (&ks, map(2, 0, "")),
            (&kz, map(2, 0, "d1")),
        ],
        (&out, identity(2)),
        &dims(&[rows, C]),
        0,
        &[],
        vector_width(&[e]),
        &body,
        &t,
    );
    let input = tensor(&mut b.rng, e, &[rows, C], Dist::Small);
    let want = Tensor::from_fn(e, &[rows, C], |ix| {
        let t = bin(Bin::Add, e, input.at(ix), row[ix[1]]);
        let t = bin(Bin::Add, e, t, s);
        bin(Bin::Add, e, t, z)
    });
    b.case(&k, vec![], vec![input], vec![(want, Tol::Ulps(3))])
}

/// `kernel.reshape` of an input `[n]` to `[r, c]` and of the result `[n]`
/// to `[c, r]`, a transposed copy between them; `kernel.assert` that
/// `r * c == n`.
fn reshape_kernel(e: ElementType) -> Kernel {
    let mut k = Kernel::new(3);
    let (r, c, n) = (k.arg(0), k.arg(1), k.arg(2));
    let a = k.binding(0, e, vec![Dim::D(n.clone())]);
    let out = k.binding(1, e, vec![Dim::D(n.clone())]);
    let rc = k.op(&format!("arith.muli {r}, {c} : index"));
    k.assert_eq(&rc, &n, "reshape: r * c must equal n");
    let v = k.reshape(&a, vec![Dim::D(r.clone()), Dim::D(c.clone())]);
    let ov = k.reshape(&out, vec![Dim::D(c.clone()), Dim::D(r.clone())]);
    let body = Body::new(&[e, e]);
    k.generic(
        &[(&v, map(2, 0, "d1, d0"))],
        (&ov, identity(2)),
        &[Dim::D(c), Dim::D(r)],
        0,
        &[],
        None,
        &body,
        "%x0",
    );
    k
}

fn reshape_case(mut b: Builder, e: ElementType, shape: [usize; 2]) -> Case {
    let [r, c] = shape;
    let k = reshape_kernel(e);
    let n = r * c;
    let input = tensor(&mut b.rng, e, &[n], Dist::Arith);
    // The result viewed as [c, r] holds a viewed as [r, c], transposed.
    let want = Tensor::from_fn(e, &[n], |ix| {
        let (j, i) = (ix[0] / r.max(1), ix[0] % r.max(1));
        input.at(&[i * c + j])
    });
    b.case(
        &k,
        vec![r as i64, c as i64, n as i64],
        vec![input],
        vec![(want, Tol::Ulps(0))],
    )
}

/// A bad dispatch every driver must refuse with an error, not run: a
/// failing `kernel.assert` (r * c = 15, n = 14).
fn assert_fails_case(mut b: Builder, e: ElementType) -> Case {
    let k = reshape_kernel(e);
    let input = tensor(&mut b.rng, e, &[14], Dist::Small);
    b.finish(
        &k,
        vec![3, 5, 14],
        vec![input],
        vec![(e, vec![14])],
        Expect::Error("reshape: r * c must equal n".into()),
    )
}

/// A bad dispatch every driver must refuse with an error naming the
/// kernel, not run: a stage whose domain (5) reaches past its input (3).
fn out_of_bounds_case(mut b: Builder, e: ElementType) -> Case {
    let mut k = Kernel::new(2);
    let (n, m) = (Dim::D(k.arg(0)), Dim::D(k.arg(1)));
    let a = k.binding(0, e, vec![n]);
    let o = k.binding(1, e, vec![m.clone()]);
    let body = Body::new(&[e, e]);
    k.generic(
        &[(&a, identity(1))],
        (&o, identity(1)),
        &[m],
        0,
        &[],
        None,
        &body,
        "%x0",
    );
    let input = tensor(&mut b.rng, e, &[3], Dist::Small);
    b.finish(
        &k,
        vec![3, 5],
        vec![input],
        vec![(e, vec![5])],
        Expect::Error("@k".into()),
    )
}

/// A bad kernel every driver must refuse with an error naming the kernel:
/// a stage writing into a `kernel.constant`.
fn writes_constant_case(mut b: Builder, e: ElementType) -> Case {
    let mut k = Kernel::new(0);
    let a = k.binding(0, e, dims(&[3]));
    let o = k.binding(1, e, dims(&[3]));
    let c = k.constant(e, &[3], &[V::F(1.0), V::F(2.0), V::F(3.0)]);
    let body = Body::new(&[e, e]);
    k.generic(
        &[(&a, identity(1))],
        (&c, identity(1)),
        &dims(&[3]),
        0,
        &[],
        None,
        &body,
        "%x0",
    );
    k.generic(
        &[(&c, identity(1))],
        (&o, identity(1)),
        &dims(&[3]),
        0,
        &[],
        None,
        &body,
        "%x0",
    );
    let input = tensor(&mut b.rng, e, &[3], Dist::Small);
    b.finish(
        &k,
        vec![],
        vec![input],
        vec![(e, vec![3])],
        Expect::Error("@k".into()),
    )
}

/// A case not built yet: its name, and how to build it (its inputs and
/// the model's results are computed on first use, so listing and filtering
/// the suite is cheap).
pub struct Lazy {
    op: String,
    elem: ElementType,
    size: String,
    make: Box<dyn Fn(Builder) -> Case + Send + Sync>,
    case: OnceLock<Case>,
}

impl Lazy {
    fn new(
        op: &str,
        elem: ElementType,
        size: String,
        make: impl Fn(Builder) -> Case + Send + Sync + 'static,
    ) -> Lazy {
        Lazy {
            op: op.into(),
            elem,
            size,
            make: Box::new(make),
            case: OnceLock::new(),
        }
    }
    /// `op/type/size`, as [`Case::name`].
    pub fn name(&self) -> String {
        format!("{}/{}/{}", self.op, name(self.elem), self.size)
    }
    /// The case, built on first use.
    pub fn get(&self) -> &Case {
        self.case
            .get_or_init(|| (self.make)(Builder::new(&self.op, self.elem, self.size.clone())))
    }
}

fn matmul_op(batch: &[usize], epilogue: bool, weights: bool) -> String {
    let mut op = String::from("matmul");
    if !batch.is_empty() {
        op += "_batched";
    }
    if epilogue {
        op += "_epilogue";
    }
    if weights {
        op += "_weights";
    }
    op
}

/// Every case of the suite, in a fixed order.
pub fn all() -> Vec<Lazy> {
    let mut out = Vec::new();
    let n_label = |n: usize| n.to_string();
    for e in TYPES {
        let ops: Vec<String> = elementwise_ops(e).iter().map(|x| x.op.clone()).collect();
        let elementwise = |op: &str, n: usize| {
            let op = op.to_string();
            Lazy::new(&format!("generic_{op}"), e, n_label(n), move |b| {
                let ops = elementwise_ops(e);
                let ew = ops.iter().find(|x| x.op == op).expect("an elementwise op");
                elementwise_case(b, ew, n)
            })
        };
        for op in &ops {
            for n in SIZES {
                out.push(elementwise(op, n));
            }
        }
        for n in SIZES {
            out.push(Lazy::new("generic_cmp", e, n_label(n), move |b| {
                compare_case(b, e, n)
            }));
        }
        for to in TYPES {
            if to != e {
                for n in [3, 128] {
                    let op = format!("cast_to_{}", name(to));
                    out.push(Lazy::new(&op, e, n_label(n), move |b| {
                        cast_case(b, e, to, n)
                    }));
                }
            }
        }
        for s in [[0, 5], [3, 0], [1, 1], [3, 5], [17, 33], [4, 128], [2, 129]] {
            out.push(Lazy::new("generic_broadcast", e, label(&s), move |b| {
                broadcast_case(b, e, s)
            }));
        }
        for s in [[0, 5], [1, 1], [3, 5], [17, 33], [2, 129]] {
            out.push(Lazy::new("generic_transpose", e, label(&s), move |b| {
                transpose_case(b, e, s)
            }));
        }
        for s in [[1, 1, 1], [2, 3, 65], [3, 0, 2], [4, 5, 17]] {
            out.push(Lazy::new("generic_3d", e, label(&s), move |b| {
                permute3_case(b, e, s)
            }));
        }
        for n in [0, 1, 3, 17, 65, 129] {
            out.push(Lazy::new("generic_strided", e, n_label(n), move |b| {
                strided_case(b, e, n)
            }));
        }
        let mut sums: Vec<[usize; 2]> = SIZES.iter().map(|&c| [3, c]).collect();
        sums.push([0, 5]);
        // Work split over threads and workgroups.
        sums.push([2, LARGE / 2]);
        for s in sums {
            out.push(Lazy::new("reduce_sum", e, label(&s), move |b| {
                reduce_sum_case(b, e, s)
            }));
        }
        for r in [0, 1, 3, 17, 65, 129] {
            out.push(Lazy::new("reduce_max", e, label(&[r, 5]), move |b| {
                reduce_max_case(b, e, [r, 5])
            }));
        }
        for s in [[3, 5, 7], [2, 1, 65], [1, 0, 3], [4, 3, 0], [2, 17, 33]] {
            out.push(Lazy::new("reduce_3d", e, label(&s), move |b| {
                reduce_3d_case(b, e, s)
            }));
        }
        let plain = [
            [1, 1, 1],
            [0, 3, 5],
            [3, 0, 5],
            [3, 5, 0],
            [3, 5, 7],
            [17, 33, 9],
            [16, 16, 16],
            [33, 17, 65],
            [65, 3, 129],
        ];
        let with_epilogue = [
            [1, 1, 1],
            [0, 3, 5],
            [3, 0, 5],
            [3, 5, 7],
            [17, 33, 9],
            [65, 3, 129],
            [67, 129, 65],
            // One row, enough work to split: its columns go to the threads.
            [1, 300, 257],
        ];
        let batched = [
            (2, [3, 5, 7]),
            (1, [1, 1, 1]),
            (3, [0, 2, 2]),
            (2, [17, 9, 33]),
            (2, [1, 300, 129]),
        ];
        let mut mms: Vec<(Vec<usize>, [usize; 3], bool, bool)> = Vec::new();
        mms.extend(plain.iter().map(|&s| (vec![], s, false, false)));
        mms.extend(with_epilogue.iter().map(|&s| (vec![], s, true, false)));
        mms.extend(batched.iter().map(|&(bt, s)| (vec![bt], s, false, false)));
        mms.push((vec![2], [3, 4, 5], true, false));
        mms.push((vec![], [1, 300, 257], false, false));
        mms.push((vec![3], [1, 300, 130], true, false));
        // B a constant: past a panel, a k block and a row block, one row
        // split by columns, batched, with an epilogue.
        for (batch, mkn, epi) in [
            (vec![], [1, 1, 1], false),
            (vec![], [0, 3, 5], false),
            (vec![], [3, 0, 5], false),
            (vec![], [17, 33, 9], false),
            (vec![], [67, 197, 97], false),
            (vec![], [150, 40, 49], true),
            (vec![], [1, 300, 257], true),
            (vec![], [2, 300, 257], false),
            (vec![2], [17, 9, 33], false),
            (vec![3], [1, 300, 130], true),
        ] {
            mms.push((batch, mkn, epi, true));
        }
        for (batch, mkn, epi, weights) in mms {
            let mut full = batch.clone();
            full.extend(mkn);
            out.push(Lazy::new(
                &matmul_op(&batch, epi, weights),
                e,
                label(&full),
                move |b| matmul_case(b, e, &batch, mkn, (epi, weights)),
            ));
        }
        if is_float(e) {
            for shape in pool_shapes() {
                for avg in [None, Some(false), Some(true)] {
                    let c = shape.clone();
                    let op = match avg {
                        None => "pool_max",
                        Some(false) => "pool_avg",
                        Some(true) => "pool_avg_pad",
                    };
                    out.push(Lazy::new(op, e, shape.label(), move |b| {
                        pool_case(b, e, &c, avg)
                    }));
                }
            }
            for shape in conv_shapes() {
                for epi in [false, true] {
                    let c = shape.clone();
                    let op = if epi { "conv_epilogue" } else { "conv" };
                    out.push(Lazy::new(op, e, shape.label(), move |b| {
                        conv_case(b, e, &c, epi)
                    }));
                }
            }
            for shape in attention_shapes() {
                let (op, size) = (shape.op(), shape.label());
                out.push(Lazy::new(&op, e, size, move |b| {
                    attention_case(b, e, &shape)
                }));
            }
        }
        let (i32t, i64t) = (ElementType::I32, ElementType::I64);
        let mut gathers: Vec<(Vec<usize>, ElementType, Vec<usize>, usize)> = [0, 1, 3, 17, 65]
            .iter()
            .map(|&k| (vec![7, 5], i64t, vec![k], 0))
            .collect();
        gathers.extend([
            (vec![33], i64t, vec![], 0),
            (vec![3, 0], i64t, vec![2], 0),
            (vec![3, 13, 4], i32t, vec![2, 3], 1),
            (vec![2, 129], i32t, vec![5], 1),
            (vec![0, 5], i32t, vec![3], 1),
            (vec![2, 3, 17], i64t, vec![4], 2),
            (vec![7, 5], i64t, vec![LARGE / 3], 0),
        ]);
        for (x, it, i, axis) in gathers {
            let size = format!("{}.{}{}", label(&x), label(&i), name(it));
            out.push(Lazy::new(
                &format!("gather_axis{axis}"),
                e,
                size,
                move |b| gather_case(b, e, &x, it, &i, axis),
            ));
        }
        for n in SIZES {
            out.push(Lazy::new("alloc", e, n_label(n), move |b| {
                alloc_case(b, e, n)
            }));
        }
        for op in ["add", "select", "exp"] {
            if ops.iter().any(|o| o == op) {
                out.push(elementwise(op, LARGE));
            }
        }
        for r in [0, 1, 3, 17, 65] {
            out.push(Lazy::new("constant", e, label(&[r, 5]), move |b| {
                constant_case(b, e, r)
            }));
        }
        for s in [[0, 3], [1, 1], [3, 5], [17, 33], [2, 65]] {
            out.push(Lazy::new("reshape", e, label(&s), move |b| {
                reshape_case(b, e, s)
            }));
        }
    }
    let f32t = ElementType::F32;
    out.push(Lazy::new("assert_fails", f32t, "3x5".into(), move |b| {
        assert_fails_case(b, f32t)
    }));
    out.push(Lazy::new(
        "out_of_bounds_fails",
        f32t,
        "3".into(),
        move |b| out_of_bounds_case(b, f32t),
    ));
    out.push(Lazy::new(
        "writes_constant_fails",
        f32t,
        "3".into(),
        move |b| writes_constant_case(b, f32t),
    ));
    out
}
