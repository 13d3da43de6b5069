//! Running a JIT-compiled kernel: per dispatch, its index arithmetic, its
//! buffers (bindings checked against their dims, scratch from a pool), then
//! each stage in order, its iterations split over the worker threads.
//!
//! What follows from a dispatch's constants and binding lengths alone (the
//! sizes, the checks of every stage's reach, the stages' argument blocks
//! less their buffers' addresses) is kept per kernel as a [`Prepared`] and
//! reused while the next dispatch brings the same ones: a model called again
//! and again pays for the checks once.

use crate::codegen::{args_layout, StageFn};
use crate::epilogue::Runs;
use crate::plan::{
    unsupported_element, AttentionPlan, BufferKind, ConvPlan, ElementType, GatherPlan, GenericPlan,
    KernelPlan, PoolPlan, ScatterPlan,
};
use crate::pool;
use std::sync::{Arc, Mutex};
use xir_kernel_plan::resolve::{check_grid, count_of, dispatch_sizes, resolve};
use xir_runtime_hal::{DispatchArgs, Error, Executable, Exports, Result};
use xir_ukernel::conv::{Conv2d, PackedFilter};
use xir_ukernel::ewise::Program;
use xir_ukernel::packed::PackedB;

/// Iterations (times reduced elements) below which a stage runs on one
/// thread (the pool's hand-off costs about a microsecond when its workers
/// are awake).
const GRAIN: u64 = 1 << 12;
/// Multiply-adds per thread below which a matmul is not split.
const MATMUL_GRAIN: u64 = 1 << 15;

pub struct CompiledGeneric {
    pub plan: GenericPlan,
    pub func: StageFn,
    /// An epilogue as a wide-vector program, where its body has one
    /// ([`crate::epilogue`]); `None` for other stages.
    pub wide: Option<Program>,
}

pub enum CompiledStage {
    Generic(CompiledGeneric),
    Matmul(CompiledMatmul),
    /// Runs `xir_ukernel::conv` with the JIT epilogue.
    Conv(Box<CompiledConv>),
    /// Runs `xir_ukernel::pool` (no JIT code).
    Pool(PoolPlan),
    /// Runs `xir_ukernel::attention` (no JIT code).
    Attention(AttentionPlan),
    /// Runs `xir_ukernel::gather` (no JIT code).
    Gather(GatherPlan),
    /// Rows copied and combined in Rust, in order (no JIT code).
    Scatter(ScatterPlan),
}

pub struct CompiledMatmul {
    pub lhs: usize,
    pub rhs: usize,
    pub out: usize,
    pub elem: ElementType,
    pub epilogue: Option<CompiledGeneric>,
    /// An f32 B that is a constant of the kernel (a layer's weights), packed
    /// once for the micro-kernel at its first dispatch.
    pub packed: Mutex<Option<Arc<PackedWeights>>>,
}

/// Each batch element's B of a matmul, packed.
pub struct PackedWeights {
    k: usize,
    n: usize,
    mats: Vec<PackedB>,
}

pub struct CompiledConv {
    pub plan: ConvPlan,
    pub epilogue: Option<CompiledGeneric>,
    /// The filter packed for the geometry of the last dispatch: packed once
    /// when the filter is a constant of the kernel (weights), per dispatch
    /// otherwise.
    pub packed: Mutex<Option<Arc<PackedFilter>>>,
}

pub struct CompiledKernel {
    pub plan: KernelPlan,
    pub stages: Vec<CompiledStage>,
    /// [`KernelPlan::grid_buffer`].
    pub grid: Option<usize>,
    /// The last dispatch's [`Prepared`].
    pub prepared: Mutex<Option<Arc<Prepared>>>,
}

/// A kernel's dispatch as its constants and binding lengths determine it.
pub struct Prepared {
    constants: Vec<u64>,
    lens: Vec<usize>,
    /// Each buffer's element count and bytes.
    counts: Vec<(u64, usize)>,
    dims: Vec<Vec<i64>>,
    /// Per stage: a generic stage's (or a matmul's epilogue's) argument
    /// block; `None` for other stages and empty domains.
    args: Vec<Option<StageArgs>>,
}

/// A generic stage's argument block with each buffer's address left out:
/// `block[at]` holds a byte offset into buffer `buffer`, to which the
/// buffer's address is added per dispatch.
struct StageArgs {
    block: Vec<i64>,
    bases: Vec<(usize, usize)>,
    domain: Vec<i64>,
}

impl StageArgs {
    fn fill(&self, bufs: &[Bound]) -> Vec<i64> {
        let mut block = self.block.clone();
        for &(at, b) in &self.bases {
            block[at] += bufs[b].ptr as i64;
        }
        block
    }
}

pub struct LocalExecutable {
    pub exports: Exports,
    pub kernels: Vec<CompiledKernel>,
    /// Owns the code the stage functions point into.
    pub _jit: Arc<crate::SharedJit>,
    scratch: Mutex<Vec<Vec<u128>>>,
}

// SAFETY: the JIT module is only read after finalisation (its code is
// immutable); stage functions are plain code pointers.
unsafe impl Send for LocalExecutable {}
unsafe impl Sync for LocalExecutable {}

impl LocalExecutable {
    pub fn new(exports: Exports, kernels: Vec<CompiledKernel>, jit: Arc<crate::SharedJit>) -> Self {
        LocalExecutable {
            exports,
            kernels,
            _jit: jit,
            scratch: Mutex::new(Vec::new()),
        }
    }
}

/// A buffer during one dispatch.
#[derive(Clone, Copy)]
struct Bound {
    ptr: *mut u8,
    /// Elements.
    count: u64,
    elem: ElementType,
    writable: bool,
}

/// The argument block of a generic stage (see `codegen::args_layout`), its
/// buffers' addresses left out; `None` for an empty domain.
fn stage_args(
    g: &GenericPlan,
    bufs: &[Bound],
    dims: &[Vec<i64>],
    slots: &[i64],
) -> Result<Option<StageArgs>> {
    let domain: Vec<i64> = g.domain.iter().map(|&s| slots[s]).collect();
    if domain.iter().any(|&d| d < 0) {
        return Err(Error::invalid_argument("a negative loop bound"));
    }
    if domain.contains(&0) {
        return Ok(None);
    }
    let symbols: Vec<i64> = g.symbols.iter().map(|&s| slots[s]).collect();
    let n = g.inputs.len() + 1;
    let rank = domain.len();
    let (bases_at, sizes_at, coefs_at) = args_layout(n, rank);
    let mut args = vec![0i64; coefs_at + n * rank];
    let mut bases = Vec::with_capacity(n);
    for (k, a) in g
        .inputs
        .iter()
        .chain(std::iter::once(&g.output))
        .enumerate()
    {
        let b = &bufs[a.buffer];
        let r = resolve(
            a,
            &dims[a.buffer],
            b.count,
            !b.writable,
            &domain,
            &symbols,
            k == n - 1,
        )?;
        let (base, coefs) = (r.base, r.coefs);
        args[bases_at + k] = base * b.elem.byte_size() as i64;
        bases.push((bases_at + k, a.buffer));
        args[coefs_at + k * rank..coefs_at + (k + 1) * rank].copy_from_slice(&coefs);
    }
    args[sizes_at..sizes_at + rank].copy_from_slice(&domain);
    Ok(Some(StageArgs {
        block: args,
        bases,
        domain,
    }))
}

fn run_generic(c: &CompiledGeneric, args: &[i64], domain: &[i64]) {
    let g = &c.plan;
    let par: u64 = domain[..g.parallel].iter().map(|&d| d as u64).product();
    let red: u64 = domain[g.parallel..].iter().map(|&d| d as u64).product();
    let work = par.saturating_mul(red.max(1));
    let threads = pool::threads() as u64;
    let chunks = (work / GRAIN).clamp(1, threads).min(par.max(1));
    let f = c.func;
    let ptr = args.as_ptr() as usize;
    pool::run(chunks as usize, &|i| {
        let lo = par * i as u64 / chunks;
        let hi = par * (i as u64 + 1) / chunks;
        // SAFETY: the block was checked against every buffer's bounds.
        unsafe { f(ptr as *const i64, lo as i64, hi as i64) }
    });
}

struct EpilogueCtx {
    func: StageFn,
    args: *const i64,
    /// Linear index of the first element of the rows this call computes.
    first: i64,
    n: i64,
}

unsafe extern "C" fn epilogue_cb(ctx: *mut u8, lo: usize, hi: usize) {
    let c = &*(ctx as *const EpilogueCtx);
    (c.func)(c.args, c.first + lo as i64 * c.n, c.first + hi as i64 * c.n);
}

/// An epilogue run as a wide-vector program ([`crate::epilogue`]).
struct WideCtx<'a> {
    prog: &'a Program,
    runs: &'a Runs,
    isa: xir_ukernel::Isa,
    /// As [`EpilogueCtx`]'s.
    first: i64,
    n: i64,
}

unsafe extern "C" fn wide_cb(ctx: *mut u8, lo: usize, hi: usize) {
    let c = &*(ctx as *const WideCtx);
    c.runs.apply(
        c.isa,
        c.prog,
        c.first + lo as i64 * c.n,
        c.first + hi as i64 * c.n,
    );
}

/// The callback and context of an epilogue on rows `first + lo * n..` : the
/// wide-vector program where the stage has one and this dispatch's layout
/// allows it, else the JIT code.
enum EpiCtx<'a> {
    Jit(EpilogueCtx),
    Wide(WideCtx<'a>),
}

impl EpiCtx<'_> {
    fn callback(&self) -> (xir_ukernel::Epilogue, *mut u8) {
        match self {
            EpiCtx::Jit(c) => (epilogue_cb, c as *const EpilogueCtx as *mut u8),
            EpiCtx::Wide(c) => (wide_cb, c as *const WideCtx as *mut u8),
        }
    }
}

/// How a dispatch runs its epilogue: its JIT stage, the filled argument
/// block, and the wide program with the block's runs when both exist.
struct Epi<'a> {
    func: StageFn,
    args: &'a [i64],
    wide: Option<(&'a Program, Runs)>,
}

impl<'a> Epi<'a> {
    fn new(e: &'a CompiledGeneric, args: &'a [i64]) -> Epi<'a> {
        let wide = e.wide.as_ref().and_then(|p| {
            let runs = Runs::new(args, e.plan.inputs.len() + 1, e.plan.domain.len())?;
            Some((p, runs))
        });
        Epi {
            func: e.func,
            args,
            wide,
        }
    }

    fn ctx(&self, first: i64, n: i64) -> EpiCtx<'_> {
        match &self.wide {
            Some((prog, runs)) => EpiCtx::Wide(WideCtx {
                prog,
                runs,
                isa: xir_ukernel::Isa::best(),
                first,
                n,
            }),
            None => EpiCtx::Jit(EpilogueCtx {
                func: self.func,
                args: self.args.as_ptr(),
                first,
                n,
            }),
        }
    }
}

type MatmulEntry = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *mut u8,
    usize,
    usize,
    usize,
    usize,
    Option<xir_ukernel::Epilogue>,
    *mut u8,
);

/// The micro-kernel of a matmul's element type (the plan's signless types;
/// any other is `Unimplemented`).
fn matmul_entry(e: ElementType) -> Result<MatmulEntry> {
    // SAFETY (each transmute): the entry points differ only in the element
    // type behind their pointers.
    Ok(unsafe {
        match e {
            ElementType::F32 => std::mem::transmute::<xir_ukernel::MatmulFn<f32>, MatmulEntry>(
                xir_ukernel::xir_matmul_f32,
            ),
            ElementType::F64 => std::mem::transmute::<xir_ukernel::MatmulFn<f64>, MatmulEntry>(
                xir_ukernel::xir_matmul_f64,
            ),
            ElementType::F16 => std::mem::transmute::<xir_ukernel::MatmulFn<u16>, MatmulEntry>(
                xir_ukernel::xir_matmul_f16,
            ),
            ElementType::BF16 => std::mem::transmute::<xir_ukernel::MatmulFn<u16>, MatmulEntry>(
                xir_ukernel::xir_matmul_bf16,
            ),
            ElementType::I1 | ElementType::I8 => std::mem::transmute::<
                xir_ukernel::MatmulFn<i8>,
                MatmulEntry,
            >(xir_ukernel::xir_matmul_i8),
            ElementType::I16 => std::mem::transmute::<xir_ukernel::MatmulFn<i16>, MatmulEntry>(
                xir_ukernel::xir_matmul_i16,
            ),
            ElementType::I32 => std::mem::transmute::<xir_ukernel::MatmulFn<i32>, MatmulEntry>(
                xir_ukernel::xir_matmul_i32,
            ),
            ElementType::I64 => std::mem::transmute::<xir_ukernel::MatmulFn<i64>, MatmulEntry>(
                xir_ukernel::xir_matmul_i64,
            ),
            e => return Err(unsupported_element(e)),
        }
    })
}

#[allow(clippy::too_many_arguments)]
fn run_matmul(
    mm: &CompiledMatmul,
    epi_args: Option<Vec<i64>>,
    bufs: &[Bound],
    dims: &[Vec<i64>],
    constant_rhs: bool,
) -> Result<()> {
    let (lhs, rhs, out, elem) = (mm.lhs, mm.rhs, mm.out, mm.elem);
    let (l, r, o) = (&dims[lhs], &dims[rhs], &dims[out]);
    let rank = o.len();
    if rank < 2 || l.len() != rank || r.len() != rank {
        return Err(Error::invalid_argument(
            "matmul operands of different ranks",
        ));
    }
    let (m, n, k) = (o[rank - 2], o[rank - 1], l[rank - 1]);
    let ok = l[..rank - 2] == o[..rank - 2]
        && r[..rank - 2] == o[..rank - 2]
        && l[rank - 2] == m
        && r[rank - 1] == n
        && r[rank - 2] == k;
    if !ok {
        return Err(Error::invalid_argument(format!(
            "matmul of shapes {l:?} x {r:?} into {o:?}"
        )));
    }
    if !bufs[out].writable {
        return Err(Error::invalid_argument("a matmul writes a constant"));
    }
    let batch = count_of(&o[..rank - 2])?;
    let (m, n, k, batch) = (m as usize, n as usize, k as usize, batch as usize);
    if m == 0 || n == 0 || batch == 0 {
        return Ok(());
    }
    let epilogue = mm.epilogue.as_ref();
    let es = elem.byte_size();
    let entry = matmul_entry(elem)?;
    // Weights are packed once, the first time they are needed.
    let packed = if constant_rhs && elem == ElementType::F32 && k > 0 {
        Some(packed_weights(mm, bufs[rhs].ptr as *const f32, batch, k, n))
    } else {
        None
    };
    // Blocks of rows of every batch element, handed out in `groups`
    // contiguous runs: one per thread the work pays for.
    let work = (batch * m * n * k.max(1)) as u64;
    let groups = (work / MATMUL_GRAIN).clamp(1, pool::threads() as u64) as usize;
    // A single row (a classifier, a decode step) splits its columns instead,
    // in runs of whole panels (16 columns, or a packed B's panel), so each
    // thread reads part of the weights; every element's sum is computed as
    // without the split.
    let step = packed.as_ref().map_or(16, |p| p.mats[0].panel());
    let by_cols = m == 1 && n >= 2 * step;
    let per_batch = if by_cols {
        groups.div_ceil(batch).min(n / step)
    } else {
        groups.div_ceil(batch).min(m)
    };
    let blocks = batch * per_batch;
    let (pa, pb, pc) = (
        bufs[lhs].ptr as usize,
        bufs[rhs].ptr as usize,
        bufs[out].ptr as usize,
    );
    let epi = epilogue
        .zip(epi_args.as_ref())
        .map(|(e, args)| Epi::new(e, args));
    let block = |b: usize| {
        let (bi, j) = (b / per_batch, b % per_batch);
        let (a0, b0, c0) = (
            pa + bi * m * k * es,
            pb + bi * k * n * es,
            pc + bi * m * n * es,
        );
        let (r0, r1, j0, j1) = if by_cols {
            let cut = |j: usize| {
                if j == per_batch {
                    n
                } else {
                    n * j / per_batch / step * step
                }
            };
            (0, 1, cut(j), cut(j + 1))
        } else {
            (m * j / per_batch, m * (j + 1) / per_batch, 0, n)
        };
        let ctx = epi
            .as_ref()
            .map(|e| e.ctx(((bi * m + r0) * n + j0) as i64, (j1 - j0) as i64));
        let (cb, cp) = match ctx.as_ref().map(EpiCtx::callback) {
            Some((f, c)) => (Some(f), c),
            None => (None, std::ptr::null_mut()),
        };
        let a = (a0 + r0 * k * es) as *const u8;
        let c = (c0 + (r0 * n + j0) * es) as *mut u8;
        // SAFETY: the operands hold batch·m·k, batch·k·n and batch·m·n
        // elements (checked against their buffers by the caller); a packed B
        // is batch element `bi`'s, k x n, and `j0` is 0 or a cut at a
        // multiple of its panel.
        unsafe {
            match &packed {
                Some(p) => xir_ukernel::packed::matmul_packed_f32(
                    a as *const f32,
                    k,
                    &p.mats[bi],
                    (j0, j1),
                    c as *mut f32,
                    n,
                    r1 - r0,
                    cb,
                    cp,
                ),
                None => entry(
                    a,
                    k,
                    (b0 + j0 * es) as *const u8,
                    n,
                    c,
                    n,
                    r1 - r0,
                    j1 - j0,
                    k,
                    cb,
                    cp,
                ),
            }
        }
    };
    pool::run(groups.min(blocks), &|g| {
        let g_count = groups.min(blocks);
        (blocks * g / g_count..blocks * (g + 1) / g_count).for_each(block);
    });
    if elem == ElementType::I1 && epilogue.is_none() {
        // The i8 kernel's sums wrap at 8 bits; i1 keeps the low bit.
        let total = batch * m * n;
        // SAFETY: the output holds `total` elements.
        let s = unsafe { std::slice::from_raw_parts_mut(bufs[out].ptr, total) };
        for x in s {
            *x &= 1;
        }
    }
    Ok(())
}

/// `mm`'s constant B (`batch` matrices of k x n at `b`), packed: the cached
/// copy when it has that shape, else packed now and cached.
fn packed_weights(
    mm: &CompiledMatmul,
    b: *const f32,
    batch: usize,
    k: usize,
    n: usize,
) -> Arc<PackedWeights> {
    let mut slot = mm.packed.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = slot
        .as_ref()
        .filter(|p| (p.k, p.n, p.mats.len()) == (k, n, batch))
    {
        return p.clone();
    }
    let isa = xir_ukernel::Isa::best();
    let mats = (0..batch)
        .map(|bi| {
            // SAFETY: B holds batch·k·n f32s (checked by the caller) and is a
            // constant: nothing writes it.
            let m = unsafe { std::slice::from_raw_parts(b.add(bi * k * n), k * n) };
            xir_ukernel::packed::pack_b_f32(isa, m, n, k, n)
        })
        .collect();
    let p = Arc::new(PackedWeights { k, n, mats });
    *slot = Some(p.clone());
    p
}

/// Whether buffer `b` is (a view of) a constant of the kernel.
fn constant_root(plan: &KernelPlan, mut b: usize) -> bool {
    loop {
        match plan.buffers[b].kind {
            BufferKind::Reshape(src) => b = src,
            BufferKind::Constant(_) => return true,
            _ => return false,
        }
    }
}

/// A conv stage: `xir_ukernel::conv` over the pool, its parts in parallel,
/// the JIT epilogue on each finished range.
fn run_conv(
    c: &CompiledConv,
    epi_args: Option<Vec<i64>>,
    bufs: &[Bound],
    dims: &[Vec<i64>],
    constant_filter: bool,
) -> Result<()> {
    let p = &c.plan;
    let g = p.geometry(dims)?;
    let u = |v: i64| v as usize;
    let s = Conv2d {
        n: u(g.n),
        c: u(g.c),
        h: u(g.h),
        w: u(g.w),
        m: u(g.m),
        kh: u(g.kh),
        kw: u(g.kw),
        oh: u(g.oh),
        ow: u(g.ow),
        groups: u(g.groups),
        stride: g.stride.map(u),
        dilation: g.dilation.map(u),
        pad: g.pad.map(u),
    };
    s.check().map_err(Error::invalid_argument)?;
    let (x, w, o) = (&bufs[p.input], &bufs[p.filter], &bufs[p.out]);
    if !o.writable {
        return Err(Error::invalid_argument("a conv writes a constant"));
    }
    if x.count < s.input_len() as u64
        || w.count < s.filter_len() as u64
        || o.count < s.output_len() as u64
    {
        return Err(Error::invalid_argument(
            "a conv buffer is shorter than its dims",
        ));
    }
    if s.output_len() == 0 {
        return Ok(());
    }
    let packed = {
        let mut slot = c.packed.lock().unwrap_or_else(|e| e.into_inner());
        match slot.as_ref().filter(|f| constant_filter && *f.conv() == s) {
            Some(f) => f.clone(),
            None => {
                // SAFETY: the filter buffer holds `filter_len()` f32s (checked
                // above); nothing writes it during the dispatch.
                let filter =
                    unsafe { std::slice::from_raw_parts(w.ptr as *const f32, s.filter_len()) };
                let f = Arc::new(xir_ukernel::conv::pack_filter(
                    xir_ukernel::Isa::best(),
                    &s,
                    filter,
                ));
                *slot = Some(f.clone());
                f
            }
        }
    };
    let epi = c
        .epilogue
        .as_ref()
        .zip(epi_args.as_ref())
        .map(|(e, args)| Epi::new(e, args));
    let ctx = epi.as_ref().map(|e| e.ctx(0, 1));
    let (cb, cp) = match ctx.as_ref().map(EpiCtx::callback) {
        Some((f, c)) => (Some(f), c as usize),
        None => (None, 0),
    };
    let parts = xir_ukernel::conv::parts(&s, pool::threads());
    let (xp, op) = (x.ptr as usize, o.ptr as usize);
    let filter = &*packed;
    pool::run(parts, &|i| {
        // SAFETY: the buffers hold the geometry's lengths (checked above);
        // the parts write disjoint elements of the output, which the
        // compiler never aliases with the input.
        unsafe {
            xir_ukernel::conv::conv2d_f32(
                &s,
                xp as *const f32,
                filter,
                op as *mut f32,
                i,
                parts,
                cb,
                cp as *mut u8,
            )
        }
    });
    Ok(())
}

/// A pool stage: `xir_ukernel::pool` over the pool of threads, its parts
/// in parallel.
/// An attention stage: `xir_ukernel::attention` over the pool for each index
/// of the batch dims before the last two (which the kernel takes as its
/// batch and heads).
fn run_attention(p: &AttentionPlan, bufs: &[Bound], dims: &[Vec<i64>]) -> Result<()> {
    use xir_ukernel::attention::{Attention, Operands, Strides};
    let g = p.geometry(dims)?;
    let nb = g.batch.len();
    let (outer, heads_dims) = g.batch.split_at(nb.saturating_sub(2));
    let (batch, heads) = match heads_dims {
        [] => (1, 1),
        [b] => (*b, 1),
        [b, h] => (*b, *h),
        _ => unreachable!("at most two dims"),
    };
    let a = Attention {
        batch,
        heads,
        sq: g.sq,
        sk: g.sk,
        d: g.d,
        dv: g.dv,
        scale: p.scale,
        nan_to_zero: p.nan_to_zero,
    };
    a.check().map_err(Error::invalid_argument)?;
    let outer_n: usize = outer.iter().product();
    let inner = batch * heads;
    let lens = [
        (p.query, g.sq * g.d),
        (p.key, g.sk * g.d),
        (p.value, g.sk * g.dv),
        (p.out, g.sq * g.dv),
    ];
    for (b, per) in lens {
        if bufs[b].elem != ElementType::F32 {
            return Err(unsupported_element(bufs[b].elem));
        }
        if bufs[b].count < (outer_n * inner * per) as u64 {
            return Err(Error::invalid_argument(
                "an attention buffer is shorter than its dims",
            ));
        }
    }
    if !bufs[p.out].writable {
        return Err(Error::invalid_argument("an attention writes a constant"));
    }
    // Dense [batch, heads, rows, cols] strides.
    let dense = |rows: usize, cols: usize| Strides([heads * rows * cols, rows * cols, cols, 1]);
    let mask = match (p.mask, &g.mask) {
        (Some(m), Some(ms)) => {
            let b = &bufs[m];
            if b.elem != ElementType::F32 {
                return Err(unsupported_element(b.elem));
            }
            // The mask's extent: its last element's offset, plus one.
            let last = ms
                .batch
                .iter()
                .map(|&(n, st)| n.saturating_sub(1) * st)
                .sum::<usize>()
                + g.sq.saturating_sub(1) * ms.row
                + g.sk.saturating_sub(1) * ms.col;
            if outer_n * inner * g.sq * g.sk > 0 && b.count <= last as u64 {
                return Err(Error::invalid_argument(
                    "an attention mask is shorter than its dims",
                ));
            }
            let st = |i: Option<usize>| i.map_or(0, |i| ms.batch[i].1);
            let (sb, sh) = match heads_dims.len() {
                0 => (0, 0),
                1 => (st(Some(nb - 1)), 0),
                _ => (st(Some(nb - 2)), st(Some(nb - 1))),
            };
            Some((b.ptr as usize, Strides([sb, sh, ms.row, ms.col]), ms))
        }
        _ => None,
    };
    let parts = xir_ukernel::attention::parts(&a, pool::threads());
    let isa = xir_ukernel::Isa::best();
    let f = |b: usize| bufs[b].ptr as usize;
    let (q0, k0, v0, o0) = (f(p.query), f(p.key), f(p.value), f(p.out));
    for o in 0..outer_n {
        let at = |base: usize, per: usize| base + o * inner * per * 4;
        let ops = Operands {
            q: at(q0, g.sq * g.d) as *const f32,
            q_s: dense(g.sq, g.d),
            k: at(k0, g.sk * g.d) as *const f32,
            k_s: dense(g.sk, g.d),
            v: at(v0, g.sk * g.dv) as *const f32,
            v_s: dense(g.sk, g.dv),
            mask: mask.as_ref().map(|(ptr, s, ms)| {
                // Offset of outer index `o` over the outer dims' strides.
                let mut off = 0;
                let mut rest = o;
                for i in (0..outer.len()).rev() {
                    let (n, st) = ms.batch[i];
                    off += (rest % n) * st;
                    rest /= n;
                }
                ((*ptr + off * 4) as *const f32, *s)
            }),
            out: at(o0, g.sq * g.dv) as *mut f32,
            out_s: dense(g.sq, g.dv),
        };
        ops.check(&a).map_err(Error::invalid_argument)?;
        let ops = &ops;
        // The raw pointers cross to the pool's threads as one shared value.
        struct Shared<'a>(&'a Operands);
        // SAFETY: the parts only read Q, K, V and the mask and write disjoint
        // elements of the output (the kernel's contract), which the compiler
        // never aliases with its inputs.
        unsafe impl Sync for Shared<'_> {}
        let shared = Shared(ops);
        pool::run(parts, &|i| {
            let s = &shared;
            // SAFETY: the buffers hold the geometry's elements (checked above,
            // and `ops.check` checked the views); see `Shared`.
            unsafe { xir_ukernel::attention::attention_f32(isa, &a, s.0, i, parts) }
        });
    }
    Ok(())
}

fn run_pool(p: &PoolPlan, bufs: &[Bound], dims: &[Vec<i64>]) -> Result<()> {
    use xir_ukernel::pool::{Pool2d, PoolKind};
    let g = p.geometry(dims)?;
    let u = |v: i64| v as usize;
    let s = Pool2d {
        n: u(g.n),
        c: u(g.c),
        h: u(g.h),
        w: u(g.w),
        kh: u(g.kh),
        kw: u(g.kw),
        oh: u(g.oh),
        ow: u(g.ow),
        stride: g.stride.map(u),
        dilation: g.dilation.map(u),
        pad: g.pad.map(u),
        pad_end: g.pad_end.map(u),
        kind: match p.avg {
            None => PoolKind::Max,
            Some(count_include_pad) => PoolKind::Avg { count_include_pad },
        },
    };
    s.check().map_err(Error::invalid_argument)?;
    let (x, o) = (&bufs[p.input], &bufs[p.out]);
    if x.elem != ElementType::F32 {
        return Err(unsupported_element(x.elem));
    }
    if !o.writable {
        return Err(Error::invalid_argument("a pool writes a constant"));
    }
    if x.count < s.input_len() as u64 || o.count < s.output_len() as u64 {
        return Err(Error::invalid_argument(
            "a pool buffer is shorter than its dims",
        ));
    }
    if s.output_len() == 0 {
        return Ok(());
    }
    let parts = xir_ukernel::pool::parts(&s, pool::threads());
    let (xp, op) = (x.ptr as usize, o.ptr as usize);
    pool::run(parts, &|i| {
        // SAFETY: the buffers hold the geometry's lengths (checked above);
        // the parts write disjoint elements of the output, which the
        // compiler never aliases with the input.
        unsafe { xir_ukernel::pool::pool2d_f32(&s, xp as *const f32, op as *mut f32, i, parts) }
    });
    Ok(())
}

/// A scatter stage: the data copied into the output, then each update row
/// written (or combined) at its row in order, on one thread: a later
/// duplicate must win.
fn run_scatter(g: &ScatterPlan, bufs: &[Bound], dims: &[Vec<i64>]) -> Result<()> {
    let (n, inner, k) = g.sizes(dims)?;
    let (x, ix, u, o) = (
        &bufs[g.data],
        &bufs[g.indices],
        &bufs[g.updates],
        &bufs[g.out],
    );
    if !o.writable {
        return Err(Error::invalid_argument("a scatter writes a constant"));
    }
    let es = x.elem.byte_size() as u64;
    let (total, rows) = (n * inner, k * inner);
    if x.count < total || o.count < total || u.count < rows || ix.count < k {
        return Err(Error::invalid_argument(
            "a scatter buffer is shorter than its dims",
        ));
    }
    let bytes = (total * es) as usize;
    // SAFETY: the lengths are within the buffers' checked sizes; `copy`
    // allows the data and the output to overlap.
    unsafe { std::ptr::copy(x.ptr as *const u8, o.ptr, bytes) };
    if n == 0 || inner == 0 {
        // No rows to write into: the updates are dropped.
        return Ok(());
    }
    let row = (inner * es) as usize;
    let wide = ix.elem == ElementType::I64;
    let iw = if wide { 8 } else { 4 };
    // SAFETY: as above; the compiler gives the output its own buffer, so
    // neither the indices nor the updates alias it.
    let (idx, upd, out) = unsafe {
        (
            std::slice::from_raw_parts(ix.ptr as *const u8, (k as usize) * iw),
            std::slice::from_raw_parts(u.ptr as *const u8, (rows * es) as usize),
            std::slice::from_raw_parts_mut(o.ptr, bytes),
        )
    };
    for j in 0..k as usize {
        let b = &idx[j * iw..(j + 1) * iw];
        let raw = if wide {
            i64::from_le_bytes(b.try_into().unwrap_or([0; 8]))
        } else {
            i32::from_le_bytes(b.try_into().unwrap_or([0; 4])) as i64
        };
        let r = xir_graph::fold::gather_index(raw, n as i64) as usize;
        let (dst, src) = (
            &mut out[r * row..(r + 1) * row],
            &upd[j * row..(j + 1) * row],
        );
        match g.reduction {
            None => dst.copy_from_slice(src),
            Some(op) => xir_kernel_plan::combine_elements(x.elem, op, dst, src),
        }
    }
    Ok(())
}

/// A gather stage: rows of the output split over the pool, each copied by
/// `xir_ukernel::gather::gather_rows` from slices of the checked buffers.
fn run_gather(g: &GatherPlan, bufs: &[Bound], dims: &[Vec<i64>]) -> Result<()> {
    use xir_ukernel::gather::{gather_rows, GatherError, Indices};
    let (outer, d, inner, k) = g.sizes(dims)?;
    let (x, ix, o) = (&bufs[g.input], &bufs[g.indices], &bufs[g.out]);
    if !o.writable {
        return Err(Error::invalid_argument("a gather writes a constant"));
    }
    let es = x.elem.byte_size() as u64;
    let rows = outer * k;
    if rows == 0 || inner == 0 {
        return Ok(());
    }
    // The buffers hold at least their dims' elements (dispatch_sizes).
    let (in_len, idx_len, out_len) = (
        (outer * d * inner * es) as usize,
        (k * ix.elem.byte_size() as u64) as usize,
        (rows * inner * es) as usize,
    );
    if x.count * es < in_len as u64 || o.count * es < out_len as u64 {
        return Err(Error::invalid_argument(
            GatherError::ShortBuffer.to_string(),
        ));
    }
    let inner_bytes = (inner * es) as usize;
    let (xp, ip, op) = (x.ptr as usize, ix.ptr as usize, o.ptr as usize);
    let wide = ix.elem == ElementType::I64;
    let threads = pool::threads() as u64;
    let chunks = ((rows * inner * es) / (GRAIN * 4))
        .clamp(1, threads)
        .min(rows) as usize;
    let errors = Mutex::new(None);
    pool::run(chunks, &|c| {
        let lo = (rows * c as u64 / chunks as u64) as usize;
        let hi = (rows * (c as u64 + 1) / chunks as u64) as usize;
        // SAFETY: the lengths are the buffers' checked sizes; the chunks
        // write disjoint row ranges of the output, which no input aliases
        // (the compiler gives a stage's output its own buffer).
        let (input, idx, out) = unsafe {
            (
                std::slice::from_raw_parts(xp as *const u8, in_len),
                std::slice::from_raw_parts(ip as *const u8, idx_len),
                std::slice::from_raw_parts_mut(
                    (op + lo * inner_bytes) as *mut u8,
                    (hi - lo) * inner_bytes,
                ),
            )
        };
        let idx = if wide {
            Indices::I64(idx)
        } else {
            Indices::I32(idx)
        };
        let r = gather_rows(
            input,
            idx,
            out,
            (d as usize, inner_bytes, k as usize),
            (lo, hi),
        );
        if let Err(e) = r {
            let e = match e {
                // No index can select from an empty dim.
                GatherError::EmptyDim => Error::out_of_range(e.to_string()),
                GatherError::ShortBuffer => Error::invalid_argument(e.to_string()),
            };
            *errors.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
        }
    });
    match errors.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

impl LocalExecutable {
    fn take_scratch(&self, bytes: usize) -> Vec<u128> {
        let words = bytes.div_ceil(16).max(1);
        let mut pool = self.scratch.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = pool.iter().position(|v| v.len() >= words) {
            return pool.swap_remove(i);
        }
        vec![0u128; words]
    }

    fn give_scratch(&self, v: Vec<u128>) {
        let mut pool = self.scratch.lock().unwrap_or_else(|e| e.into_inner());
        if pool.len() < 16 {
            pool.push(v);
        }
    }

    /// The kernel's [`Prepared`] for this dispatch: the last one when the
    /// constants and binding lengths are the same, else a new one.
    fn prepare(&self, kernel: &CompiledKernel, args: &DispatchArgs) -> Result<Arc<Prepared>> {
        let lens: Vec<usize> = args.bindings.iter().map(|b| b.len()).collect();
        {
            let last = kernel.prepared.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(p) = last
                .as_ref()
                .filter(|p| p.constants == args.constants && p.lens == lens)
            {
                return Ok(p.clone());
            }
        }
        let plan = &kernel.plan;
        let (slots, sizes) = dispatch_sizes(plan, &args.constants, &lens)?;
        // Each buffer as the checks see it; addresses come per dispatch.
        let mut bufs: Vec<Bound> = Vec::with_capacity(plan.buffers.len());
        for (b, size) in plan.buffers.iter().zip(&sizes) {
            let writable = match &b.kind {
                BufferKind::Constant(_) => false,
                BufferKind::Reshape(src) => bufs[*src].writable,
                BufferKind::Binding(_) | BufferKind::Alloc => true,
            };
            bufs.push(Bound {
                ptr: std::ptr::null_mut(),
                count: size.count,
                elem: b.elem,
                writable,
            });
        }
        let counts = sizes.iter().map(|s| (s.count, s.bytes)).collect();
        let dims: Vec<Vec<i64>> = sizes.into_iter().map(|s| s.dims).collect();
        let mut stage_blocks = Vec::with_capacity(kernel.stages.len());
        for (i, st) in kernel.stages.iter().enumerate() {
            let g = match st {
                CompiledStage::Generic(g) => Some(g),
                CompiledStage::Matmul(mm) => mm.epilogue.as_ref(),
                CompiledStage::Conv(c) => c.epilogue.as_ref(),
                CompiledStage::Pool(_)
                | CompiledStage::Attention(_)
                | CompiledStage::Gather(_)
                | CompiledStage::Scatter(_) => None,
            };
            let block = match g {
                Some(g) => {
                    stage_args(&g.plan, &bufs, &dims, &slots).map_err(|e| at_stage(plan, i, e))?
                }
                None => None,
            };
            stage_blocks.push(block);
        }
        let p = Arc::new(Prepared {
            constants: args.constants.clone(),
            lens,
            counts,
            dims,
            args: stage_blocks,
        });
        *kernel.prepared.lock().unwrap_or_else(|e| e.into_inner()) = Some(p.clone());
        Ok(p)
    }

    fn run(
        &self,
        kernel: &CompiledKernel,
        args: &DispatchArgs,
        scratch: &mut Vec<Vec<u128>>,
    ) -> Result<()> {
        let plan = &kernel.plan;
        let p = self.prepare(kernel, args)?;
        let dims = &p.dims;
        // The grid is the compiler's rule on the first result (the reference
        // checks the same); another grid means the compiler and runtime
        // disagree on what a workgroup covers.
        if let Some(b) = kernel.grid {
            check_grid(&plan.name, &dims[b], args.workgroups)?;
        }
        let mut bufs: Vec<Bound> = Vec::with_capacity(plan.buffers.len());
        for (b, &(count, bytes)) in plan.buffers.iter().zip(&p.counts) {
            let elem = b.elem;
            let bound = match &b.kind {
                BufferKind::Binding(i) => Bound {
                    ptr: args.bindings[*i].as_ptr(),
                    count,
                    elem,
                    writable: true,
                },
                BufferKind::Alloc => {
                    let mut v = self.take_scratch(bytes);
                    let ptr = v.as_mut_ptr() as *mut u8;
                    scratch.push(v);
                    Bound {
                        ptr,
                        count,
                        elem,
                        writable: true,
                    }
                }
                BufferKind::Constant(data) => Bound {
                    ptr: data.as_ptr() as *mut u8,
                    count,
                    elem,
                    writable: false,
                },
                BufferKind::Reshape(src) => Bound {
                    count,
                    ..bufs[*src]
                },
            };
            bufs.push(bound);
        }
        for (i, st) in kernel.stages.iter().enumerate() {
            let block = p.args[i].as_ref();
            let r = match st {
                CompiledStage::Generic(g) => {
                    if let Some(a) = block {
                        run_generic(g, &a.fill(&bufs), &a.domain);
                    }
                    Ok(())
                }
                CompiledStage::Matmul(mm) => run_matmul(
                    mm,
                    block.map(|a| a.fill(&bufs)),
                    &bufs,
                    dims,
                    constant_root(plan, mm.rhs),
                ),
                CompiledStage::Conv(c) => run_conv(
                    c,
                    block.map(|a| a.fill(&bufs)),
                    &bufs,
                    dims,
                    constant_root(plan, c.plan.filter),
                ),
                CompiledStage::Pool(g) => run_pool(g, &bufs, dims),
                CompiledStage::Attention(g) => run_attention(g, &bufs, dims),
                CompiledStage::Gather(g) => run_gather(g, &bufs, dims),
                CompiledStage::Scatter(g) => run_scatter(g, &bufs, dims),
            };
            r.map_err(|e| at_stage(plan, i, e))?;
        }
        Ok(())
    }
}

/// `e` as an error at stage `i` of `plan`.
fn at_stage(plan: &KernelPlan, i: usize, e: Error) -> Error {
    let at = plan.origins.get(i).map(String::as_str).unwrap_or("?");
    e.context(format_args!(
        "in kernel @{} (stage {i}, at {at})",
        plan.name
    ))
}

impl Executable for LocalExecutable {
    fn export_ordinal(&self, name: &str) -> Option<usize> {
        self.exports.ordinal(name)
    }

    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()> {
        let (_, index) = self.exports.get(ordinal)?;
        let kernel = &self.kernels[index];
        let mut scratch = Vec::new();
        let r = self.run(kernel, args, &mut scratch);
        for s in scratch {
            self.give_scratch(s);
        }
        r
    }
}
