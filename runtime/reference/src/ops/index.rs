//! Shapes and row-major offsets, shared by the ops.

/// `[2, 3]` (for messages).
pub(super) fn list(v: &[usize]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

/// The element count of a shape. Only called on shapes whose byte size was
/// checked (`byte_len`), so the product does not overflow.
pub(super) fn count(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// Row-major strides in elements. A stride is only ever multiplied by an
/// index of a tensor that has elements, where no product overflows; for a
/// tensor with a 0 dim the trailing products may not fit, so they wrap.
pub(super) fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![0; shape.len()];
    let mut acc = 1usize;
    for d in (0..shape.len()).rev() {
        s[d] = acc;
        acc = acc.wrapping_mul(shape[d]);
    }
    s
}

/// `Σ idx[d] * step[d]`.
pub(super) fn dot(idx: &[usize], step: &[usize]) -> usize {
    idx.iter().zip(step).map(|(i, s)| i * s).sum()
}

/// Calls `f` with `base + Σ idx[d] * step[d]` for every index `idx` of
/// `shape` in row-major order: none if a dim is 0, one (`base`) for rank 0.
/// The sum is kept up to date as the index counts up, instead of recomputed.
pub(super) fn for_each_offset(
    shape: &[usize],
    base: usize,
    step: &[usize],
    mut f: impl FnMut(usize),
) {
    if shape.contains(&0) {
        return;
    }
    let mut idx = vec![0; shape.len()];
    let mut offset = base;
    loop {
        f(offset);
        // Count up like an odometer: the last dim fastest.
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            if idx[d] + 1 < shape[d] {
                idx[d] += 1;
                offset += step[d];
                break;
            }
            offset -= idx[d] * step[d];
            idx[d] = 0;
        }
    }
}
