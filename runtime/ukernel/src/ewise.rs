//! Elementwise f32 programs on the widest vectors the CPU has: a straight-line program
//! of binary ops (`+ - * /`, IEEE `maximum` and `minimum`) over inputs that are either
//! runs of elements or one value broadcast, evaluated into an output run.
//!
//! The CPU backend runs the epilogues of matmuls and convolutions (bias, residual add,
//! relu, clip, hardswish) this way on each finished run of the output, where its
//! JIT-compiled code uses 128-bit vectors one innermost row at a time. The program runs
//! one op at a time over chunks of [`CHUNK`] elements kept in L1, so each op is one
//! tight vector loop and no op is interpreted per element.

use crate::simd::{self, run_on, Vf, VfKernel};
use crate::Isa;

/// Elements per chunk: each intermediate value of a chunk is one stack buffer.
const CHUNK: usize = 256;
/// The most ops a program may have (its intermediates live on the stack).
pub const MAX_OPS: usize = 12;

/// A binary op of a [`Program`], with `arith`'s f32 semantics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b`.
    Div,
    /// IEEE 754-2019 `maximum` (`arith.maximumf`): NaN wins, `+0 > -0`.
    Maximum,
    /// IEEE 754-2019 `minimum` (`arith.minimumf`): NaN wins, `-0 < +0`.
    Minimum,
}

impl BinOp {
    /// The op on two scalars (the vector paths compute the same bits).
    pub fn apply(self, a: f32, b: f32) -> f32 {
        match self {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::Div => a / b,
            BinOp::Maximum => simd::maximum(a, b),
            BinOp::Minimum => simd::minimum(a, b),
        }
    }
}

/// An operand of an op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Src {
    /// Input `i` of the run.
    Input(usize),
    /// A constant.
    Const(f32),
    /// The value of an earlier op.
    Op(usize),
}

/// A checked program: its ops in order, the last one's value the result.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    ops: Vec<(BinOp, Src, Src)>,
    inputs: usize,
}

impl Program {
    /// A program over `inputs` inputs; an error if it has no op or more than
    /// [`MAX_OPS`], or an operand names a later op or a missing input.
    pub fn new(ops: Vec<(BinOp, Src, Src)>, inputs: usize) -> Result<Program, String> {
        if ops.is_empty() || ops.len() > MAX_OPS {
            return Err(format!(
                "an elementwise program has 1 to {MAX_OPS} ops, not {}",
                ops.len()
            ));
        }
        for (i, &(_, a, b)) in ops.iter().enumerate() {
            for s in [a, b] {
                match s {
                    Src::Input(k) if k >= inputs => {
                        return Err(format!("op {i} reads input {k} of {inputs}"))
                    }
                    Src::Op(j) if j >= i => return Err(format!("op {i} reads op {j}")),
                    _ => {}
                }
            }
        }
        Ok(Program { ops, inputs })
    }

    /// The number of inputs a run supplies.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The result for one element, from each input's value: the oracle of [`run`].
    pub fn eval(&self, inputs: &[f32]) -> f32 {
        let mut vals = Vec::with_capacity(self.ops.len());
        let get = |s: Src, vals: &[f32]| match s {
            Src::Input(k) => inputs[k],
            Src::Const(c) => c,
            Src::Op(j) => vals[j],
        };
        for &(op, a, b) in &self.ops {
            let v = op.apply(get(a, &vals), get(b, &vals));
            vals.push(v);
        }
        vals[self.ops.len() - 1]
    }
}

/// An input of a run: `len` elements from `ptr`, or the one at `ptr` broadcast.
#[derive(Clone, Copy, Debug)]
pub struct Input {
    /// The first element.
    pub ptr: *const f32,
    /// Whether the element at `ptr` stands for every element of the run.
    pub broadcast: bool,
}

/// Writes `prog` of `inputs` to the `len` elements at `out`, on `isa`'s vectors.
///
/// # Safety
/// `isa` is supported; `inputs.len() == prog.inputs()`; each input is valid for reading
/// `len` f32s (one when broadcast) and `out` for writing `len`. An input may be `out`
/// itself (read element by element before the result is written there), but no other
/// input overlaps `out`.
pub unsafe fn run(isa: Isa, prog: &Program, inputs: &[Input], out: *mut f32, len: usize) {
    assert_eq!(inputs.len(), prog.inputs, "ewise: inputs of the program");
    if len == 0 {
        return;
    }
    let job = Job {
        prog,
        inputs,
        out,
        len,
    };
    // SAFETY: the caller's contract: `isa` supported, the pointers valid as `Job::run`
    // needs.
    unsafe { run_on(isa, &job) }
}

/// [`run`] on slices, bounds-checked (tests and benchmarks): each input is a run of
/// `out.len()` elements or, with one element, broadcast.
pub fn run_slices(isa: Isa, prog: &Program, inputs: &[&[f32]], out: &mut [f32]) {
    assert!(
        isa.is_supported(),
        "ewise: {} is not supported here",
        isa.name()
    );
    let len = out.len();
    let ins: Vec<Input> = inputs
        .iter()
        .map(|s| {
            assert!(s.len() == len || s.len() == 1, "ewise: input length");
            Input {
                ptr: s.as_ptr(),
                broadcast: s.len() == 1 && len != 1,
            }
        })
        .collect();
    // SAFETY: checked above: the ISA is supported, every input holds `len` elements or
    // one broadcast, `out` holds `len` and, borrowed mutably, overlaps no input.
    unsafe { run(isa, prog, &ins, out.as_mut_ptr(), len) }
}

struct Job<'a> {
    prog: &'a Program,
    inputs: &'a [Input],
    out: *mut f32,
    len: usize,
}

/// Where an op reads an operand within a chunk.
#[derive(Clone, Copy)]
enum Operand {
    Run(*const f32),
    Splat(f32),
}

impl Operand {
    /// Element `i`.
    ///
    /// # Safety
    /// A run is valid for reading element `i`.
    #[inline(always)]
    unsafe fn at(self, i: usize) -> f32 {
        match self {
            // SAFETY: the contract.
            Operand::Run(p) => unsafe { *p.add(i) },
            Operand::Splat(x) => x,
        }
    }
}

impl VfKernel for Job<'_> {
    // Inlined into `run_on`'s per-ISA functions, so the intrinsics get their features.
    #[inline(always)]
    unsafe fn run<K: Vf>(&self) {
        let ops = &self.prog.ops;
        let last = ops.len() - 1;
        let mut slots = [std::mem::MaybeUninit::<[f32; CHUNK]>::uninit(); MAX_OPS];
        let mut off = 0;
        while off < self.len {
            let n = CHUNK.min(self.len - off);
            for (i, &(op, a, b)) in ops.iter().enumerate() {
                let src = |s: Src| match s {
                    Src::Input(k) => {
                        let x = self.inputs[k];
                        if x.broadcast {
                            // SAFETY: a broadcast input holds one element.
                            Operand::Splat(unsafe { *x.ptr })
                        } else {
                            // SAFETY: a run input holds `len > off` elements.
                            Operand::Run(unsafe { x.ptr.add(off) })
                        }
                    }
                    Src::Const(c) => Operand::Splat(c),
                    // Written by op `j < i` for this chunk's `n` elements.
                    Src::Op(j) => Operand::Run(slots[j].as_ptr().cast()),
                };
                let (a, b) = (src(a), src(b));
                let dst: *mut f32 = if i == last {
                    // SAFETY: `out` holds `len > off` elements.
                    unsafe { self.out.add(off) }
                } else {
                    slots[i].as_mut_ptr().cast()
                };
                // SAFETY: runs hold `n` elements from here (inputs and `out` `len - off`,
                // slots `CHUNK`); `dst` is `out` (which inputs read only at the index
                // being written) or slot `i`, which no operand of op `i` is; features by
                // the caller.
                unsafe {
                    match op {
                        BinOp::Add => lanes::<K>(a, b, dst, n, |x, y| K::add(x, y), op),
                        BinOp::Sub => lanes::<K>(a, b, dst, n, |x, y| K::sub(x, y), op),
                        BinOp::Mul => lanes::<K>(a, b, dst, n, |x, y| K::mul(x, y), op),
                        BinOp::Div => lanes::<K>(a, b, dst, n, |x, y| K::div(x, y), op),
                        BinOp::Maximum => lanes::<K>(a, b, dst, n, |x, y| K::maximum(x, y), op),
                        BinOp::Minimum => lanes::<K>(a, b, dst, n, |x, y| K::minimum(x, y), op),
                    }
                }
            }
            off += n;
        }
    }
}

/// `dst[i] = f(a[i], b[i])` for `i < n`: whole vectors, then `op` on the scalar tail.
///
/// # Safety
/// `K`'s features are enabled; runs are valid for reading `n` elements and `dst` for
/// writing `n`, each element read before it is written where they overlap.
#[inline(always)]
unsafe fn lanes<K: Vf>(
    a: Operand,
    b: Operand,
    dst: *mut f32,
    n: usize,
    f: impl Fn(K::V, K::V) -> K::V,
    op: BinOp,
) {
    let full = n / K::L * K::L;
    // SAFETY: vector `i..i + L` with `i + L <= full <= n` of each run and of `dst`.
    unsafe {
        let mut i = 0;
        match (a, b) {
            (Operand::Run(pa), Operand::Run(pb)) => {
                while i < full {
                    K::store(dst.add(i), f(K::load(pa.add(i)), K::load(pb.add(i))));
                    i += K::L;
                }
            }
            (Operand::Run(pa), Operand::Splat(y)) => {
                let y = K::splat(y);
                while i < full {
                    K::store(dst.add(i), f(K::load(pa.add(i)), y));
                    i += K::L;
                }
            }
            (Operand::Splat(x), Operand::Run(pb)) => {
                let x = K::splat(x);
                while i < full {
                    K::store(dst.add(i), f(x, K::load(pb.add(i))));
                    i += K::L;
                }
            }
            (Operand::Splat(x), Operand::Splat(y)) => {
                let v = f(K::splat(x), K::splat(y));
                while i < full {
                    K::store(dst.add(i), v);
                    i += K::L;
                }
            }
        }
        for i in full..n {
            *dst.add(i) = op.apply(a.at(i), b.at(i));
        }
    }
}
