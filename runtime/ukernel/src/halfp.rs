//! f16/bf16: widen to f32, run the f32 kernel, round once per output element.

use crate::float::matmul_f32;
use crate::scratch::{Scratch, WIDEN};
use crate::{Args, Isa};
use half::slice::HalfFloatSliceExt;
use half::{bf16, f16};

/// Widen u16 bit patterns to f32.
type Widen = fn(&[u16], &mut [f32]);
/// Round f32 to u16 bit patterns.
type Narrow = fn(&[f32], &mut [u16]);

fn widen_f16(s: &[u16], d: &mut [f32]) {
    half::slice::HalfBitsSliceExt::reinterpret_cast::<f16>(s).convert_to_f32_slice(d)
}
fn narrow_f16(s: &[f32], d: &mut [u16]) {
    half::slice::HalfBitsSliceExt::reinterpret_cast_mut::<f16>(d).convert_from_f32_slice(s)
}
fn widen_bf16(s: &[u16], d: &mut [f32]) {
    half::slice::HalfBitsSliceExt::reinterpret_cast::<bf16>(s).convert_to_f32_slice(d)
}
fn narrow_bf16(s: &[f32], d: &mut [u16]) {
    half::slice::HalfBitsSliceExt::reinterpret_cast_mut::<bf16>(d).convert_from_f32_slice(s)
}

/// f16 `C = A * B`: widened to f32, rounded once per output element.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f16`).
pub(crate) unsafe fn matmul_f16(isa: Isa, p: &Args<u16>) {
    // SAFETY: this function's contract is `widened`'s.
    unsafe { widened(isa, p, widen_f16, narrow_f16) }
}

/// bf16 `C = A * B`: widened to f32, rounded once per output element.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_bf16`).
pub(crate) unsafe fn matmul_bf16(isa: Isa, p: &Args<u16>) {
    // SAFETY: this function's contract is `widened`'s.
    unsafe { widened(isa, p, widen_bf16, narrow_bf16) }
}

/// `C = A * B` on 16-bit floats through the f32 kernel: B widened once, A and C in row
/// blocks of `mb` rows.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f16`).
unsafe fn widened(isa: Isa, p: &Args<u16>, widen: Widen, narrow: Narrow) {
    let (m, n, k) = (p.m, p.n, p.k);
    if m == 0 {
        return;
    }
    if n == 0 || k == 0 {
        // With n = 0, C holds no element and `ldc` is unchecked: form no pointer into it.
        if n > 0 {
            for i in 0..m {
                // SAFETY: row `i < m` of C: `n` initialized, aligned u16s that only this
                // call accesses.
                let row = unsafe { std::slice::from_raw_parts_mut(p.c.add(i * p.ldc), n) };
                // +0.0 is all-zero bits in both formats.
                row.fill(0);
            }
        }
        // SAFETY: every row is final; the row slices above are dead.
        unsafe { p.finish_rows(0, m) };
        return;
    }
    // Row blocks bound the f32 copies of A and C; B is widened once.
    let mb = (256 * 1024 / n).clamp(16, 256).min(m);
    let (bl, al, cl) = (k * n, mb * k, mb * n);
    // 64-byte aligned sub-buffers.
    let a_off = bl.next_multiple_of(16);
    let c_off = (a_off + al).next_multiple_of(16);
    let mut scratch = Scratch::take(&WIDEN, (c_off + cl) * size_of::<f32>());
    let buf = scratch.ptr::<f32>();
    // SAFETY: the scratch holds `c_off + cl` f32s, aligned and initialized (every bit
    // pattern is an f32), owned by `scratch` and disjoint from the operands; the ranges
    // `0..bl`, `a_off..a_off + al` and `c_off..c_off + cl` are disjoint, as
    // `bl <= a_off` and `a_off + al <= c_off`.
    let (b32, a32, c32) = unsafe {
        (
            std::slice::from_raw_parts_mut(buf, bl),
            std::slice::from_raw_parts_mut(buf.add(a_off), al),
            std::slice::from_raw_parts_mut(buf.add(c_off), cl),
        )
    };
    for q in 0..k {
        // SAFETY: row `q < k` of B: `n` initialized, aligned u16s, only read.
        let row = unsafe { std::slice::from_raw_parts(p.b.add(q * p.ldb), n) };
        widen(row, &mut b32[q * n..(q + 1) * n]);
    }
    let mut ib = 0;
    while ib < m {
        let rows = mb.min(m - ib);
        for i in 0..rows {
            // SAFETY: row `ib + i < m` of A: `k` initialized, aligned u16s, only read.
            let row = unsafe { std::slice::from_raw_parts(p.a.add((ib + i) * p.lda), k) };
            widen(row, &mut a32[i * k..(i + 1) * k]);
        }
        let inner = Args {
            a: a32.as_ptr(),
            lda: k,
            b: b32.as_ptr(),
            ldb: n,
            c: c32.as_mut_ptr(),
            ldc: n,
            m: rows,
            n,
            k,
            epilogue: None,
            ctx: std::ptr::null_mut(),
            packed_b: None,
        };
        // SAFETY: the inner operands are the scratch slices, dense (`lda = k`,
        // `ldb = ldc = n`): A is `rows * k <= al`, B `k * n = bl`, C `rows * n <= cl`
        // elements, aligned and initialized, C disjoint from A and B; no epilogue.
        unsafe { matmul_f32(isa, &inner) };
        for i in 0..rows {
            // SAFETY: row `ib + i < m` of C: `n` initialized, aligned u16s that only this
            // call accesses; the slice dies before the epilogue runs.
            let row = unsafe { std::slice::from_raw_parts_mut(p.c.add((ib + i) * p.ldc), n) };
            narrow(&c32[i * n..(i + 1) * n], row);
        }
        // SAFETY: rows `ib..ib + rows` are final; no reference into C is live.
        unsafe { p.finish_rows(ib, ib + rows) };
        ib += rows;
    }
}
