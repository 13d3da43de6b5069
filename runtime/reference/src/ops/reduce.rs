//! reduce_sum, reduce_max over `axes` (the verifier's rule,
//! `shape::reduce`: in range, no repeats, any order; the reduced dims are
//! removed from the result shape).

use super::index::{count, for_each_offset, list, strides};
use super::scalar::{with_kind, Kind};
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::{Error, Result};

#[derive(Copy, Clone, Debug)]
pub(crate) enum Reduction {
    Sum,
    Max,
}

pub(crate) fn reduce(
    how: Reduction,
    input: &HostTensor,
    axes: &[usize],
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    let rank = input.shape.len();
    let mut removed = vec![false; rank];
    for &a in axes {
        if a >= rank {
            return Err(Error::invalid_argument(format!(
                "axis {a} out of range for rank {rank}"
            )));
        }
        if std::mem::replace(&mut removed[a], true) {
            return Err(Error::invalid_argument(format!("axis {a} repeated")));
        }
    }
    let expected: Vec<usize> = (0..rank)
        .filter(|&d| !removed[d])
        .map(|d| input.shape[d])
        .collect();
    if shape != expected {
        return Err(Error::invalid_argument(format!(
            "result shape {} does not match the inferred shape {}",
            list(shape),
            list(&expected)
        )));
    }
    // The result offset each input dim moves: the result stride of a kept
    // dim, 0 for a reduced one.
    let out_strides = strides(shape);
    let mut step = vec![0; rank];
    for (d, s) in (0..rank).filter(|&d| !removed[d]).zip(&out_strides) {
        step[d] = *s;
    }
    let element = input.element;
    with_kind!(element, |k| {
        accumulate(k, how, input, &step, count(shape), out)
    }, invalid => Err(Error::unimplemented(format!("unsupported element type {element}"))))
}

fn accumulate<K: Kind>(
    k: K,
    how: Reduction,
    input: &HostTensor,
    step: &[usize],
    n: usize,
    out: &mut [u8],
) -> Result<()> {
    let init = match how {
        Reduction::Sum => k.zero(),
        Reduction::Max => k.lowest(),
    };
    let mut acc = Vec::new();
    acc.try_reserve_exact(n)
        .map_err(|_| Error::resource_exhausted(format!("cannot allocate {n} accumulators")))?;
    acc.resize(n, init);
    // Input elements in row-major order: each accumulator sees its inputs in
    // order of the reduced indices, and is rounded to the element type after
    // every step.
    let size = k.size();
    let mut src = input.data.chunks_exact(size);
    for_each_offset(&input.shape, 0, step, |o| {
        let (Some(a), Some(x)) = (acc.get_mut(o), src.next()) else {
            return;
        };
        let x = k.load(x);
        *a = match how {
            Reduction::Sum => k.round(k.add(*a, x)),
            Reduction::Max => k.max(*a, x),
        };
    });
    for (a, o) in acc.into_iter().zip(out.chunks_exact_mut(size)) {
        k.store(a, o);
    }
    Ok(())
}
