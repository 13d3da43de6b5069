//! The model the suite's expected results come from: plain Rust loops over
//! host values, numpy in spirit, written from the kernel dialect's
//! documented semantics (docs/architecture.md §8, `runtime/plan`'s
//! `BodyOp` and `GatherPlan` docs), never by running a driver.
//!
//! Values: a float is an `f64` holding a value of its element type (every
//! op rounds its result to the type: f16 and bf16 through f32); an integer
//! is an `i64`, sign-extended from its width, except `i1`, held as its byte
//! (0 or 1) and read as signed (true is -1) where a sign matters (max, min,
//! compare, arithmetic), as MLIR's signless `i1` is.

use xir_runtime_hal::{ElementType, FloatType, HostTensor};

/// Every element type a kernel buffer may hold, in the order of the suite's
/// case names.
pub const TYPES: [ElementType; 9] = [
    ElementType::I1,
    ElementType::I8,
    ElementType::I16,
    ElementType::I32,
    ElementType::I64,
    ElementType::F16,
    ElementType::BF16,
    ElementType::F32,
    ElementType::F64,
];

/// One element of the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum V {
    /// A float, already rounded to its element type.
    F(f64),
    /// An integer: sign-extended, or 0/1 for `i1`.
    I(i64),
}

impl V {
    /// The float value (an integer converted).
    pub fn f(self) -> f64 {
        match self {
            V::F(x) => x,
            V::I(i) => i as f64,
        }
    }
    /// The integer value (0 for a float).
    pub fn i(self) -> i64 {
        match self {
            V::I(i) => i,
            V::F(_) => 0,
        }
    }
}

/// A tensor of the model: element type, shape, row-major values.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// Its element type.
    pub elem: ElementType,
    /// Its dims, outermost first.
    pub shape: Vec<usize>,
    /// Its values, row-major.
    pub data: Vec<V>,
}

impl Tensor {
    /// A tensor of `shape` whose element at each row-major index is `f(index)`.
    pub fn from_fn(elem: ElementType, shape: &[usize], f: impl FnMut(&[usize]) -> V) -> Tensor {
        let mut f = f;
        let n: usize = shape.iter().product();
        let mut data = Vec::with_capacity(n);
        let mut index = vec![0usize; shape.len()];
        for _ in 0..n {
            data.push(f(&index));
            for d in (0..shape.len()).rev() {
                index[d] += 1;
                if index[d] < shape[d] {
                    break;
                }
                index[d] = 0;
            }
        }
        Tensor {
            elem,
            shape: shape.to_vec(),
            data,
        }
    }

    /// The element at `index`.
    pub fn at(&self, index: &[usize]) -> V {
        let mut flat = 0;
        for (i, d) in index.iter().zip(&self.shape) {
            debug_assert!(i < d);
            flat = flat * d + i;
        }
        self.data[flat]
    }

    /// The tensor as the runtime stores it.
    pub fn to_host(&self) -> HostTensor {
        let mut bytes = Vec::with_capacity(self.data.len() * self.elem.byte_size());
        for &v in &self.data {
            encode(self.elem, v, &mut bytes);
        }
        HostTensor::new(self.elem, self.shape.clone(), bytes).expect("a model tensor's bytes")
    }

    /// A host tensor's values (its element type and shape kept).
    pub fn from_host(t: &HostTensor) -> Tensor {
        let s = t.element.byte_size();
        Tensor {
            elem: t.element,
            shape: t.shape.clone(),
            data: t
                .data
                .chunks_exact(s)
                .map(|b| decode(t.element, b))
                .collect(),
        }
    }
}

/// The type's name as the IR spells it (`f32`, `i1`, `bf16`).
pub fn name(e: ElementType) -> String {
    e.to_string()
}

/// Bits of one element as computed (1 for `i1`).
pub fn bits(e: ElementType) -> u32 {
    if e == ElementType::I1 {
        1
    } else {
        e.byte_size() as u32 * 8
    }
}

/// Whether `e` is a float type.
pub fn is_float(e: ElementType) -> bool {
    e.is_float()
}

/// `x` rounded to float type `e` (f16 and bf16 through f32, as the kernel
/// dialect's semantics state).
pub fn round(e: ElementType, x: f64) -> f64 {
    match e {
        ElementType::Float(FloatType::F32) => x as f32 as f64,
        ElementType::Float(FloatType::F16) => half::f16::from_f32(x as f32).to_f64(),
        ElementType::Float(FloatType::BF16) => half::bf16::from_f32(x as f32).to_f64(),
        _ => x,
    }
}

/// `x` wrapped to integer type `e`'s width (two's complement).
pub fn wrap(e: ElementType, x: i128) -> i64 {
    match bits(e) {
        1 => (x & 1) as i64,
        8 => x as i8 as i64,
        16 => x as i16 as i64,
        32 => x as i32 as i64,
        _ => x as i64,
    }
}

/// The signed value of integer `v` of type `e` (`i1` true is -1).
pub fn signed(e: ElementType, v: i64) -> i64 {
    if e == ElementType::I1 {
        -(v & 1)
    } else {
        v
    }
}

/// The smallest and largest value of integer type `e` (signed).
pub fn int_range(e: ElementType) -> (i64, i64) {
    match bits(e) {
        1 => (-1, 0),
        64 => (i64::MIN, i64::MAX),
        b => (-(1i64 << (b - 1)), (1i64 << (b - 1)) - 1),
    }
}

/// Appends `v`'s little-endian bytes as type `e`.
pub fn encode(e: ElementType, v: V, out: &mut Vec<u8>) {
    match e {
        ElementType::Float(FloatType::F16) => {
            out.extend_from_slice(&half::f16::from_f64(v.f()).to_le_bytes())
        }
        ElementType::Float(FloatType::BF16) => {
            out.extend_from_slice(&half::bf16::from_f64(v.f()).to_le_bytes())
        }
        ElementType::Float(FloatType::F32) => out.extend_from_slice(&(v.f() as f32).to_le_bytes()),
        ElementType::Float(FloatType::F64) => out.extend_from_slice(&v.f().to_le_bytes()),
        _ if e == ElementType::I1 => out.push((v.i() & 1) as u8),
        _ => out.extend_from_slice(&v.i().to_le_bytes()[..e.byte_size()]),
    }
}

/// The value of one element's bytes. An `i1` byte other than 0 or 1 is
/// kept as it is (the comparison then reports it).
pub fn decode(e: ElementType, b: &[u8]) -> V {
    match e {
        ElementType::Float(FloatType::F16) => V::F(half::f16::from_le_bytes([b[0], b[1]]).to_f64()),
        ElementType::Float(FloatType::BF16) => {
            V::F(half::bf16::from_le_bytes([b[0], b[1]]).to_f64())
        }
        ElementType::Float(FloatType::F32) => {
            V::F(f32::from_le_bytes(b.try_into().unwrap()) as f64)
        }
        ElementType::Float(FloatType::F64) => V::F(f64::from_le_bytes(b.try_into().unwrap())),
        _ if e == ElementType::I1 => V::I(b[0] as i64),
        _ => {
            let mut w = [0u8; 8];
            w[..b.len()].copy_from_slice(b);
            let shift = 64 - 8 * b.len() as u32;
            V::I(((i64::from_le_bytes(w)) << shift) >> shift)
        }
    }
}

/// The binary ops of a generic's body (`arith.addf`/`addi`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    /// `addf` / `addi`.
    Add,
    /// `subf` / `subi`.
    Sub,
    /// `mulf` / `muli`.
    Mul,
    /// `divf` / `divsi` (truncating; the suite never divides by 0 or
    /// `MIN` by -1).
    Div,
    /// `maximumf` (NaN wins, -0 < +0) / `maxsi`.
    Max,
    /// `minimumf` / `minsi`.
    Min,
    /// `andi`.
    And,
    /// `ori`.
    Or,
    /// `xori`.
    Xor,
}

impl Bin {
    /// The arith op for element type `e`.
    pub fn op_name(self, e: ElementType) -> &'static str {
        let f = is_float(e);
        match self {
            Bin::Add if f => "arith.addf",
            Bin::Add => "arith.addi",
            Bin::Sub if f => "arith.subf",
            Bin::Sub => "arith.subi",
            Bin::Mul if f => "arith.mulf",
            Bin::Mul => "arith.muli",
            Bin::Div if f => "arith.divf",
            Bin::Div => "arith.divsi",
            Bin::Max if f => "arith.maximumf",
            Bin::Max => "arith.maxsi",
            Bin::Min if f => "arith.minimumf",
            Bin::Min => "arith.minsi",
            Bin::And => "arith.andi",
            Bin::Or => "arith.ori",
            Bin::Xor => "arith.xori",
        }
    }
}

/// IEEE 754-2019 maximum or minimum: NaN wins, -0 < +0.
fn max_min(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b && a == 0.0 {
        // Zeros: max is +0 unless both are -0, min is -0 unless both are +0.
        let any_pos = a.is_sign_positive() || b.is_sign_positive();
        let any_neg = a.is_sign_negative() || b.is_sign_negative();
        return match max {
            true if any_pos => 0.0,
            true => -0.0,
            false if any_neg => -0.0,
            false => 0.0,
        };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

/// `a op b` in type `e`.
pub fn bin(op: Bin, e: ElementType, a: V, b: V) -> V {
    if is_float(e) {
        let (x, y) = (a.f(), b.f());
        let r = match op {
            Bin::Add => x + y,
            Bin::Sub => x - y,
            Bin::Mul => x * y,
            Bin::Div => x / y,
            Bin::Max => max_min(x, y, true),
            Bin::Min => max_min(x, y, false),
            Bin::And | Bin::Or | Bin::Xor => unreachable!("no bitwise float op"),
        };
        return V::F(round(e, r));
    }
    let (x, y) = (signed(e, a.i()) as i128, signed(e, b.i()) as i128);
    let r = match op {
        Bin::Add => x + y,
        Bin::Sub => x - y,
        Bin::Mul => x * y,
        Bin::Div => {
            assert!(y != 0, "the suite divides by zero");
            x / y
        }
        Bin::Max => x.max(y),
        Bin::Min => x.min(y),
        Bin::And => x & y,
        Bin::Or => x | y,
        Bin::Xor => x ^ y,
    };
    V::I(wrap(e, r))
}

/// The one-operand float ops of a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    /// `arith.negf`.
    Neg,
    /// `kernel.abs`.
    Abs,
    /// `kernel.sqrt`.
    Sqrt,
    /// `kernel.exp`.
    Exp,
    /// `kernel.tanh`.
    Tanh,
    /// `kernel.log`.
    Log,
    /// `kernel.erf`.
    Erf,
    /// `kernel.sin`.
    Sin,
    /// `kernel.cos`.
    Cos,
}

impl Unary {
    /// The op's name in a body.
    pub fn op_name(self) -> &'static str {
        match self {
            Unary::Neg => "arith.negf",
            Unary::Abs => "kernel.abs",
            Unary::Sqrt => "kernel.sqrt",
            Unary::Exp => "kernel.exp",
            Unary::Tanh => "kernel.tanh",
            Unary::Log => "kernel.log",
            Unary::Erf => "kernel.erf",
            Unary::Sin => "kernel.sin",
            Unary::Cos => "kernel.cos",
        }
    }
}

/// `op(a)` in float type `e`, computed in f64 and rounded once.
pub fn unary(op: Unary, e: ElementType, a: V) -> V {
    let x = a.f();
    let r = match op {
        Unary::Neg => -x,
        Unary::Abs => x.abs(),
        Unary::Sqrt => x.sqrt(),
        Unary::Exp => x.exp(),
        Unary::Tanh => x.tanh(),
        Unary::Log => x.ln(),
        Unary::Erf => libm::erf(x),
        Unary::Sin => x.sin(),
        Unary::Cos => x.cos(),
    };
    V::F(round(e, r))
}

/// C's `pow(a, b)` in float type `e`.
pub fn pow(e: ElementType, a: V, b: V) -> V {
    V::F(round(e, a.f().powf(b.f())))
}

/// The comparison predicates of `arith.cmpf` / `arith.cmpi` a body takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    /// Equal.
    Eq,
    /// Not equal (floats: unordered, so NaN is not equal to anything).
    Ne,
    /// Less than.
    Lt,
    /// Less or equal.
    Le,
    /// Greater than.
    Gt,
    /// Greater or equal.
    Ge,
}

/// Every predicate, in the suite's order.
pub const PREDS: [Pred; 6] = [Pred::Eq, Pred::Ne, Pred::Lt, Pred::Le, Pred::Gt, Pred::Ge];

impl Pred {
    /// The predicate's keyword: `oeq`… for floats (`une`), `eq`/`slt`… for integers.
    pub fn keyword(self, e: ElementType) -> &'static str {
        let f = is_float(e);
        match self {
            Pred::Eq if f => "oeq",
            Pred::Eq => "eq",
            Pred::Ne if f => "une",
            Pred::Ne => "ne",
            Pred::Lt if f => "olt",
            Pred::Lt => "slt",
            Pred::Le if f => "ole",
            Pred::Le => "sle",
            Pred::Gt if f => "ogt",
            Pred::Gt => "sgt",
            Pred::Ge if f => "oge",
            Pred::Ge => "sge",
        }
    }
}

/// `a pred b` on type `e`, as an `i1` (0 or 1).
pub fn cmp(p: Pred, e: ElementType, a: V, b: V) -> V {
    let r = if is_float(e) {
        let (x, y) = (a.f(), b.f());
        match p {
            Pred::Eq => x == y,
            Pred::Ne => x != y,
            Pred::Lt => x < y,
            Pred::Le => x <= y,
            Pred::Gt => x > y,
            Pred::Ge => x >= y,
        }
    } else {
        let (x, y) = (signed(e, a.i()), signed(e, b.i()));
        match p {
            Pred::Eq => x == y,
            Pred::Ne => x != y,
            Pred::Lt => x < y,
            Pred::Le => x <= y,
            Pred::Gt => x > y,
            Pred::Ge => x >= y,
        }
    };
    V::I(r as i64)
}

/// `kernel.cast` from `from` to `to` (ONNX `Cast`, `graph.cast`'s
/// semantics): float → int truncates toward zero and saturates (NaN → 0);
/// int → float rounds (f16/bf16 through f32); int → int wraps or
/// sign-extends; anything → `i1` is `x != 0`; an `i1` source is 0 or 1.
pub fn cast(from: ElementType, to: ElementType, v: V) -> V {
    if from == to {
        return v;
    }
    if to == ElementType::I1 {
        let nonzero = match v {
            V::F(x) => x != 0.0,
            V::I(i) => i != 0,
        };
        return V::I(nonzero as i64);
    }
    match (is_float(from), is_float(to)) {
        (true, true) => V::F(round(to, v.f())),
        (false, true) => V::F(round(to, v.i() as f64)),
        (true, false) => {
            let x = v.f().trunc();
            let (lo, hi) = int_range(to);
            V::I(if x.is_nan() {
                0
            } else if x <= lo as f64 {
                lo
            } else if x >= hi as f64 {
                hi
            } else {
                x as i64
            })
        }
        (false, false) => {
            // i1 is 0/1 already: widened without its sign.
            V::I(wrap(to, v.i() as i128))
        }
    }
}

/// A small, seeded xorshift generator: the inputs of a case depend only on
/// its name.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded from `name` (FNV-1a).
    pub fn named(name: &str) -> Rng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h | 1)
    }
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in `[lo, hi]` (integers).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi as i128 - lo as i128 + 1) as u128;
        (lo as i128 + (self.bits() as u128 % span) as i128) as i64
    }
}

/// How a case's inputs are drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dist {
    /// Floats in `[-4, 4]` with ±0, NaN and ±inf at every 16th position
    /// (shifted per tensor); integers over their whole range (wrapping),
    /// with the type's extremes at every 8th.
    Arith,
    /// Floats in `[-2, 2]`, integers in `[-20, 20]` (`i1`: 0/1).
    Small,
    /// Floats in `[lo, hi]`.
    Uniform(f64, f64),
    /// Floats in `[lo, hi]`, with these values at the first positions of
    /// every 16 (shifted per tensor): a transcendental's special and
    /// out-of-range arguments.
    Specials(f64, f64, &'static [f64]),
    /// Nonzero integer divisors other than -1 (in `[-9, 9]`).
    Divisor,
    /// Values that probe `kernel.cast`: saturation, rounding, NaN, ±0.
    CastSource,
    /// Gather indices for an axis of size `d`: in `[-d-3, d+2]`, with the
    /// type's extremes at fixed positions.
    Indices(i64),
}

/// Floats `kernel.cast` must convert right (before rounding to the source).
const CAST_FLOATS: [f64; 20] = [
    0.0,
    -0.0,
    0.3,
    -0.7,
    1.5,
    -2.5,
    127.9,
    -128.6,
    200.0,
    -300.0,
    40000.0,
    -70000.0,
    65519.0,
    1e10,
    -1e10,
    3.0e38,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    2.5e-3,
];

/// Integers `kernel.cast` must convert right (before wrapping to the source).
const CAST_INTS: [i64; 16] = [
    0,
    1,
    -1,
    127,
    128,
    -129,
    255,
    256,
    32767,
    32768,
    -32769,
    65536,
    2147483647,
    -2147483648,
    16777217,
    1 << 40,
];

/// `n` values of type `e` drawn from `dist`.
/// Special values sit at positions shifted by a random phase per tensor, so
/// that two operands pair a special with an ordinary value.
pub fn values(rng: &mut Rng, e: ElementType, n: usize, dist: Dist) -> Vec<V> {
    let phase = (rng.bits() % 64) as usize;
    (0..n).map(|i| value(rng, e, i + phase, dist)).collect()
}

fn value(rng: &mut Rng, e: ElementType, i: usize, dist: Dist) -> V {
    if is_float(e) {
        let x = match dist {
            Dist::Arith => match i % 16 {
                5 => -0.0,
                7 => 0.0,
                9 => f64::NAN,
                13 => f64::INFINITY,
                14 => f64::NEG_INFINITY,
                _ => rng.unit() * 8.0 - 4.0,
            },
            Dist::Small | Dist::Divisor | Dist::Indices(_) => rng.unit() * 4.0 - 2.0,
            Dist::Uniform(lo, hi) => lo + rng.unit() * (hi - lo),
            Dist::Specials(lo, hi, xs) => match xs.get(i % 16) {
                Some(&x) => x,
                None => lo + rng.unit() * (hi - lo),
            },
            Dist::CastSource => {
                if i.is_multiple_of(2) {
                    CAST_FLOATS[(i / 2) % CAST_FLOATS.len()]
                } else {
                    rng.unit() * 600.0 - 300.0
                }
            }
        };
        return V::F(round(e, x));
    }
    let (lo, hi) = int_range(e);
    let x = match dist {
        _ if e == ElementType::I1 => rng.range(0, 1),
        Dist::Arith => match i % 8 {
            3 => lo,
            6 => hi,
            _ => rng.range(lo, hi),
        },
        Dist::Small | Dist::Uniform(..) | Dist::Specials(..) => rng.range(-20, 20),
        Dist::Divisor => loop {
            let d = rng.range(-9, 9);
            if d != 0 && d != -1 {
                break d;
            }
        },
        Dist::CastSource => {
            if i.is_multiple_of(2) {
                CAST_INTS[(i / 2) % CAST_INTS.len()]
            } else {
                rng.range(-(1 << 40), 1 << 40)
            }
        }
        Dist::Indices(d) => match i % 9 {
            4 => lo,
            7 => hi,
            _ => rng.range(-d - 3, d + 2),
        },
    };
    V::I(wrap(e, x as i128))
}

/// What [`attention`] computes: the result and, per result element, a bound
/// on the error of a backend that computes in the element type (see
/// [`attention`]).
#[derive(Clone, Debug)]
pub struct AttentionResult {
    /// The result `[B…, Sq, Dv]`, each element rounded once.
    pub out: Tensor,
    /// Per result element: its error bound in units of the element type's
    /// unit roundoff (0 where the result is NaN).
    pub err: Vec<f64>,
}

/// `kernel.attention` (`graph.attention`'s meaning): for query `q`
/// `[B…, Sq, D]`, key `k` `[B…, Sk, D]`, value `v` `[B…, Sk, Dv]` and a mask
/// of the scores' rank whose dims are the scores' `[B…, Sq, Sk]` or 1
/// (broadcast), per batch index and query row `i`:
///
/// - `s[j] = scale · Σ_c q[i, c] · k[j, c] + mask[i, j]`,
/// - `p[j] = exp(s[j] - max) / Σ_l exp(s[l] - max)`, `max` the scores' (NaN
///   if one is; `-inf` for a fully masked row, whose `p` are then NaN);
///   with `nan_to_zero` a NaN `p[j]` is 0; `Sk = 0` gives no `p` at all,
/// - `out[i, e] = Σ_j p[j] · v[j, e]` (0 for `Sk = 0`),
///
/// in f64, rounded once to the element type.
///
/// The error bound of `out[i, e]` (first order, in unit roundoffs, for a
/// backend whose dot products, softmax and weighted sum each round to the
/// element type): with `T[j] = |scale| · Σ_c |q[i, c] k[j, c]| + |mask[i, j]|`
/// (so a score's own error is at most `(D + 2) T[j]`) and
/// `W = Σ_l p[l] ((D + 2) T[l] + |s[l] - max|)` (the error the normalizing
/// sum carries),
/// `err = Σ_j |p[j] v[j, e]| ((D + 2) T[j] + |s[j] - max| + W + 2 Sk + 10)`,
/// the sum over the keys with `p[j] != 0`.
pub fn attention(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    mask: Option<&Tensor>,
    scale: f64,
    nan_to_zero: bool,
) -> AttentionResult {
    let rank = q.shape.len();
    assert!(rank >= 2, "attention of rank {rank}");
    let nb = rank - 2;
    let batch = &q.shape[..nb];
    let (sq, d) = (q.shape[nb], q.shape[nb + 1]);
    let (sk, dv) = (k.shape[nb], v.shape[nb + 1]);
    assert_eq!(k.shape[..nb], *batch, "key batch dims");
    assert_eq!(v.shape[..nb], *batch, "value batch dims");
    assert_eq!((k.shape[nb + 1], v.shape[nb]), (d, sk), "key/value sizes");
    let mut out_shape = q.shape.clone();
    out_shape[nb + 1] = dv;
    let nbatch: usize = batch.iter().product();
    let mut data = Vec::with_capacity(nbatch * sq * dv);
    let mut err = Vec::with_capacity(nbatch * sq * dv);
    // The mask's element at (batch index `bi`, as coordinates, row, column).
    let mask_at = |bc: &[usize], i: usize, j: usize| -> f64 {
        let Some(m) = mask else { return 0.0 };
        assert_eq!(m.shape.len(), rank, "the mask's rank");
        let mut flat = 0;
        for (dim, &n) in m.shape.iter().enumerate() {
            let c = if dim < nb {
                bc[dim]
            } else if dim == nb {
                i
            } else {
                j
            };
            flat = flat * n + if n == 1 { 0 } else { c };
        }
        m.data[flat].f()
    };
    let mut bc = vec![0usize; nb];
    for b in 0..nbatch {
        let mut rest = b;
        for dim in (0..nb).rev() {
            bc[dim] = rest % batch[dim];
            rest /= batch[dim];
        }
        for i in 0..sq {
            let qrow = &q.data[(b * sq + i) * d..(b * sq + i + 1) * d];
            let mut s = Vec::with_capacity(sk);
            let mut t = Vec::with_capacity(sk);
            for j in 0..sk {
                let krow = &k.data[(b * sk + j) * d..(b * sk + j + 1) * d];
                let (mut dot, mut mag) = (0.0, 0.0);
                for (x, y) in qrow.iter().zip(krow) {
                    dot += x.f() * y.f();
                    mag += (x.f() * y.f()).abs();
                }
                let m = mask_at(&bc, i, j);
                s.push(scale * dot + m);
                t.push(scale.abs() * mag + m.abs());
            }
            let mut max = f64::NEG_INFINITY;
            for &x in &s {
                if x.is_nan() || x > max {
                    max = x;
                }
            }
            let sum: f64 = s.iter().map(|&x| (x - max).exp()).sum();
            let p: Vec<f64> = s
                .iter()
                .map(|&x| {
                    let p = (x - max).exp() / sum;
                    if nan_to_zero && p.is_nan() {
                        0.0
                    } else {
                        p
                    }
                })
                .collect();
            // A key's share of the error: its score's and the subtraction's.
            let own: Vec<f64> = (0..sk)
                .map(|j| (d as f64 + 2.0) * t[j] + (s[j] - max).abs())
                .collect();
            let w: f64 = (0..sk)
                .filter(|&j| p[j] != 0.0)
                .map(|j| p[j] * own[j])
                .sum();
            for e in 0..dv {
                let mut acc = 0.0;
                let mut bound = 0.0;
                for j in 0..sk {
                    let x = v.data[(b * sk + j) * dv + e].f();
                    acc += p[j] * x;
                    if p[j] != 0.0 {
                        bound += (p[j] * x).abs() * (own[j] + w + 2.0 * sk as f64 + 10.0);
                    }
                }
                data.push(V::F(round(q.elem, acc)));
                err.push(if bound.is_finite() { bound } else { 0.0 });
            }
        }
    }
    AttentionResult {
        out: Tensor {
            elem: q.elem,
            shape: out_shape,
            data,
        },
        err,
    }
}
