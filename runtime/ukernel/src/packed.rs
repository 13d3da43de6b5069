//! f32 GEMM with B packed once: a model's weights (a constant B) are laid out in the
//! micro-kernel's panels when the kernel is loaded, so a call neither packs them nor
//! reads them strided, and threads can each take a range of B's columns.

use crate::{Args, Epilogue, Isa};

/// A raw view of a [`PackedB`] for the driver: columns `col..` of the packed matrix.
///
/// Holding one promises that `ptr` is valid for reading, for each k block `[pc, pc +
/// kcur)` of the kernel's KC blocking, `n_pad * kcur` elements at `ptr + pc * n_pad`,
/// where panel `j / NR` (columns `j..j + NR`) is `kcur` rows of `NR` at `j * kcur`.
pub(crate) struct PackedRef<E> {
    pub ptr: *const E,
    pub n_pad: usize,
    pub col: usize,
}

/// B (`k x n`, f32) packed for one ISA path's kernel.
pub struct PackedB {
    isa: Isa,
    k: usize,
    n: usize,
    nr: usize,
    /// For each k block `[pc, pc + kcur)`: `n_pad / nr` panels of `kcur x nr`,
    /// zero-padded on the right, at `pc * n_pad`.
    data: Vec<f32>,
}

impl PackedB {
    /// The ISA path it was packed for.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// Rows of B (the reduction).
    pub fn k(&self) -> usize {
        self.k
    }

    /// Columns of B.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Columns per panel: a column range given to [`matmul_packed_f32`] starts at a
    /// multiple of it.
    pub fn panel(&self) -> usize {
        self.nr
    }

    /// Bytes it holds.
    pub fn bytes(&self) -> usize {
        self.data.len() * size_of::<f32>()
    }
}

/// Packs `b` (`k` rows of `n` columns, `ldb` apart) for [`matmul_packed_f32`] on `isa`.
/// Panics if `b` is too short (`(k - 1) * ldb + n` elements when `k, n > 0`), `ldb < n`,
/// or the machine cannot run `isa`.
pub fn pack_b_f32(isa: Isa, b: &[f32], ldb: usize, k: usize, n: usize) -> PackedB {
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    assert!(ldb >= n, "ldb {ldb} < n {n}");
    if k > 0 && n > 0 {
        assert!(b.len() >= (k - 1) * ldb + n, "B holds {} elements", b.len());
    }
    let (_, kc, nr) = crate::conv::blocking(isa);
    let n_pad = n.next_multiple_of(nr);
    let mut data = vec![0f32; n_pad * k];
    let mut pc = 0;
    while pc < k {
        let kcur = kc.min(k - pc);
        let block = &mut data[pc * n_pad..(pc + kcur) * n_pad];
        for j in (0..n).step_by(nr) {
            let w = nr.min(n - j);
            let panel = &mut block[j * kcur..(j + nr) * kcur];
            for p in 0..kcur {
                let src = &b[(pc + p) * ldb + j..][..w];
                panel[p * nr..p * nr + w].copy_from_slice(src);
            }
        }
        pc += kcur;
    }
    PackedB {
        isa,
        k,
        n,
        nr,
        data,
    }
}

/// `C[i, j - j0] = sum_p A[i, p] * B[p, j]` for `i < m`, `j0 <= j < j1`: the columns
/// `j0..j1` of `A * B` with B packed by [`pack_b_f32`], on the ISA it was packed for.
/// `c` points at the first of them; otherwise as `xir_matmul_f32` (overwrites C,
/// single-threaded, the epilogue on each finished block of rows, whose columns are
/// `j1 - j0` from `c`). Panics if `j0` is not a multiple of [`PackedB::panel`] or
/// `j0 <= j1 <= b.n()` does not hold.
///
/// # Safety
/// As `xir_matmul_f32` with `k = b.k()` and `n = j1 - j0`, for A and C (B is
/// `b`'s own memory).
pub unsafe fn matmul_packed_f32(
    a: *const f32,
    lda: usize,
    b: &PackedB,
    (j0, j1): (usize, usize),
    c: *mut f32,
    ldc: usize,
    m: usize,
    epilogue: Option<Epilogue>,
    ctx: *mut u8,
) {
    assert!(
        j0 <= j1 && j1 <= b.n && j0 % b.nr == 0,
        "columns {j0}..{j1} of a packed B of {} in panels of {}",
        b.n,
        b.nr
    );
    let args = Args {
        a,
        lda,
        b: std::ptr::null(),
        ldb: j1 - j0,
        c,
        ldc,
        m,
        n: j1 - j0,
        k: b.k,
        epilogue,
        ctx,
        packed_b: Some(PackedRef {
            ptr: b.data.as_ptr(),
            n_pad: b.n.next_multiple_of(b.nr),
            col: j0,
        }),
    };
    // SAFETY: A and C by this function's contract; the packed B holds, for every k
    // block of the kernel's blocking (`conv::blocking(b.isa)`, the one it was packed with),
    // the panels of all `n_pad` columns, and columns `j0..j1` start at a panel; the
    // driver reads only panels of columns below `j1 <= n`.
    unsafe { crate::float::matmul_f32(b.isa, &args) }
}
