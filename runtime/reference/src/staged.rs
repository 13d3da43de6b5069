//! The reference backend's run of compiled kernels: each kernel function of
//! a variant in the kernel dialect, read into a plan (`xir_kernel_plan`), is
//! interpreted with plain loops, one element at a time, in the order the
//! plan states (parallel dims outer, reduction dims inner, in order).
//!
//! Numbers follow the local backend's documented semantics: floats compute
//! in f64 and round to the element's precision after every op (f16 and
//! bf16 through f32, as local computes them); integers wrap at their width,
//! `i1` held sign-extended (true is -1); casts as `graph.cast` (ONNX Cast).

use std::sync::Arc;
use xir::{Context, Ir, Op};
use xir_kernel_plan::resolve::{check_grid, dispatch_sizes, resolve, Resolved};
use xir_kernel_plan::{
    AttentionPlan, Bin, Body, BodyOp, BufferKind, Cmp, ConvPlan, ElementType, GatherPlan,
    GenericPlan, KernelPlan, MatmulPlan, PoolPlan, ScatterPlan, Stage,
};
use xir_runtime_hal::{DispatchArgs, Executable, Exports, FloatType};
use xir_runtime_hal::{Error, Result};

/// A variant's kernels as plans, run by [`interpret`].
pub struct StagedExecutable {
    exports: Exports,
    plans: Vec<KernelPlan>,
}

/// Reads a compiled variant's kernel functions (the context went through
/// `xir_kernel_plan::register`).
pub fn prepare(ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
    let lowered = xir_kernel_plan::read_variant(ctx, ir, variant)?;
    let exports = lowered.export_indices()?;
    Ok(Arc::new(StagedExecutable {
        exports,
        plans: lowered.plans,
    }))
}

impl Executable for StagedExecutable {
    fn export_ordinal(&self, name: &str) -> Option<usize> {
        self.exports.ordinal(name)
    }

    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()> {
        let (_, index) = self.exports.get(ordinal)?;
        interpret(&self.plans[index], args)
    }
}

/// One value of a body: floats as f64, integers sign-extended to i64.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    F(f64),
    I(i64),
}

impl Val {
    fn f(self) -> f64 {
        match self {
            Val::F(x) => x,
            Val::I(i) => i as f64,
        }
    }
    fn i(self) -> i64 {
        match self {
            Val::I(i) => i,
            Val::F(x) => x as i64,
        }
    }
}

/// `x` rounded to `e`'s precision (f16/bf16 through f32, as local does).
fn round(e: ElementType, x: f64) -> f64 {
    match e {
        ElementType::F32 => x as f32 as f64,
        ElementType::F16 => half::f16::from_f32(x as f32).to_f64(),
        ElementType::BF16 => half::bf16::from_f32(x as f32).to_f64(),
        _ => x,
    }
}

/// `v` wrapped to `e`'s width, sign-extended.
fn wrap(e: ElementType, v: i64) -> i64 {
    match e {
        ElementType::I1 => -(v & 1),
        ElementType::I8 => v as i8 as i64,
        ElementType::I16 => v as i16 as i64,
        ElementType::I32 => v as i32 as i64,
        _ => v,
    }
}

/// One element of a buffer. A plan's integers are signless
/// ([`KernelPlan::check_elems`], checked by [`interpret`]): read by width.
fn load(e: ElementType, bytes: &[u8], at: usize) -> Val {
    let s = e.byte_size();
    let b = &bytes[at * s..at * s + s];
    match e {
        ElementType::Int { bits: 1, .. } => Val::I(-((b[0] & 1) as i64)),
        ElementType::Int { bits: 8, .. } => Val::I(b[0] as i8 as i64),
        ElementType::Int { bits: 16, .. } => Val::I(i16::from_le_bytes([b[0], b[1]]) as i64),
        ElementType::Int { bits: 32, .. } => {
            Val::I(i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64)
        }
        ElementType::Int { .. } => {
            let mut w = [0u8; 8];
            w[..s.min(8)].copy_from_slice(&b[..s.min(8)]);
            Val::I(i64::from_le_bytes(w))
        }
        ElementType::Float(FloatType::F16) => {
            Val::F(half::f16::from_le_bytes([b[0], b[1]]).to_f64())
        }
        ElementType::Float(FloatType::BF16) => {
            Val::F(half::bf16::from_le_bytes([b[0], b[1]]).to_f64())
        }
        ElementType::Float(FloatType::F32) => {
            Val::F(f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64)
        }
        ElementType::Float(FloatType::F64) => Val::F(f64::from_le_bytes(b.try_into().unwrap())),
    }
}

/// Stores one element (see [`load`]).
fn store(e: ElementType, bytes: &mut [u8], at: usize, v: Val) {
    let s = e.byte_size();
    let b = &mut bytes[at * s..at * s + s];
    match e {
        ElementType::Int { bits: 1, .. } => b[0] = (v.i() & 1) as u8,
        ElementType::Int { .. } => b.copy_from_slice(&v.i().to_le_bytes()[..s.min(8)]),
        ElementType::Float(FloatType::F16) => {
            b.copy_from_slice(&half::f16::from_f64(v.f()).to_le_bytes())
        }
        ElementType::Float(FloatType::BF16) => {
            b.copy_from_slice(&half::bf16::from_f64(v.f()).to_le_bytes())
        }
        ElementType::Float(FloatType::F32) => b.copy_from_slice(&(v.f() as f32).to_le_bytes()),
        ElementType::Float(FloatType::F64) => b.copy_from_slice(&v.f().to_le_bytes()),
    }
}

/// IEEE 754-2019 maximum/minimum: NaN wins, -0 < +0.
fn max_min(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // Equal: differ only in the sign of zero.
        return if max == a.is_sign_negative() { b } else { a };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

fn bin(b: Bin, e: ElementType, x: Val, y: Val) -> Result<Val> {
    if e.is_float() {
        let (a, c) = (x.f(), y.f());
        let r = match b {
            Bin::Add => a + c,
            Bin::Sub => a - c,
            Bin::Mul => a * c,
            Bin::Div => a / c,
            Bin::Max => max_min(a, c, true),
            Bin::Min => max_min(a, c, false),
            // Local keeps the first operand: no bitwise float ops reach here.
            Bin::Or | Bin::And | Bin::Xor => a,
        };
        return Ok(Val::F(round(e, r)));
    }
    let (a, c) = (x.i(), y.i());
    let r = match b {
        Bin::Add => a.wrapping_add(c),
        Bin::Sub => a.wrapping_sub(c),
        Bin::Mul => a.wrapping_mul(c),
        Bin::Div if c == 0 => return Err(Error::invalid_argument("integer division by zero")),
        Bin::Div => a.wrapping_div(c),
        Bin::Max => a.max(c),
        Bin::Min => a.min(c),
        Bin::Or => a | c,
        Bin::And => a & c,
        Bin::Xor => a ^ c,
    };
    Ok(Val::I(wrap(e, r)))
}

/// `graph.cast`: float → int truncates toward zero and saturates (NaN → 0);
/// int → float rounds; int → int wraps or sign-extends; x → i1 is `x != 0`;
/// an i1 source is 0 or 1.
fn cast(from: ElementType, to: ElementType, v: Val) -> Val {
    if from == to {
        return v;
    }
    if to == ElementType::I1 {
        let nonzero = match v {
            Val::F(x) => x != 0.0,
            Val::I(i) => i != 0,
        };
        return Val::I(-(nonzero as i64));
    }
    let v = if from == ElementType::I1 {
        Val::I(v.i() & 1)
    } else {
        v
    };
    match (from.is_float(), to.is_float()) {
        (_, true) => Val::F(round(to, v.f())),
        (true, false) => {
            let x = v.f();
            Val::I(match to {
                ElementType::I8 => (x as i64).clamp(i8::MIN as i64, i8::MAX as i64),
                ElementType::I16 => (x as i64).clamp(i16::MIN as i64, i16::MAX as i64),
                ElementType::I32 => x as i32 as i64,
                _ => x as i64,
            })
        }
        (false, false) => Val::I(wrap(to, v.i())),
    }
}

fn cmp(p: Cmp, a: Val, b: Val) -> bool {
    match (a, b) {
        (Val::F(x), Val::F(y)) => match p {
            Cmp::Eq => x == y,
            Cmp::Ne => x != y || x.is_nan() || y.is_nan(),
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
        },
        _ => {
            let (x, y) = (a.i(), b.i());
            match p {
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
            }
        }
    }
}

/// Evaluates `body` on `args` (its `Arg` values) at loop indices `index`,
/// into `vals`.
fn eval(body: &Body, args: &[Val], index: &[i64], vals: &mut Vec<Val>) -> Result<Val> {
    vals.clear();
    for (op, e) in &body.ops {
        let (op, e) = (*op, *e);
        let unary = |a: usize, f: fn(f64) -> f64| Val::F(round(e, f(vals[a].f())));
        let v = match op {
            BodyOp::Arg(i) => *args
                .get(i)
                .ok_or_else(|| Error::internal("a body reads a missing input"))?,
            BodyOp::ConstF(x) => Val::F(round(e, x)),
            BodyOp::ConstI(i) => Val::I(wrap(e, i)),
            BodyOp::Bin(b, x, y) => bin(b, e, vals[x], vals[y])?,
            BodyOp::Neg(a) => Val::F(-vals[a].f()),
            BodyOp::Exp(a) => unary(a, f64::exp),
            BodyOp::Tanh(a) => unary(a, f64::tanh),
            BodyOp::Abs(a) => Val::F(vals[a].f().abs()),
            BodyOp::Sqrt(a) => unary(a, f64::sqrt),
            BodyOp::Log(a) => unary(a, f64::ln),
            BodyOp::Erf(a) => unary(a, libm::erf),
            BodyOp::Sin(a) => unary(a, f64::sin),
            BodyOp::Cos(a) => unary(a, f64::cos),
            BodyOp::Pow(a, b) => Val::F(round(e, vals[a].f().powf(vals[b].f()))),
            BodyOp::Cast(a) => cast(body.ops[a].1, e, vals[a]),
            BodyOp::Index(d) => Val::I(wrap(
                e,
                *index
                    .get(d)
                    .ok_or_else(|| Error::invalid_argument("kernel.index past the domain"))?,
            )),
            BodyOp::Cmp(p, a, b) => Val::I(-(cmp(p, vals[a], vals[b]) as i64)),
            BodyOp::Select(c, a, b) => {
                if vals[c].i() != 0 {
                    vals[a]
                } else {
                    vals[b]
                }
            }
        };
        vals.push(v);
    }
    vals.get(body.result)
        .copied()
        .ok_or_else(|| Error::internal("a body yields a missing value"))
}

/// The buffers of one dispatch: each plan buffer's storage (views share
/// their source's), its dims and element type.
struct Memory {
    storage: Vec<Vec<u8>>,
    /// Plan buffer → storage index.
    root: Vec<usize>,
    dims: Vec<Vec<i64>>,
    elems: Vec<ElementType>,
    read_only: Vec<bool>,
}

impl Memory {
    fn count(&self, b: usize) -> u64 {
        self.dims[b].iter().map(|&d| d as u64).product()
    }

    fn resolve(
        &self,
        a: &xir_kernel_plan::Access,
        domain: &[i64],
        symbols: &[i64],
        write: bool,
    ) -> Result<Resolved> {
        let b = a.buffer;
        resolve(
            a,
            &self.dims[b],
            self.count(b),
            self.read_only[b],
            domain,
            symbols,
            write,
        )
    }
}

fn offset(r: &Resolved, index: &[i64]) -> usize {
    (r.base + r.coefs.iter().zip(index).map(|(c, i)| c * i).sum::<i64>()) as usize
}

/// Advances `index` over `domain[lo..hi]` (last dim fastest); false when done.
fn step(index: &mut [i64], domain: &[i64], lo: usize, hi: usize) -> bool {
    for d in (lo..hi).rev() {
        index[d] += 1;
        if index[d] < domain[d] {
            return true;
        }
        index[d] = 0;
    }
    false
}

fn run_generic(g: &GenericPlan, mem: &mut Memory, slots: &[i64]) -> Result<()> {
    let domain: Vec<i64> = g.domain.iter().map(|&s| slots[s]).collect();
    if domain.iter().any(|&d| d < 0) {
        return Err(Error::invalid_argument("a negative loop bound"));
    }
    if domain.contains(&0) {
        return Ok(());
    }
    let symbols: Vec<i64> = g.symbols.iter().map(|&s| slots[s]).collect();
    let ins: Vec<Resolved> = g
        .inputs
        .iter()
        .map(|a| mem.resolve(a, &domain, &symbols, false))
        .collect::<Result<_, _>>()?;
    let out = mem.resolve(&g.output, &domain, &symbols, true)?;
    let (rank, par) = (domain.len(), g.parallel);
    let out_elem = mem.elems[g.output.buffer];
    let mut index = vec![0i64; rank];
    // Bodies read the output's current value after the inputs (a
    // reduction's accumulator; unused elsewhere).
    let mut args = vec![Val::I(0); ins.len() + 1];
    let mut vals = Vec::with_capacity(g.body.ops.len());
    loop {
        loop {
            for (k, (a, r)) in g.inputs.iter().zip(&ins).enumerate() {
                let b = a.buffer;
                args[k] = load(mem.elems[b], &mem.storage[mem.root[b]], offset(r, &index));
            }
            let at = offset(&out, &index);
            let ob = mem.root[g.output.buffer];
            args[ins.len()] = load(out_elem, &mem.storage[ob], at);
            let v = eval(&g.body, &args, &index, &mut vals)?;
            store(out_elem, &mut mem.storage[ob], at, v);
            if !step(&mut index, &domain, par, rank) {
                break;
            }
        }
        if !step(&mut index, &domain, 0, par) {
            return Ok(());
        }
    }
}

fn run_matmul(m: &MatmulPlan, mem: &mut Memory, slots: &[i64]) -> Result<()> {
    let (l, r, o) = (&mem.dims[m.lhs], &mem.dims[m.rhs], &mem.dims[m.out]);
    let rank = o.len();
    if rank < 2 || l.len() != rank || r.len() != rank {
        return Err(Error::invalid_argument(
            "matmul operands of different ranks",
        ));
    }
    let (mm, n, k) = (o[rank - 2], o[rank - 1], l[rank - 1]);
    let batch_ok = l[..rank - 2] == o[..rank - 2] && r[..rank - 2] == o[..rank - 2];
    if !batch_ok || l[rank - 2] != mm || r[rank - 1] != n || r[rank - 2] != k {
        return Err(Error::invalid_argument(format!(
            "matmul of shapes {l:?} x {r:?} into {o:?}"
        )));
    }
    if mem.read_only[m.out] {
        return Err(Error::invalid_argument("a matmul writes a constant"));
    }
    let batch: i64 = o[..rank - 2].iter().product();
    let (mm, n, k) = (mm as usize, n as usize, k as usize);
    let (el, er) = (mem.elems[m.lhs], mem.elems[m.rhs]);
    for bi in 0..batch as usize {
        for i in 0..mm {
            for j in 0..n {
                // Summed in order p = 0, 1, ..., rounded to the element's
                // precision at each step, as the graph-level reference does.
                let mut acc = 0.0;
                let mut iacc: i64 = 0;
                for p in 0..k {
                    let a = load(el, &mem.storage[mem.root[m.lhs]], (bi * mm + i) * k + p);
                    let b = load(er, &mem.storage[mem.root[m.rhs]], (bi * k + p) * n + j);
                    match (a, b) {
                        (Val::I(x), Val::I(y)) => iacc = iacc.wrapping_add(x.wrapping_mul(y)),
                        _ => acc = round(m.elem, acc + round(m.elem, a.f() * b.f())),
                    }
                }
                let v = if m.elem.is_float() {
                    Val::F(acc)
                } else if m.elem == ElementType::I1 {
                    // Products of i1 read as 0/1: the sum's low bit.
                    Val::I(-(iacc & 1))
                } else {
                    Val::I(wrap(m.elem, iacc))
                };
                let ob = mem.root[m.out];
                store(m.elem, &mut mem.storage[ob], (bi * mm + i) * n + j, v);
            }
        }
    }
    match &m.epilogue {
        Some(e) => run_generic(e, mem, slots),
        None => Ok(()),
    }
}

/// A conv summed in f64 and rounded once to the element type.
fn run_conv(c: &ConvPlan, mem: &mut Memory, slots: &[i64]) -> Result<()> {
    let g = c.geometry(&mem.dims)?;
    if mem.read_only[c.out] {
        return Err(Error::invalid_argument("a conv writes a constant"));
    }
    if !c.elem.is_float() {
        return Err(Error::unimplemented(format!(
            "kernel.conv on {:?} (floats only)",
            c.elem
        )));
    }
    let (ex, ew) = (mem.elems[c.input], mem.elems[c.filter]);
    let (rx, rw, ro) = (mem.root[c.input], mem.root[c.filter], mem.root[c.out]);
    let mut sums = Vec::with_capacity((g.n * g.m * g.oh * g.ow).max(0) as usize);
    for b in 0..g.n {
        for o in 0..g.m {
            for y in 0..g.oh {
                for x in 0..g.ow {
                    let storage = &mem.storage;
                    let mut read = |input: bool, i: usize| {
                        if input {
                            load(ex, &storage[rx], i).f()
                        } else {
                            load(ew, &storage[rw], i).f()
                        }
                    };
                    sums.push(g.at(b, o, y, x, &mut read));
                }
            }
        }
    }
    for (i, v) in sums.into_iter().enumerate() {
        store(c.elem, &mut mem.storage[ro], i, Val::F(round(c.elem, v)));
    }
    match &c.epilogue {
        Some(e) => run_generic(e, mem, slots),
        None => Ok(()),
    }
}

/// A pool in f64, rounded once: a max skips padding and NaN (`v > m`), an
/// average divides the in-bounds sum by the in-bounds count, or with
/// `count_include_pad` by the count inside the padded extent.
fn run_pool(p: &PoolPlan, mem: &mut Memory) -> Result<()> {
    let g = p.geometry(&mem.dims)?;
    if mem.read_only[p.out] {
        return Err(Error::invalid_argument("a pool writes a constant"));
    }
    let elem = mem.elems[p.out];
    if !elem.is_float() {
        return Err(Error::unimplemented(format!(
            "kernel.pool on {elem:?} (floats only)"
        )));
    }
    let (ex, rx, ro) = (mem.elems[p.input], mem.root[p.input], mem.root[p.out]);
    // Positions along one dim: the in-bounds input indices of output `o`,
    // and how many of the window's positions lie in the padded extent.
    let taps = |o: i64, k: i64, s: i64, d: i64, pb: i64, pe: i64, size: i64| {
        let inside: Vec<i64> = (0..k)
            .map(|q| o * s - pb + q * d)
            .filter(|&i| i >= 0 && i < size)
            .collect();
        let padded = (0..k).filter(|&q| o * s + q * d < pb + size + pe).count();
        (inside, padded)
    };
    let mut out = Vec::with_capacity((g.n * g.c * g.oh * g.ow).max(0) as usize);
    for plane in 0..g.n * g.c {
        for y in 0..g.oh {
            let (rows, prow) = taps(
                y,
                g.kh,
                g.stride[0],
                g.dilation[0],
                g.pad[0],
                g.pad_end[0],
                g.h,
            );
            for x in 0..g.ow {
                let (cols, pcol) = taps(
                    x,
                    g.kw,
                    g.stride[1],
                    g.dilation[1],
                    g.pad[1],
                    g.pad_end[1],
                    g.w,
                );
                let mut vals = Vec::with_capacity(rows.len() * cols.len());
                for &r in &rows {
                    for &c in &cols {
                        let at = ((plane * g.h + r) * g.w + c) as usize;
                        vals.push(load(ex, &mem.storage[rx], at).f());
                    }
                }
                out.push(match p.avg {
                    None => vals
                        .into_iter()
                        .fold(f64::NEG_INFINITY, |m, v| if v > m { v } else { m }),
                    Some(include_pad) => {
                        let count = if include_pad {
                            (prow * pcol) as f64
                        } else {
                            vals.len() as f64
                        };
                        vals.iter().sum::<f64>() / count
                    }
                });
            }
        }
    }
    for (i, v) in out.into_iter().enumerate() {
        store(elem, &mut mem.storage[ro], i, Val::F(round(elem, v)));
    }
    Ok(())
}

/// An attention in f64 (`crate::composite::attention_f64`: `graph.attention`'s
/// semantics, NaN for a fully masked row unless `nan_to_zero`, 0 for
/// `Sk = 0`), each result rounded once.
fn run_attention(a: &AttentionPlan, mem: &mut Memory) -> Result<()> {
    let g = a.geometry(&mem.dims)?;
    if mem.read_only[a.out] {
        return Err(Error::invalid_argument("an attention writes a constant"));
    }
    let elem = mem.elems[a.out];
    if !elem.is_float() {
        return Err(Error::unimplemented(format!(
            "kernel.attention on {elem:?} (floats only)"
        )));
    }
    let operands = [Some(a.query), Some(a.key), Some(a.value), a.mask];
    if let Some(b) = operands.iter().flatten().find(|&&b| mem.elems[b] != elem) {
        return Err(Error::invalid_argument(format!(
            "kernel.attention of {:?} operands into {elem:?}",
            mem.elems[*b]
        )));
    }
    // The batch dims, flattened (the mask's strides walk them).
    let batch: usize = g.batch.iter().product();
    let read = |b: usize, n: usize| -> Vec<f64> {
        (0..n)
            .map(|i| load(elem, &mem.storage[mem.root[b]], i).f())
            .collect()
    };
    let (q, k, v) = (
        read(a.query, batch * g.sq * g.d),
        read(a.key, batch * g.sk * g.d),
        read(a.value, batch * g.sk * g.dv),
    );
    let dims = crate::composite::AttentionDims {
        batch,
        sq: g.sq,
        sk: g.sk,
        d: g.d,
        dv: g.dv,
    };
    let out = match (a.mask, &g.mask) {
        (Some(m), Some(st)) => {
            let bytes = &mem.storage[mem.root[m]];
            let at = |b: usize, i: usize, j: usize| {
                load(elem, bytes, st.batch_offset(b) + i * st.row + j * st.col).f()
            };
            crate::composite::attention_f64(
                &dims,
                &q,
                &k,
                &v,
                Some(&at),
                a.scale as f64,
                a.nan_to_zero,
            )
        }
        _ => {
            crate::composite::attention_f64(&dims, &q, &k, &v, None, a.scale as f64, a.nan_to_zero)
        }
    };
    let ro = mem.root[a.out];
    for (i, x) in out.into_iter().enumerate() {
        store(elem, &mut mem.storage[ro], i, Val::F(round(elem, x)));
    }
    Ok(())
}

fn run_gather(g: &GatherPlan, mem: &mut Memory) -> Result<()> {
    let (outer, d, inner, k) = g.sizes(&mem.dims)?;
    if mem.read_only[g.out] {
        return Err(Error::invalid_argument("a gather writes a constant"));
    }
    if inner == 0 || d == 0 {
        // Nothing to write (`sizes` refuses selecting from an empty dim).
        return Ok(());
    }
    let (ex, ei) = (mem.elems[g.input], mem.elems[g.indices]);
    for o in 0..outer {
        for j in 0..k {
            let raw = load(ei, &mem.storage[mem.root[g.indices]], j as usize).i();
            let row = if raw < 0 { raw + d as i64 } else { raw };
            let row = row.clamp(0, d as i64 - 1) as u64;
            for i in 0..inner {
                let v = load(
                    ex,
                    &mem.storage[mem.root[g.input]],
                    ((o * d + row) * inner + i) as usize,
                );
                let ob = mem.root[g.out];
                store(
                    ex,
                    &mut mem.storage[ob],
                    ((o * k + j) * inner + i) as usize,
                    v,
                );
            }
        }
    }
    Ok(())
}

/// A scatter: `out` = `data`, then the update rows in order at their
/// (gather-mapped) rows, replaced or combined by [`bin`].
fn run_scatter(g: &ScatterPlan, mem: &mut Memory) -> Result<()> {
    let (n, inner, k) = g.sizes(&mem.dims)?;
    if mem.read_only[g.out] {
        return Err(Error::invalid_argument("a scatter writes a constant"));
    }
    let e = mem.elems[g.data];
    let (xb, ib, ub, ob) = (
        mem.root[g.data],
        mem.root[g.indices],
        mem.root[g.updates],
        mem.root[g.out],
    );
    for at in 0..(n * inner) as usize {
        let v = load(e, &mem.storage[xb], at);
        store(e, &mut mem.storage[ob], at, v);
    }
    if n == 0 {
        // No rows to write into: the updates are dropped.
        return Ok(());
    }
    for j in 0..k {
        let raw = load(mem.elems[g.indices], &mem.storage[ib], j as usize).i();
        let row = xir_graph::fold::gather_index(raw, n as i64) as u64;
        for i in 0..inner {
            let (dst, src) = ((row * inner + i) as usize, (j * inner + i) as usize);
            let u = load(e, &mem.storage[ub], src);
            let v = match g.reduction {
                None => u,
                Some(b) => bin(b, e, load(e, &mem.storage[ob], dst), u)?,
            };
            store(e, &mut mem.storage[ob], dst, v);
        }
    }
    Ok(())
}

/// Runs `plan` on a dispatch's bindings: sizes and asserts checked, every
/// binding copied in, the stages run in order, and what they wrote copied
/// back.
pub fn interpret(plan: &KernelPlan, args: &DispatchArgs) -> Result<()> {
    plan.check_elems()?;
    let lens: Vec<usize> = args.bindings.iter().map(|b| b.len()).collect();
    let (slots, sizes) = dispatch_sizes(plan, &args.constants, &lens)?;
    let mut mem = Memory {
        storage: Vec::new(),
        root: Vec::new(),
        dims: Vec::new(),
        elems: Vec::new(),
        read_only: Vec::new(),
    };
    // Storage index of each binding read in.
    let mut bound: Vec<Option<usize>> = vec![None; args.bindings.len()];
    for (b, size) in plan.buffers.iter().zip(sizes) {
        let (root, read_only) = match &b.kind {
            BufferKind::Binding(i) => {
                let s = match bound[*i] {
                    Some(s) => s,
                    None => {
                        let mut data = vec![0u8; lens[*i]];
                        args.bindings[*i].read(0, &mut data)?;
                        mem.storage.push(data);
                        bound[*i] = Some(mem.storage.len() - 1);
                        mem.storage.len() - 1
                    }
                };
                (s, false)
            }
            BufferKind::Alloc => {
                mem.storage.push(vec![0u8; size.bytes]);
                (mem.storage.len() - 1, false)
            }
            BufferKind::Constant(data) => {
                mem.storage.push(data.to_vec());
                (mem.storage.len() - 1, true)
            }
            BufferKind::Reshape(src) => (mem.root[*src], mem.read_only[*src]),
        };
        mem.root.push(root);
        mem.read_only.push(read_only);
        mem.dims.push(size.dims);
        mem.elems.push(b.elem);
    }
    if let Some(b) = plan.grid_buffer() {
        check_grid(&plan.name, &mem.dims[b], args.workgroups)?;
    }
    for (i, st) in plan.stages.iter().enumerate() {
        let r = match st {
            Stage::Generic(g) => run_generic(g, &mut mem, &slots),
            Stage::Matmul(m) => run_matmul(m, &mut mem, &slots),
            Stage::Conv(c) => run_conv(c, &mut mem, &slots),
            Stage::Pool(p) => run_pool(p, &mut mem),
            Stage::Attention(a) => run_attention(a, &mut mem),
            Stage::Gather(g) => run_gather(g, &mut mem),
            Stage::Scatter(g) => run_scatter(g, &mut mem),
        };
        r.map_err(|e| {
            let at = plan.origins.get(i).map(String::as_str).unwrap_or("?");
            e.context(format_args!(
                "in kernel @{} (stage {i}, at {at})",
                plan.name
            ))
        })?;
    }
    for (i, s) in bound.iter().enumerate() {
        if let Some(s) = s {
            if written(plan, i) {
                args.bindings[i].write(0, &mem.storage[*s])?;
            }
        }
    }
    Ok(())
}

/// Whether a stage writes binding `i` (directly or through a view).
fn written(plan: &KernelPlan, i: usize) -> bool {
    let root = |mut b: usize| {
        while let BufferKind::Reshape(src) = plan.buffers[b].kind {
            b = src;
        }
        b
    };
    plan.stages.iter().any(|s| {
        let out = match s {
            Stage::Generic(g) => g.output.buffer,
            Stage::Matmul(m) => m.out,
            Stage::Conv(c) => c.out,
            Stage::Pool(p) => p.out,
            Stage::Attention(a) => a.out,
            Stage::Gather(g) => g.out,
            Stage::Scatter(g) => g.out,
        };
        matches!(plan.buffers[root(out)].kind, BufferKind::Binding(j) if j == i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xir_kernel_plan::BufferPlan;
    use xir_runtime_hal::ErrorKind;

    #[test]
    fn a_plan_of_an_unsupported_element_type_is_unimplemented() {
        let plan = KernelPlan {
            buffers: vec![BufferPlan {
                kind: BufferKind::Alloc,
                elem: ElementType::parse("ui8").unwrap(),
                dims: vec![],
            }],
            ..KernelPlan::default()
        };
        let args = DispatchArgs {
            workgroups: [1, 1, 1],
            constants: vec![],
            bindings: vec![],
        };
        let e = interpret(&plan, &args).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unimplemented);
        assert_eq!(e.to_string(), "unsupported element type ui8");
    }

    /// A gather from an empty dim of rows of no element writes nothing (it
    /// clamped an index into `[0, -1]` and panicked).
    #[test]
    fn a_gather_of_empty_rows_from_an_empty_dim_writes_nothing() {
        use xir_kernel_plan::{GatherPlan, IndexOp, Stage};
        // Slots: 0 = 2 (outer), 1 = 0 (the axis and inner), 2 = 3 (k).
        let buffer = |kind, elem, dims: Vec<usize>| BufferPlan { kind, elem, dims };
        let plan = KernelPlan {
            name: "k".into(),
            index_ops: vec![IndexOp::Const(2), IndexOp::Const(0), IndexOp::Const(3)],
            buffers: vec![
                buffer(BufferKind::Alloc, ElementType::F32, vec![0, 1, 1]),
                buffer(BufferKind::Alloc, ElementType::I64, vec![2]),
                buffer(BufferKind::Binding(0), ElementType::F32, vec![0, 2, 1]),
            ],
            stages: vec![Stage::Gather(GatherPlan {
                input: 0,
                indices: 1,
                out: 2,
                axis: 1,
            })],
            origins: vec!["here".into()],
            ..KernelPlan::default()
        };
        let args = DispatchArgs {
            workgroups: xir_hal::grid::workgroup_count(&[2, 3, 0]).unwrap(),
            constants: vec![],
            bindings: vec![xir_runtime_hal::Buffer::allocate(0, 0).unwrap()],
        };
        interpret(&plan, &args).unwrap();
    }
}
