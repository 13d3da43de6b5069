//! A dispatch's numbers: index arithmetic on its constants, buffer sizes,
//! the workgroup grid, and each access's start and strides, checked to stay
//! inside its buffer.

use crate::plan::{Access, BufferKind, IndexBin, IndexOp, KernelPlan};
use xir_runtime_hal::{Error, Result};

/// The value of every index slot, from the dispatch's constants.
pub fn eval_index(ops: &[IndexOp], args: &[u64]) -> Result<Vec<i64>> {
    let mut v: Vec<i64> = Vec::with_capacity(ops.len());
    for op in ops {
        let x = match *op {
            IndexOp::Const(c) => c,
            IndexOp::Arg(i) => *args
                .get(i)
                .ok_or_else(|| Error::invalid_argument("missing dispatch constant"))?
                as i64,
            IndexOp::Bin(b, x, y) => {
                let (a, c) = (v[x], v[y]);
                let r = match b {
                    IndexBin::Add => a.checked_add(c),
                    IndexBin::Sub => a.checked_sub(c),
                    IndexBin::Mul => a.checked_mul(c),
                    IndexBin::DivU => (c != 0).then(|| ((a as u64) / (c as u64)) as i64),
                    IndexBin::DivS => a.checked_div(c),
                    IndexBin::RemU => (c != 0).then(|| ((a as u64) % (c as u64)) as i64),
                    IndexBin::CeilDivU => (c != 0).then(|| ((a as u64).div_ceil(c as u64)) as i64),
                    IndexBin::Eq => Some((a == c) as i64),
                    IndexBin::LeS => Some((a <= c) as i64),
                };
                r.ok_or_else(|| {
                    Error::invalid_argument("index arithmetic overflows or divides by zero")
                })?
            }
        };
        v.push(x);
    }
    Ok(v)
}

/// The element count of `dims`.
pub fn count_of(dims: &[i64]) -> Result<u64> {
    let mut n: u64 = 1;
    for &d in dims {
        if d < 0 {
            return Err(Error::invalid_argument(format!("a negative dim ({d})")));
        }
        n = n
            .checked_mul(d as u64)
            .ok_or_else(|| Error::invalid_argument("a buffer size overflows"))?;
    }
    Ok(n)
}

/// Row-major element strides.
pub fn strides(dims: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1].saturating_mul(dims[d + 1].max(1));
    }
    s
}

/// The workgroup grid the compiler gives a dispatch whose first result has
/// `dims` (hal's rule); `Err` when `workgroups` is another.
pub fn check_grid(name: &str, dims: &[i64], workgroups: [u64; 3]) -> Result<()> {
    let first: Vec<u64> = dims.iter().map(|&d| d as u64).collect();
    let want = xir_hal::grid::workgroup_count(&first)
        .ok_or_else(|| Error::invalid_argument("grid size overflows"))?;
    if workgroups != want {
        return Err(Error::invalid_argument(format!(
            "@{name}: dispatched with workgroups {workgroups:?}, a {dims:?} result needs {want:?}"
        )));
    }
    Ok(())
}

/// An access over a domain: the element offset of its first element and
/// its element stride along each domain dim.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// The element offset at the domain's origin.
    pub base: i64,
    /// The element stride along each domain dim.
    pub coefs: Vec<i64>,
}

/// Resolves access `a` of a buffer with `dims` (`count` elements) over
/// `domain`, checked to stay inside the buffer; `write`: the stage writes
/// it, which a read-only buffer refuses.
pub fn resolve(
    a: &Access,
    dims: &[i64],
    count: u64,
    read_only: bool,
    domain: &[i64],
    symbols: &[i64],
    write: bool,
) -> Result<Resolved> {
    if write && read_only {
        return Err(Error::invalid_argument("a stage writes a constant"));
    }
    let st = strides(dims);
    let mut base: i128 = 0;
    let mut coefs = vec![0i128; domain.len()];
    for (r, (dc, sc, c)) in a.terms.iter().enumerate() {
        let s = st[r] as i128;
        let mut k = *c as i128;
        for (j, &x) in sc.iter().enumerate() {
            k += x as i128 * symbols[j] as i128;
        }
        base += k * s;
        for (d, &x) in dc.iter().enumerate() {
            coefs[d] += x as i128 * s;
        }
    }
    let (mut lo, mut hi) = (base, base);
    for (d, &c) in coefs.iter().enumerate() {
        let span = c * (domain[d] as i128 - 1);
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    if lo < 0 || hi >= count as i128 {
        return Err(Error::out_of_range(format!(
            "a stage reaches elements {lo}..={hi} of a buffer of {count} elements"
        )));
    }
    Ok(Resolved {
        base: base as i64,
        coefs: coefs.into_iter().map(|c| c as i64).collect(),
    })
}

/// A plan buffer's size in one dispatch.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferSize {
    /// Its dims in this dispatch.
    pub dims: Vec<i64>,
    /// Its element count.
    pub count: u64,
    /// Its size in bytes.
    pub bytes: usize,
}

/// A dispatch's index slots and buffer sizes, checked: the constants the
/// kernel takes, its asserts, each binding's length (`binding_lens`, in
/// bytes) against its dims, each view's element count against its source.
pub fn dispatch_sizes(
    plan: &KernelPlan,
    constants: &[u64],
    binding_lens: &[usize],
) -> Result<(Vec<i64>, Vec<BufferSize>)> {
    if constants.len() != plan.num_args {
        return Err(Error::invalid_argument(format!(
            "@{} takes {} constants, the dispatch gives {}",
            plan.name,
            plan.num_args,
            constants.len()
        )));
    }
    let slots = eval_index(&plan.index_ops, constants)?;
    for (c, msg) in &plan.asserts {
        if slots[*c] == 0 {
            // The compiler's check of the inputs (their shapes) failed.
            return Err(Error::invalid_argument(format!(
                "in kernel @{}: {msg}",
                plan.name
            )));
        }
    }
    let mut sizes: Vec<BufferSize> = Vec::with_capacity(plan.buffers.len());
    for b in &plan.buffers {
        let dims: Vec<i64> = b.dims.iter().map(|&s| slots[s]).collect();
        let count = count_of(&dims)?;
        let bytes = count
            .checked_mul(b.elem.byte_size() as u64)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| Error::invalid_argument("a buffer size overflows"))?;
        match &b.kind {
            BufferKind::Binding(i) => {
                let len = *binding_lens.get(*i).ok_or_else(|| {
                    Error::invalid_argument(format!(
                        "@{} reads binding {i}, the dispatch gives {}",
                        plan.name,
                        binding_lens.len()
                    ))
                })?;
                if len < bytes {
                    return Err(Error::invalid_argument(format!(
                        "@{}: binding {i} has {len} bytes, its dims {dims:?} need {bytes}",
                        plan.name
                    )));
                }
            }
            BufferKind::Reshape(src) if sizes[*src].count != count => {
                return Err(Error::invalid_argument(format!(
                    "@{}: a reshape of {} elements to dims {dims:?}",
                    plan.name, sizes[*src].count
                )));
            }
            _ => {}
        }
        sizes.push(BufferSize { dims, count, bytes });
    }
    Ok((slots, sizes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{BufferPlan, ElementType};
    use xir_runtime_hal::ErrorKind;

    /// `@k(%n)`: binding 0, an `f32` buffer of `n` elements.
    fn one_binding() -> KernelPlan {
        KernelPlan {
            name: "k".into(),
            num_args: 1,
            index_ops: vec![IndexOp::Arg(0)],
            buffers: vec![BufferPlan {
                kind: BufferKind::Binding(0),
                elem: ElementType::F32,
                dims: vec![0],
            }],
            ..KernelPlan::default()
        }
    }

    #[test]
    fn a_short_binding_is_an_invalid_argument() {
        let plan = one_binding();
        assert!(dispatch_sizes(&plan, &[4], &[16]).is_ok());
        let e = dispatch_sizes(&plan, &[4], &[12]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(
            e.to_string(),
            "@k: binding 0 has 12 bytes, its dims [4] need 16"
        );
        let e = dispatch_sizes(&plan, &[4], &[]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.to_string(), "@k reads binding 0, the dispatch gives 0");
    }

    #[test]
    fn an_access_outside_its_buffer_is_out_of_range() {
        // Element d + 1 of a buffer of 4, over d in 0..4: reaches element 4.
        let a = Access {
            buffer: 0,
            terms: vec![(vec![1], vec![], 1)],
        };
        assert!(resolve(&a, &[5], 5, false, &[4], &[], false).is_ok());
        let e = resolve(&a, &[4], 4, false, &[4], &[], false).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            e.to_string(),
            "a stage reaches elements 1..=4 of a buffer of 4 elements"
        );
        // Writing a constant is the kernel's fault, not the access's.
        let e = resolve(&a, &[5], 5, true, &[4], &[], true).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    }
}
