//! `packed::matmul_packed_f32` (B packed once) against the per-call kernel on the same
//! ISA, which it must equal bit for bit (same blocking, same sum order), and against an
//! f64 product; on every ISA, over sizes around a vector, a tile, a k block and a row
//! block, and over column ranges as threads take them.

mod common;

use common::Rng;
use xir_ukernel::packed::{matmul_packed_f32, pack_b_f32};
use xir_ukernel::{xir_matmul_f32_isa, Isa};

fn fill(rng: &mut Rng, len: usize) -> Vec<f32> {
    (0..len)
        .map(|_| (rng.below(2001) as f32 - 1000.0) / 512.0)
        .collect()
}

/// Rows `lo..hi` reported by the epilogue, in order.
unsafe extern "C" fn record(ctx: *mut u8, lo: usize, hi: usize) {
    let v = unsafe { &mut *(ctx as *mut Vec<(usize, usize)>) };
    v.push((lo, hi));
}

fn check(isa: Isa, m: usize, k: usize, n: usize, ldb_extra: usize, rng: &mut Rng) {
    let ldb = n + ldb_extra;
    let a = fill(rng, m * k);
    let b = fill(rng, k * ldb);
    let mut want = vec![f32::NAN; m * n];
    // SAFETY: dense A (m x k), B (k x n, ldb apart), C (m x n).
    unsafe {
        xir_matmul_f32_isa(
            isa,
            a.as_ptr(),
            k,
            b.as_ptr(),
            ldb,
            want.as_mut_ptr(),
            n,
            m,
            n,
            k,
            None,
            std::ptr::null_mut(),
        )
    };
    for i in 0..m {
        for j in 0..n {
            let exact: f64 = (0..k)
                .map(|p| a[i * k + p] as f64 * b[p * ldb + j] as f64)
                .sum();
            let bound: f64 = (0..k)
                .map(|p| (a[i * k + p] as f64 * b[p * ldb + j] as f64).abs())
                .sum();
            let got = want[i * n + j] as f64;
            assert!(
                (got - exact).abs() <= bound * 1e-6 + 1e-30,
                "{isa:?} {m}x{k}x{n} ({i},{j}): {got} vs {exact}"
            );
        }
    }
    let packed = pack_b_f32(isa, &b, ldb, k, n);
    assert_eq!((packed.k(), packed.n(), packed.isa()), (k, n, isa));
    let nr = packed.panel();
    // Whole, then split at panel boundaries into 2 and 3 ranges.
    let mut splits = vec![vec![0, n]];
    for parts in [2, 3] {
        let mut cut: Vec<usize> = (0..=parts).map(|t| n * t / parts / nr * nr).collect();
        cut[parts] = n;
        splits.push(cut);
    }
    for cut in splits {
        let mut got = vec![f32::NAN; m * n];
        for w in cut.windows(2) {
            let (j0, j1) = (w[0], w[1]);
            let mut rows = Vec::<(usize, usize)>::new();
            // SAFETY: A dense; C's columns j0..j1 of m rows, n apart.
            unsafe {
                matmul_packed_f32(
                    a.as_ptr(),
                    k,
                    &packed,
                    (j0, j1),
                    got.as_mut_ptr().add(j0),
                    n,
                    m,
                    Some(record),
                    &mut rows as *mut _ as *mut u8,
                )
            };
            if m > 0 {
                // Every row once, in order.
                assert_eq!(rows.first().unwrap().0, 0);
                assert_eq!(rows.last().unwrap().1, m);
                assert!(rows.windows(2).all(|r| r[0].1 == r[1].0));
            }
        }
        for (x, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                g.to_bits(),
                w.to_bits(),
                "{isa:?} {m}x{k}x{n} split {cut:?} at {x}: {g} vs {w}"
            );
        }
    }
}

#[test]
fn equals_the_per_call_kernel_on_every_isa() {
    let mut rng = Rng(0x05ee_db0b);
    for isa in Isa::supported() {
        for &(m, k, n) in &[
            (0, 5, 7),
            (3, 0, 7),
            (1, 1, 1),
            (1, 7, 17),
            (2, 3, 16),
            (5, 9, 47),
            (8, 16, 48),
            (9, 193, 49),
            (17, 200, 100),
            (64, 257, 97),
            (150, 130, 200),
            (33, 400, 5),
        ] {
            check(isa, m, k, n, 0, &mut rng);
            check(isa, m, k, n, 3, &mut rng);
        }
    }
}

#[test]
#[should_panic(expected = "in panels of")]
fn a_range_must_start_at_a_panel() {
    let b = vec![1f32; 4 * 100];
    let p = pack_b_f32(Isa::Portable, &b, 100, 4, 100);
    let a = [1f32; 4];
    let mut c = vec![0f32; 100];
    // SAFETY: never reaches the kernel (the range is refused first).
    unsafe {
        matmul_packed_f32(
            a.as_ptr(),
            4,
            &p,
            (1, 100),
            c.as_mut_ptr(),
            100,
            1,
            None,
            std::ptr::null_mut(),
        )
    };
}
