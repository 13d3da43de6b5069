//! Fused f32 scaled-dot-product attention (ONNX Attention / torch
//! `scaled_dot_product_attention`, 4-d form), called by the JIT-compiled CPU backend.
//!
//! For every `b < batch`, `h < heads`, `i < sq`, `e < dv`:
//!
//! ```text
//! s[j]       = scale * sum_c Q[b,h,i,c] * K[b,h,j,c] + mask[b,h,i,j]   (mask optional)
//! p[j]       = exp(s[j] - max_j s) / sum_j exp(s[j] - max_j s)
//! O[b,h,i,e] = sum_j p[j] * V[b,h,j,e]
//! ```
//!
//! Operands are 4-d strided views (`[batch, head, row, col]`, strides in elements, see
//! [`Strides`]), so permuted layouts (`[b, i, h, d]`) and broadcast masks (`[b, 1, 1, j]`
//! with strides 0) are read in place.
//!
//! # Method
//! Work items are `(b, h, row block)` triples; a row block is at most 64 rows of Q (fewer
//! for long `sk`, see [`scratch_bytes`]). Per `(b, h)` that a part reaches, `K[b, h]` is
//! copied once, transposed, into contiguous scratch `Kᵀ` (`d x sk`). Per row block:
//! 1. `S = Q_blk · Kᵀ` with the f32 GEMM (`xir_matmul_f32_isa`; A is Q's rows in place,
//!    `lda` = Q's row stride), into a `rows x sk` scratch tile;
//! 2. per row: `s = s * scale + mask`, its maximum, `s - max`, `exp` (the crate's
//!    [`crate::vmath`] exp, whose bits are the same on every path), the sum of the
//!    exponentials, then each is **multiplied by `1 / sum`** (not divided);
//! 3. `O_blk = P · V` with the GEMM (B is V's rows in place, C is the output's rows in
//!    place, `ldc` = the output's row stride).
//!
//! Q's or V's rows are copied to scratch first only if their row stride is below their
//! row length (rows that overlap, e.g. a broadcast with row stride 0), which the GEMM's
//! contract does not allow.
//!
//! # Edge cases
//! - `batch`, `heads`, `sq` or `dv` = 0: nothing is written.
//! - `d` = 0: every dot product is 0 (scores are `mask`, or 0).
//! - `sk` = 0: the softmax of an empty row is defined as empty and its weighted sum as
//!   0, so every output element is written 0.
//! - A row whose scores are all `-inf` (fully masked) gives NaN in every output element
//!   of the row, as the formula does (`exp(-inf - -inf)` is NaN); so does a `+inf` score.
//! - NaN in Q, K or the mask makes the rows it reaches NaN; NaN in V makes its column
//!   NaN (also where the weight is 0: `0 * NaN` is NaN, as in the formula).
//!
//! # Determinism
//! The row blocks depend on the geometry only, and every output element is computed by
//! the same operations whichever part computes it, so any number of parts gives the
//! same bits. Different ISA paths may differ in the last bits (the GEMM's vector widths
//! and FMA).
//!
//! # Work split
//! Parts take contiguous ranges of the `batch * heads * row_blocks` work items, in
//! `(b, h, row block)` order (for BERT's `1 x 8 x 128`, 2 parts get 4 heads each).

use crate::scratch::{Buf, Scratch};
use crate::simd::{run_on, sum_vectors, Vf, VfKernel};
use crate::Isa;
use std::cell::Cell;

thread_local! {
    /// This module's scratch (`Kᵀ`, scores, copies): its own slot, so that the GEMM calls
    /// made while it is held find theirs (`scratch::PACK`) free.
    static ATTN: Cell<Buf> = Cell::new(Buf::default());
}

/// The geometry of one attention: Q `[batch, heads, sq, d]`, K `[batch, heads, sk, d]`, V
/// `[batch, heads, sk, dv]`, mask `[batch, heads, sq, sk]`, out `[batch, heads, sq, dv]`
/// (logical shapes; the storage is described by each operand's [`Strides`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attention {
    /// Batch.
    pub batch: usize,
    /// Heads.
    pub heads: usize,
    /// Query rows (sequence length of Q and the output).
    pub sq: usize,
    /// Key rows (sequence length of K and V).
    pub sk: usize,
    /// Head size of Q and K (the dot products' length).
    pub d: usize,
    /// Head size of V and the output.
    pub dv: usize,
    /// Multiplies the dot products (typically `1 / sqrt(d)`).
    pub scale: f32,
    /// A probability that is NaN (each of a fully masked row's) counts as 0, as
    /// torch's exported `where(isnan(p), 0, p)` has it.
    pub nan_to_zero: bool,
}

/// Strides of a 4-d operand view, in elements: `[batch, head, row, col]`. The col stride
/// must be 1 (where the view has more than one column); the others may be anything,
/// including 0 (broadcast) for the inputs. The output's view must not map two elements
/// to one address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Strides(pub [usize; 4]);

impl Strides {
    /// The strides of a contiguous row-major `[n0, n1, n2, n3]` tensor.
    pub fn contiguous(dims: [usize; 4]) -> Strides {
        Strides([dims[1] * dims[2] * dims[3], dims[2] * dims[3], dims[3], 1])
    }
}

/// The raw operands of one call: each pointer is the element `[0, 0, 0, 0]` of its view.
#[derive(Clone, Copy, Debug)]
pub struct Operands {
    /// Q, `[batch, heads, sq, d]`.
    pub q: *const f32,
    /// Q's strides.
    pub q_s: Strides,
    /// K, `[batch, heads, sk, d]`.
    pub k: *const f32,
    /// K's strides.
    pub k_s: Strides,
    /// V, `[batch, heads, sk, dv]`.
    pub v: *const f32,
    /// V's strides.
    pub v_s: Strides,
    /// The additive mask, `[batch, heads, sq, sk]`, if any.
    pub mask: Option<(*const f32, Strides)>,
    /// The output, `[batch, heads, sq, dv]`.
    pub out: *mut f32,
    /// The output's strides.
    pub out_s: Strides,
}

/// Rows per block at most.
const ROW_BLOCK: usize = 64;
/// A block's scores aim for this many bytes (they stay in L2 between the passes).
const SCORE_BYTES: usize = 256 << 10;
/// Scratch rows (`Kᵀ`'s and the scores') are padded to this many elements (64 bytes).
const PAD: usize = 16;

impl Attention {
    /// Whether the geometry is one this module computes (its sizes do not overflow);
    /// the message says why not. See [`Operands::check`] for the operands' strides.
    pub fn check(&self) -> Result<(), String> {
        let (b, h, sq, sk, d, dv) = (self.batch, self.heads, self.sq, self.sk, self.d, self.dv);
        let sizes = [
            ("q", [b, h, sq, d]),
            ("k", [b, h, sk, d]),
            ("v", [b, h, sk, dv]),
            ("mask", [b, h, sq, sk]),
            ("out", [b, h, sq, dv]),
        ];
        for (name, dims) in sizes {
            if dims
                .iter()
                .try_fold(4usize, |a, &x| a.checked_mul(x))
                .is_none_or(|bytes| bytes > isize::MAX as usize)
            {
                return Err(format!("attention: {name}'s size {dims:?} overflows"));
            }
        }
        if scratch_elems(self, true, true).is_none_or(|e| e > isize::MAX as usize / 4) {
            return Err(format!(
                "attention: scratch for sk = {sk}, d = {d}, dv = {dv} overflows"
            ));
        }
        Ok(())
    }

    /// Output elements (of the logical shape).
    pub fn output_len(&self) -> usize {
        self.batch * self.heads * self.sq * self.dv
    }
}

impl Operands {
    /// Whether `a.check()` passes and these views are ones [`attention_f32`] computes:
    /// unit column strides (where a view has more than one column), an output row stride
    /// of at least `dv` (where it has more than one row), and views whose offsets fit in
    /// `isize`; a view with no element may have any strides. The message says which
    /// operand fails and why.
    pub fn check(&self, a: &Attention) -> Result<(), String> {
        a.check()?;
        for (name, dims, s) in self.views(a) {
            if dims.contains(&0) {
                // No element: any strides.
                continue;
            }
            if dims[3] > 1 && s.0[3] != 1 {
                return Err(format!(
                    "attention: {name}'s column stride is {}; it must be 1 (a view with \
                     contiguous rows)",
                    s.0[3]
                ));
            }
            if span(dims, &s).is_none_or(|e| e > isize::MAX as usize / 4) {
                return Err(format!(
                    "attention: {name}'s view {dims:?} with strides {:?} overflows",
                    s.0
                ));
            }
        }
        if a.output_len() > 0 && a.sq > 1 && self.out_s.0[2] < a.dv {
            return Err(format!(
                "attention: out's row stride {} is below dv = {}: its rows would overlap",
                self.out_s.0[2], a.dv
            ));
        }
        Ok(())
    }

    /// `(name, logical dims, strides)` of every operand present.
    fn views(&self, a: &Attention) -> Vec<(&'static str, [usize; 4], Strides)> {
        let (b, h) = (a.batch, a.heads);
        let mut v = vec![
            ("q", [b, h, a.sq, a.d], self.q_s),
            ("k", [b, h, a.sk, a.d], self.k_s),
            ("v", [b, h, a.sk, a.dv], self.v_s),
            ("out", [b, h, a.sq, a.dv], self.out_s),
        ];
        if let Some((_, s)) = self.mask {
            v.push(("mask", [b, h, a.sq, a.sk], s));
        }
        v
    }
}

/// Elements a view of `dims` with strides `s` spans: one past its last element's
/// offset, 0 if it holds none; `None` on overflow.
fn span(dims: [usize; 4], s: &Strides) -> Option<usize> {
    if dims.contains(&0) {
        return Some(0);
    }
    dims.iter().zip(s.0).try_fold(1usize, |acc, (&n, st)| {
        acc.checked_add((n - 1).checked_mul(st)?)
    })
}

/// Whether no two elements of the view share an offset. Sufficient, not necessary: with
/// the dimensions of more than one element sorted by stride, each stride is at least the
/// span of the ones before it.
fn injective(dims: [usize; 4], s: &Strides) -> bool {
    if dims.contains(&0) {
        return true;
    }
    let mut d: Vec<(usize, usize)> = dims
        .iter()
        .zip(s.0)
        .filter(|(&n, _)| n > 1)
        .map(|(&n, st)| (st, n))
        .collect();
    d.sort_unstable();
    let mut reach = 1usize;
    for (st, n) in d {
        if st < reach {
            return false;
        }
        match (n - 1).checked_mul(st).and_then(|x| x.checked_add(reach)) {
            Some(r) => reach = r,
            None => return false,
        }
    }
    true
}

/// Rows per work item: at most [`ROW_BLOCK`], fewer (down to 8) where a block's scores
/// would pass [`SCORE_BYTES`]; blocks of a `(b, h)` as even as multiples of 8 allow.
fn row_block(a: &Attention) -> usize {
    let cap = (SCORE_BYTES / a.sk.max(1).saturating_mul(4)).clamp(8, ROW_BLOCK) / 8 * 8;
    let nb = a.sq.div_ceil(cap).max(1);
    a.sq.div_ceil(nb).next_multiple_of(8).clamp(1, cap)
}

/// Work items: `(b, h, row block)` triples.
fn items(a: &Attention) -> usize {
    a.batch * a.heads * a.sq.div_ceil(row_block(a))
}

/// Scratch layout, in f32 elements from the (64-byte aligned) start: `Kᵀ` at 0 (`d` rows
/// of `ld`), the scores at `scores` (`rb` rows of `ld`), Q's block copy at `q` (`rb x d`)
/// and V's copy at `v` (`sk x dv`), each used only where needed; `total` in all.
struct Layout {
    ld: usize,
    scores: usize,
    q: usize,
    v: usize,
    total: usize,
}

fn layout(a: &Attention, copy_q: bool, copy_v: bool) -> Option<Layout> {
    let rb = row_block(a);
    let ld = a.sk.checked_next_multiple_of(PAD)?;
    let scores = a.d.checked_mul(ld)?;
    let q = scores.checked_add(rb.checked_mul(ld)?)?;
    let qn = if copy_q { rb.checked_mul(a.d)? } else { 0 };
    let v = q.checked_add(qn.checked_next_multiple_of(PAD)?)?;
    let vn = if copy_v { a.sk.checked_mul(a.dv)? } else { 0 };
    let total = v.checked_add(vn)?;
    Some(Layout {
        ld,
        scores,
        q,
        v,
        total,
    })
}

fn scratch_elems(a: &Attention, copy_q: bool, copy_v: bool) -> Option<usize> {
    layout(a, copy_q, copy_v).map(|l| l.total)
}

/// Bytes of scratch one part takes (per thread, kept between calls unless above 64 MiB):
/// `4 * (d + rb) * sk.next_multiple_of(16)` with `rb` the row block (at most 64; at
/// most `65536 / sk` rounded down to a multiple of 8, but at least 8), plus `4 * rb * d`
/// if Q's rows overlap and `4 * sk * dv` if V's rows do. 0 if `a.check()` fails. The
/// GEMM calls take their own packing scratch besides, as any `rb x d x sk` and
/// `rb x sk x dv` matmul does (under 150 KiB on AVX-512 while `d * sk` and `sk * dv`
/// stay under 256K elements).
///
/// For BERT's heads (`sk = 128`, `d = 64`, row blocks of 64) it is 64 KiB.
pub fn scratch_bytes(a: &Attention, ops: &Operands) -> usize {
    if a.check().is_err() {
        return 0;
    }
    let (cq, cv) = copies(a, ops);
    scratch_elems(a, cq, cv).map_or(0, |e| e * 4)
}

/// Whether Q's block and V are copied (their rows overlap: row stride below the row).
fn copies(a: &Attention, ops: &Operands) -> (bool, bool) {
    (
        a.sq > 1 && a.d > 0 && ops.q_s.0[2] < a.d,
        a.sk > 1 && a.dv > 0 && ops.v_s.0[2] < a.dv,
    )
}

/// Number of parts to split into for `threads` threads (at least 1; 1 where splitting
/// would not pay).
///
/// It is `threads`, at most the number of work items (`batch * heads * row blocks`),
/// once the multiply-adds (`batch * heads * sq * sk * (d + dv)`) reach 32K; 1 below.
pub fn parts(a: &Attention, threads: usize) -> usize {
    if a.check().is_err() {
        return 1;
    }
    let rows = (a.batch * a.heads * a.sq) as u128;
    let work = rows * a.sk as u128 * (a.d as u128 + a.dv as u128);
    if work < 1 << 15 {
        return 1;
    }
    threads.clamp(1, items(a).max(1))
}

/// Computes part `part` of `parts` (any `parts >= 1`; see [`parts`]) of the attention on
/// `isa`'s kernels, overwriting the output. Each part computes a disjoint range of
/// `(b, h, row block)` work items; together the parts write every output element once.
/// Panics if `ops.check(a)` fails, `part >= parts` or the machine cannot run `isa`.
///
/// # Safety
/// - Each input pointer is valid for reading, and `out` for reading and writing, every
///   element of its view (the offsets that the geometry's extents and the strides
///   describe; memory initialized, any bit pattern); a view with no element may come
///   with any pointer. Each pointer is aligned for f32.
/// - The output view maps distinct elements to distinct addresses, and overlaps no
///   input.
/// - While the call runs, nothing else writes the inputs, and nothing else accesses this
///   part's output elements (other parts may run at once on other threads).
pub unsafe fn attention_f32(isa: Isa, a: &Attention, ops: &Operands, part: usize, parts: usize) {
    if let Err(e) = ops.check(a) {
        panic!("{e}");
    }
    assert!(part < parts, "attention part {part} of {parts}");
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    let job = Job {
        isa,
        a,
        ops,
        part,
        parts,
    };
    // SAFETY: `job` holds this function's operands, valid by its contract, which is
    // `Job::run`'s; the assert above checked that the machine supports `isa`.
    unsafe { run_on(isa, &job) }
}

/// An input view for [`attention`]: the slice its offsets index, and its strides.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The elements; element `[n0, n1, n2, n3]` of the view is `data[sum n_i * s_i]`.
    pub data: &'a [f32],
    /// Strides, as for [`attention_f32`].
    pub s: Strides,
}

/// Safe, bounds-checked: [`attention_f32`] split into `parts` parts, run at once on
/// `parts` scoped threads (the calling one included): for tests and benchmarks. Panics
/// if the checks of [`attention_f32`] fail, a view reaches past its slice, the output
/// view might map two elements to one place (its dimensions, sorted by stride, must
/// each step past the span of the smaller ones), or `parts == 0`.
pub fn attention(
    isa: Isa,
    a: &Attention,
    q: View,
    k: View,
    v: View,
    mask: Option<View>,
    out: &mut [f32],
    out_s: Strides,
    parts: usize,
) {
    assert!(parts >= 1, "attention: 0 parts");
    let ops = Operands {
        q: q.data.as_ptr(),
        q_s: q.s,
        k: k.data.as_ptr(),
        k_s: k.s,
        v: v.data.as_ptr(),
        v_s: v.s,
        mask: mask.map(|m| (m.data.as_ptr(), m.s)),
        out: out.as_mut_ptr(),
        out_s,
    };
    if let Err(e) = ops.check(a) {
        panic!("{e}");
    }
    let lens = [
        q.data.len(),
        k.data.len(),
        v.data.len(),
        out.len(),
        mask.map_or(0, |m| m.data.len()),
    ];
    for ((name, dims, s), len) in ops.views(a).into_iter().zip(lens) {
        let need = span(dims, &s).expect("checked");
        assert!(
            need <= len,
            "attention: {name}'s view needs {need} elements, its slice holds {len}"
        );
    }
    let out_dims = [a.batch, a.heads, a.sq, a.dv];
    assert!(
        injective(out_dims, &out_s),
        "attention: the output view {out_dims:?} with strides {:?} may map two elements \
         to one place",
        out_s.0
    );
    /// The operands, shared by the parts (they write disjoint output elements).
    struct Shared(Operands);
    // SAFETY: the parts only read the inputs and write disjoint output elements
    // (`attention_f32`'s contract, with the injective output view checked above), so
    // using the pointers from several threads races on nothing.
    unsafe impl Sync for Shared {}
    let shared = Shared(ops);
    let run = |i: usize| {
        let s = &shared;
        // SAFETY: every view lies within its slice (checked above), the output's slice is
        // borrowed mutably, so it overlaps no input, and its view is injective; the parts
        // run at once but write disjoint elements; the slices stay borrowed for the scope.
        unsafe { attention_f32(isa, a, &s.0, i, parts) }
    };
    std::thread::scope(|sc| {
        for i in 1..parts {
            let run = &run;
            sc.spawn(move || run(i));
        }
        run(0);
    });
}

/// One call's operands.
struct Job<'a> {
    isa: Isa,
    a: &'a Attention,
    ops: &'a Operands,
    part: usize,
    parts: usize,
}

/// `C = A · B` (`m x k` by `k x n`) on `isa`'s GEMM, no epilogue.
///
/// # Safety
/// As `xir_matmul_f32_isa`.
#[inline(always)]
unsafe fn gemm(
    isa: Isa,
    a: *const f32,
    lda: usize,
    b: *const f32,
    ldb: usize,
    c: *mut f32,
    ldc: usize,
    m: usize,
    n: usize,
    k: usize,
) {
    // SAFETY: this function's contract.
    unsafe {
        crate::xir_matmul_f32_isa(
            isa,
            a,
            lda,
            b,
            ldb,
            c,
            ldc,
            m,
            n,
            k,
            None,
            std::ptr::null_mut(),
        )
    }
}

impl VfKernel for Job<'_> {
    /// Runs this part of the job.
    ///
    /// # Safety
    /// The job holds operands valid as [`attention_f32`] requires (checks passed, `part <
    /// parts`, `isa` supported); `K` is `job.isa`'s vector type and its target features
    /// are enabled.
    #[inline(always)]
    unsafe fn run<K: Vf>(&self) {
        let job = self;
        let (a, ops) = (job.a, job.ops);
        let rb = row_block(a);
        let nrb = a.sq.div_ceil(rb);
        let total = a.batch * a.heads * nrb;
        let share = |i: usize| (total as u128 * i as u128 / job.parts as u128) as usize;
        let (lo, hi) = (share(job.part), share(job.part + 1));
        if lo >= hi || a.dv == 0 {
            return;
        }
        let [q0, q1, q2, _] = ops.q_s.0;
        let [k0, k1, k2, _] = ops.k_s.0;
        let [v0, v1, v2, _] = ops.v_s.0;
        let [o0, o1, o2, _] = ops.out_s.0;
        // Work item `it`: `(b, h, r0, rows)`.
        let item = |it: usize| {
            let bh = it / nrb;
            let r0 = (it % nrb) * rb;
            (bh / a.heads, bh % a.heads, r0, rb.min(a.sq - r0))
        };
        if a.sk == 0 {
            // Empty softmax: every output element of this part is 0.
            for it in lo..hi {
                let (b, h, r0, rows) = item(it);
                for i in r0..r0 + rows {
                    for e in 0..a.dv {
                        // SAFETY: `b, h, i, e` are within the output's extents (`dv > 0`
                        // here), so the offset is one of its view's elements, this part's.
                        unsafe { *ops.out.add(b * o0 + h * o1 + i * o2 + e) = 0.0 };
                    }
                }
            }
            return;
        }
        let (copy_q, copy_v) = copies(a, ops);
        let l = layout(a, copy_q, copy_v).expect("checked by `Attention::check`");
        let ld = l.ld;
        let mut scratch = Scratch::take(&ATTN, l.total * 4);
        let base = scratch.ptr::<f32>();
        // SAFETY: the scratch holds `l.total` f32s; `scores`, `q` and `v` are offsets within
        // it (the layout's), with room for the regions listed at `Layout`.
        let (kt, sc, qc, vc) = unsafe { (base, base.add(l.scores), base.add(l.q), base.add(l.v)) };
        let vector_exp = job.isa != Isa::Portable;
        let mut cur = usize::MAX;
        for it in lo..hi {
            let (b, h, r0, rows) = item(it);
            let bh = it / nrb;
            if bh != cur {
                cur = bh;
                if a.d > 0 {
                    // SAFETY: K[b, h] has `sk > 0` rows of `d > 0` elements, `k2` apart with
                    // unit column stride, starting at the offset below; `Kᵀ` is `d` rows of
                    // `ld >= sk` in the scratch, disjoint from K.
                    unsafe { transpose::<K>(ops.k.add(b * k0 + h * k1), k2, a.sk, a.d, kt, ld) };
                }
                if copy_v {
                    for j in 0..a.sk {
                        // SAFETY: row `j < sk` of V[b, h] holds `dv` elements (unit column
                        // stride); the copy's row `j` is `dv` f32s of the scratch at
                        // `vc + j * dv` (the layout's `sk * dv`), disjoint from V.
                        unsafe {
                            std::ptr::copy_nonoverlapping(
                                ops.v.add(b * v0 + h * v1 + j * v2),
                                vc.add(j * a.dv),
                                a.dv,
                            )
                        };
                    }
                }
            }
            // Q's block: `rows` rows of `d`, `lda` apart (in place, or copied).
            let (qa, lda) = if a.d == 0 {
                // No element: the GEMM writes zeros without reading A.
                (ops.q, 0)
            } else if copy_q {
                for i in 0..rows {
                    // SAFETY: row `r0 + i < sq` of Q[b, h] holds `d` elements; the copy's
                    // row `i < rows <= rb` is `d` f32s at `qc + i * d` (the layout's
                    // `rb * d`), disjoint from Q.
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            ops.q.add(b * q0 + h * q1 + (r0 + i) * q2),
                            qc.add(i * a.d),
                            a.d,
                        )
                    };
                }
                (qc.cast_const(), a.d)
            } else {
                // SAFETY: element `(b, h, r0, 0)` of Q exists (`d > 0`, `r0 < sq`). Its rows
                // are `q2 >= d` apart, or there is one (`sq == 1`: the stride is not used).
                (unsafe { ops.q.add(b * q0 + h * q1 + r0 * q2) }, q2.max(a.d))
            };
            // SAFETY: A is `rows x d` valid elements, `lda >= d` apart (above); B = `Kᵀ` is
            // `d x sk` at `ld >= sk` in the scratch (written above for this `(b, h)`); C is
            // the scores, `rows <= rb` rows of `ld >= sk` in the scratch, disjoint from both.
            // With `d == 0` A and B hold no element and C gets zeros.
            unsafe { gemm(job.isa, qa, lda, kt, ld, sc, ld, rows, a.sk, a.d) };
            for i in 0..rows {
                let m = ops.mask.map(|(p, Strides([m0, m1, m2, _]))| {
                    // SAFETY: element `(b, h, r0 + i, 0)` of the mask exists (`sk > 0`).
                    unsafe { p.add(b * m0 + h * m1 + (r0 + i) * m2) }
                });
                // SAFETY: score row `i < rows` is `sk >= 1` f32s of the scratch at
                // `sc + i * ld`; the mask's row holds `sk` elements with unit column stride
                // (`ops.check`), initialized and not written during the call (the contract).
                unsafe { softmax_row::<K>(sc.add(i * ld), a.sk, a.scale, m, vector_exp) };
                if a.nan_to_zero {
                    // SAFETY: as for `softmax_row`: score row `i` is `sk` f32s of the
                    // scratch, only this part's.
                    let row = unsafe { std::slice::from_raw_parts_mut(sc.add(i * ld), a.sk) };
                    for x in row.iter_mut().filter(|x| x.is_nan()) {
                        *x = 0.0;
                    }
                }
            }
            // V[b, h]: `sk x dv`, `ldb` apart (in place or copied).
            let (vb, ldb) = if copy_v {
                (vc.cast_const(), a.dv)
            } else {
                // SAFETY: element `(b, h, 0, 0)` of V exists (`sk, dv > 0`); its rows are
                // `v2 >= dv` apart, or there is one (`sk == 1`).
                (unsafe { ops.v.add(b * v0 + h * v1) }, v2.max(a.dv))
            };
            // SAFETY: element `(b, h, r0, 0)` of the output exists (`dv > 0`, `r0 < sq`).
            let oc = unsafe { ops.out.add(b * o0 + h * o1 + r0 * o2) };
            // SAFETY: A = P is `rows x sk` in the scratch at `ld >= sk`; B = V as above; C is
            // the output's rows `r0..r0 + rows` of `(b, h)`, `dv` elements each, `o2 >= dv`
            // apart (`ops.check`) or one row, this part's, initialized (the contract) and
            // disjoint from A (scratch) and B (an input).
            unsafe { gemm(job.isa, sc, ld, vb, ldb, oc, o2.max(a.dv), rows, a.dv, a.sk) };
        }
    }
}

/// `dst[c * ldd + j] = src[j * lds + c]` for `j < rows`, `c < cols`: 8 x 8 tiles, then
/// the edges element by element.
///
/// # Safety
/// `K`'s target features are enabled; `src + j * lds` is valid for reading `cols` f32s
/// for each `j < rows`; `dst + c * ldd` for writing `rows` f32s for each `c < cols`; they
/// do not overlap.
#[inline(always)]
unsafe fn transpose<K: Vf>(
    src: *const f32,
    lds: usize,
    rows: usize,
    cols: usize,
    dst: *mut f32,
    ldd: usize,
) {
    let (rf, cf) = (rows / 8 * 8, cols / 8 * 8);
    for j0 in (0..rf).step_by(8) {
        for c0 in (0..cf).step_by(8) {
            // SAFETY: rows `j0..j0 + 8 <= rows` of `src` from column `c0 + 8 <= cols`,
            // rows `c0..c0 + 8` of `dst` from column `j0 + 8 <= rows`; features by the
            // caller.
            unsafe { K::transpose8(src.add(j0 * lds + c0), lds, dst.add(c0 * ldd + j0), ldd) };
        }
        for c in cf..cols {
            for j in j0..j0 + 8 {
                // SAFETY: `j < rows`, `c < cols`.
                unsafe { *dst.add(c * ldd + j) = *src.add(j * lds + c) };
            }
        }
    }
    for j in rf..rows {
        for c in 0..cols {
            // SAFETY: `j < rows`, `c < cols`.
            unsafe { *dst.add(c * ldd + j) = *src.add(j * lds + c) };
        }
    }
}

/// One row's softmax in place over `n` scores at `s`: `s = s * scale + mask`, then
/// `exp(s - max)` (with [`crate::vmath::vexp_f32`], or element by element with
/// `exp_f32` on the portable path: the same bits), then a multiplication by `1 / sum`.
/// The maximum folds `later > earlier ? later : earlier` (NaN skipped: a NaN score makes
/// the row NaN through its exp anyway); the sum adds 4 vector accumulators, their lanes
/// and the scalar tail in a fixed order, so a row's bits depend on `K` and `n` only.
///
/// # Safety
/// `K`'s target features are enabled; `s` is valid for reading and writing `n >= 1`
/// f32s and `mask` (if any) for reading `n`, nothing else accessing them meanwhile.
#[inline(always)]
unsafe fn softmax_row<K: Vf>(
    s: *mut f32,
    n: usize,
    scale: f32,
    mask: Option<*const f32>,
    vector_exp: bool,
) {
    let l = K::L;
    let fold = |m: f32, x: f32| if x > m { x } else { m };
    // SAFETY: every vector access is `i..i + L` with `i + L <= n`, every scalar one
    // `i < n`, in `s` and `mask` (this function's contract); features by the caller.
    unsafe {
        let scv = K::splat(scale);
        let score = |i: usize| {
            let x = K::mul(K::load(s.add(i)), scv);
            let x = match mask {
                Some(m) => K::add(x, K::load(m.add(i))),
                None => x,
            };
            K::store(s.add(i), x);
            x
        };
        let mut mx = [K::splat(f32::NEG_INFINITY); 4];
        let mut i = 0;
        while i + 4 * l <= n {
            for (u, m) in mx.iter_mut().enumerate() {
                *m = K::max(score(i + u * l), *m);
            }
            i += 4 * l;
        }
        while i + l <= n {
            mx[0] = K::max(score(i), mx[0]);
            i += l;
        }
        let mut max = f32::NEG_INFINITY;
        for j in i..n {
            let x = *s.add(j) * scale;
            let x = match mask {
                Some(m) => x + *m.add(j),
                None => x,
            };
            *s.add(j) = x;
            max = fold(max, x);
        }
        let max = fold(
            max,
            K::hmax(K::max(K::max(mx[0], mx[1]), K::max(mx[2], mx[3]))),
        );
        let maxv = K::splat(max);
        let mut i = 0;
        while i + l <= n {
            K::store(s.add(i), K::sub(K::load(s.add(i)), maxv));
            i += l;
        }
        for j in i..n {
            *s.add(j) -= max;
        }
        let row = std::slice::from_raw_parts_mut(s, n);
        if vector_exp {
            crate::vmath::vexp_f32(row);
        } else {
            for x in row.iter_mut() {
                *x = crate::vmath::exp_f32(*x);
            }
        }
        let (v, i) = sum_vectors::<K>(s, n);
        let mut sum = K::hsum(v);
        for j in i..n {
            sum += *s.add(j);
        }
        let r = 1.0 / sum;
        let rv = K::splat(r);
        let mut i = 0;
        while i + l <= n {
            K::store(s.add(i), K::mul(K::load(s.add(i)), rv));
            i += l;
        }
        for j in i..n {
            *s.add(j) *= r;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_blocks_are_bounded_and_cover() {
        for sk in [0, 1, 100, 1024, 1025, 4096, 100_000] {
            for sq in [0, 1, 7, 8, 63, 64, 65, 100, 128, 129, 1000] {
                let a = Attention {
                    batch: 1,
                    heads: 1,
                    sq,
                    sk,
                    d: 1,
                    dv: 1,
                    scale: 1.0,
                    nan_to_zero: false,
                };
                let rb = row_block(&a);
                assert!((1..=ROW_BLOCK).contains(&rb), "sq {sq} sk {sk}: {rb}");
                assert!(rb.is_multiple_of(8) || rb == 1);
                if sk > 0 {
                    assert!(
                        rb <= 8 || rb * sk * 4 <= SCORE_BYTES,
                        "sq {sq} sk {sk}: {rb}"
                    );
                }
                // The blocks cover the rows, none of them empty.
                let nrb = sq.div_ceil(rb);
                assert!(nrb * rb >= sq && (nrb == 0 || (nrb - 1) * rb < sq));
            }
        }
    }

    #[test]
    fn injective_views() {
        let d = [2, 3, 4, 5];
        assert!(injective(d, &Strides::contiguous(d)));
        // [b, i, h, d] storage of [b, h, i, d].
        assert!(injective(d, &Strides([60, 5, 15, 1])));
        assert!(!injective(d, &Strides([60, 0, 15, 1])));
        assert!(!injective(d, &Strides([60, 20, 4, 1])));
        assert!(injective([1, 1, 1, 1], &Strides([0, 0, 0, 0])));
        assert!(injective([0, 3, 4, 5], &Strides([0, 0, 0, 1])));
    }
}
