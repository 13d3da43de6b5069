//! The dispatch grid: how many workgroups a `hal.command_buffer.dispatch`
//! launches, chosen from the kernel's parallel iteration space, the shape of
//! its first result. The one rule the compiler (stream → hal, which emits the
//! counts as index constants, or as `arith.ceildivui`/`arith.muli` on the
//! dims when dynamic) and the runtime (which runs the workgroups) share.
//!
//! For a result of shape `[d0, …, d(n-1)]` (n ≥ 2), workgroup `(x, y, z)`
//! covers the result elements `[i0, …, i(n-1)]` with
//! - `i(n-1)` in `x * TILE_X .. min((x + 1) * TILE_X, d(n-1))` (a tile of the
//!   innermost dim),
//! - `i(n-2) = y` (one row of the next dim),
//! - `(i0, …, i(n-3))` the `z`-th index of the outer dims `d0 … d(n-3)` in
//!   row-major order (`z = i0 * d1 * … * d(n-3) + … + i(n-3)`; `z = 0` when
//!   n = 2).
//!
//! A rank-1 result is tiled along x only (y = z = 0); a rank-0 result is one
//! workgroup that covers its single element. The workgroups partition the
//! result: every element is covered by exactly one of them.

/// Elements of the innermost dim one workgroup covers.
pub const TILE_X: u64 = 64;

/// Workgroup counts (x, y, z) for a result of `shape`: x = ceil(d[n-1] /
/// TILE_X), y = d[n-2], z = product of d[0..n-2]; missing dims count 1
/// (rank 0 → (1,1,1)); any dim 0 → that count 0. Returns None on overflow.
///
/// See the module comment for which result elements each workgroup covers.
pub fn workgroup_count(shape: &[u64]) -> Option<[u64; 3]> {
    let n = shape.len();
    let x = match n {
        0 => 1,
        _ => shape[n - 1].div_ceil(TILE_X),
    };
    let y = if n >= 2 { shape[n - 2] } else { 1 };
    let outer = &shape[..n.saturating_sub(2)];
    // A zero among the outer dims empties z whatever the others are (the
    // product is 0, not an overflow).
    let z = if outer.contains(&0) {
        0
    } else {
        outer.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d))?
    };
    Some([x, y, z])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        assert_eq!(workgroup_count(&[]), Some([1, 1, 1]));
        assert_eq!(workgroup_count(&[1]), Some([1, 1, 1]));
        assert_eq!(workgroup_count(&[64]), Some([1, 1, 1]));
        assert_eq!(workgroup_count(&[65]), Some([2, 1, 1]));
        assert_eq!(workgroup_count(&[8, 10]), Some([1, 8, 1]));
        assert_eq!(workgroup_count(&[2, 3, 130]), Some([3, 3, 2]));
        assert_eq!(workgroup_count(&[2, 5, 3, 7, 128]), Some([2, 7, 30]));
    }

    #[test]
    fn zero_dims() {
        assert_eq!(workgroup_count(&[0]), Some([0, 1, 1]));
        assert_eq!(workgroup_count(&[0, 4]), Some([1, 0, 1]));
        assert_eq!(workgroup_count(&[3, 0, 4]), Some([1, 0, 3]));
        assert_eq!(
            workgroup_count(&[u64::MAX, u64::MAX, 0, 1, 1]),
            Some([1, 1, 0])
        );
    }

    #[test]
    fn overflow() {
        assert_eq!(workgroup_count(&[u64::MAX, 2, 1, 1]), None);
        assert_eq!(workgroup_count(&[u64::MAX, 1, 1]), Some([1, 1, u64::MAX]));
        assert_eq!(
            workgroup_count(&[u64::MAX]),
            Some([u64::MAX.div_ceil(64), 1, 1])
        );
    }

    /// Every element of small shapes is covered by exactly one workgroup,
    /// by the rule of the module comment.
    #[test]
    fn workgroups_partition_the_result() {
        let shapes: &[&[u64]] = &[
            &[],
            &[5],
            &[130],
            &[3, 70],
            &[2, 3, 65],
            &[2, 2, 2, 129],
            &[0, 3],
        ];
        for &shape in shapes {
            let [gx, gy, gz] = workgroup_count(shape).unwrap();
            let total: u64 = shape.iter().product();
            let mut covered = vec![0u32; total as usize];
            let n = shape.len();
            for z in 0..gz {
                for y in 0..gy {
                    for x in 0..gx {
                        // The outer index of z, row-major.
                        let mut outer = Vec::new();
                        let mut rest = z;
                        for &d in shape[..n.saturating_sub(2)].iter().rev() {
                            outer.push(rest % d);
                            rest /= d;
                        }
                        outer.reverse();
                        let inner: Vec<u64> = match n {
                            0 => vec![0],
                            _ => (x * TILE_X..((x + 1) * TILE_X).min(shape[n - 1])).collect(),
                        };
                        for i in inner {
                            let mut idx = outer.clone();
                            if n >= 2 {
                                idx.push(y);
                            }
                            if n >= 1 {
                                idx.push(i);
                            }
                            let flat = idx.iter().zip(shape).fold(0, |acc, (&i, &d)| acc * d + i);
                            covered[flat as usize] += 1;
                        }
                    }
                }
            }
            assert!(covered.iter().all(|&c| c == 1), "{shape:?}: {covered:?}");
        }
    }
}
