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

pub(crate) unsafe fn matmul_f16(isa: Isa, p: &Args<u16>) {
    widened(isa, p, widen_f16, narrow_f16)
}

pub(crate) unsafe fn matmul_bf16(isa: Isa, p: &Args<u16>) {
    widened(isa, p, widen_bf16, narrow_bf16)
}

unsafe fn widened(isa: Isa, p: &Args<u16>, widen: Widen, narrow: Narrow) {
    let (m, n, k) = (p.m, p.n, p.k);
    if m == 0 {
        return;
    }
    if n == 0 || k == 0 {
        // +0.0 is all-zero bits in both formats.
        for i in 0..m {
            std::slice::from_raw_parts_mut(p.c.add(i * p.ldc), n).fill(0);
        }
        p.finish_rows(0, m);
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
    let b32 = std::slice::from_raw_parts_mut(buf, bl);
    let a32 = std::slice::from_raw_parts_mut(buf.add(a_off), al);
    let c32 = std::slice::from_raw_parts_mut(buf.add(c_off), cl);
    for q in 0..k {
        let row = std::slice::from_raw_parts(p.b.add(q * p.ldb), n);
        widen(row, &mut b32[q * n..(q + 1) * n]);
    }
    let mut ib = 0;
    while ib < m {
        let rows = mb.min(m - ib);
        for i in 0..rows {
            let row = std::slice::from_raw_parts(p.a.add((ib + i) * p.lda), k);
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
        };
        matmul_f32(isa, &inner);
        for i in 0..rows {
            let row = std::slice::from_raw_parts_mut(p.c.add((ib + i) * p.ldc), n);
            narrow(&c32[i * n..(i + 1) * n], row);
        }
        p.finish_rows(ib, ib + rows);
        ib += rows;
    }
}
