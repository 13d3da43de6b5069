//! transpose, reshape, broadcast, concat, slice: ops that move elements
//! without computing, so they work on bytes of any element type. The shape
//! checks are the verifier's (`dialects/graph/src/shape.rs`) on resolved
//! shapes.

use super::index::{count, dot, for_each_offset, list, strides};
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::{Error, Result};

/// `out[j] = input[base + Σ idx[d] * step[d]]`, `idx` the `j`-th index of
/// `shape` in row-major order; elements of `size` bytes.
fn gather(input: &[u8], size: usize, shape: &[usize], base: usize, step: &[usize], out: &mut [u8]) {
    let mut dst = out.chunks_exact_mut(size);
    for_each_offset(shape, base, step, |offset| {
        let src = offset * size;
        // `out` has exactly one chunk per index of `shape`.
        if let Some(o) = dst.next() {
            o.copy_from_slice(&input[src..src + size]);
        }
    });
}

fn mismatch(shape: &[usize], expected: &[usize]) -> Error {
    Error::invalid_argument(format!(
        "result shape {} does not match the inferred shape {}",
        list(shape),
        list(expected)
    ))
}

/// Result dim `i` is input dim `permutation[i]`.
pub(crate) fn transpose(
    input: &HostTensor,
    permutation: &[usize],
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    let rank = input.shape.len();
    if permutation.len() != rank {
        return Err(Error::invalid_argument(format!(
            "permutation has {} entries for rank {rank}",
            permutation.len()
        )));
    }
    let mut seen = vec![false; rank];
    for &p in permutation {
        if p >= rank || std::mem::replace(&mut seen[p], true) {
            return Err(Error::invalid_argument(format!(
                "permutation {} is not a permutation of 0..{rank}",
                list(permutation)
            )));
        }
    }
    let expected: Vec<usize> = permutation.iter().map(|&p| input.shape[p]).collect();
    if shape != expected {
        return Err(mismatch(shape, &expected));
    }
    let in_strides = strides(&input.shape);
    let step: Vec<usize> = permutation.iter().map(|&p| in_strides[p]).collect();
    gather(&input.data, input.element.byte_size(), shape, 0, &step, out);
    Ok(())
}

/// The same elements in the same order.
pub(crate) fn reshape(input: &HostTensor, shape: &[usize], out: &mut [u8]) -> Result<()> {
    let (a, b) = (count(&input.shape), count(shape));
    if a != b {
        return Err(Error::invalid_argument(format!(
            "element count mismatch: {a} vs {b}"
        )));
    }
    out.copy_from_slice(&input.data);
    Ok(())
}

/// Input dim `i` is result dim `dimensions[i]` (strictly increasing, below
/// the result rank), equal to it or 1 (stretched).
pub(crate) fn broadcast(
    input: &HostTensor,
    dimensions: &[usize],
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    if dimensions.len() != input.shape.len() {
        return Err(Error::invalid_argument(format!(
            "dimensions has {} entries for input rank {}",
            dimensions.len(),
            input.shape.len()
        )));
    }
    let in_strides = strides(&input.shape);
    let mut step = vec![0; shape.len()];
    for (i, &d) in dimensions.iter().enumerate() {
        if (i > 0 && d <= dimensions[i - 1]) || d >= shape.len() {
            return Err(Error::invalid_argument(format!(
                "dimensions {} must be strictly increasing and below the result rank {}",
                list(dimensions),
                shape.len()
            )));
        }
        let (a, b) = (input.shape[i], shape[d]);
        if a == b {
            step[d] = in_strides[i];
        } else if a != 1 {
            return Err(Error::invalid_argument(format!(
                "input dimension {i} ({a}) does not match result dimension {d} ({b})"
            )));
        }
        // A stretched dim (1) keeps step 0: every result index reads index 0.
    }
    gather(&input.data, input.element.byte_size(), shape, 0, &step, out);
    Ok(())
}

/// The inputs joined along `axis`; other dims equal the result's.
pub(crate) fn concat(
    inputs: &[&HostTensor],
    axis: usize,
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    let rank = shape.len();
    if axis >= rank {
        return Err(Error::invalid_argument(format!(
            "axis {axis} out of range for rank {rank}"
        )));
    }
    let mut joined = 0usize;
    for (k, t) in inputs.iter().enumerate() {
        if t.shape.len() != rank {
            return Err(Error::invalid_argument(format!(
                "operand ranks differ: {} (operand {k}) vs {rank} (the result)",
                t.shape.len()
            )));
        }
        for (d, (&a, &b)) in t.shape.iter().zip(shape).enumerate() {
            if d != axis && a != b {
                return Err(Error::invalid_argument(format!(
                    "dimension {d} of operand {k} differs: {a} vs {b}"
                )));
            }
        }
        joined = joined.checked_add(t.shape[axis]).ok_or_else(|| {
            Error::invalid_argument(format!("dimension {axis} of the joined operands overflows"))
        })?;
    }
    if joined != shape[axis] {
        let mut expected = shape.to_vec();
        expected[axis] = joined;
        return Err(mismatch(shape, &expected));
    }
    if count(shape) == 0 {
        return Ok(());
    }
    // For each index of the dims before `axis`, each input contributes its
    // contiguous block of `shape[axis] * inner` elements, in operand order.
    let size = inputs[0].element.byte_size();
    let outer = count(&shape[..axis]);
    let inner = count(&shape[axis + 1..]);
    let mut at = 0;
    for o in 0..outer {
        for t in inputs {
            let block = t.shape[axis] * inner * size;
            out[at..at + block].copy_from_slice(&t.data[o * block..(o + 1) * block]);
            at += block;
        }
    }
    Ok(())
}

/// Result dim `i` reads input indices `start[i] + j * strides[i]` for
/// `j < shape[i]`.
pub(crate) fn slice(
    input: &HostTensor,
    start: &[usize],
    step_by: &[usize],
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    let rank = input.shape.len();
    for (what, v) in [("start", start), ("strides", step_by)] {
        if v.len() != rank {
            return Err(Error::invalid_argument(format!(
                "{what} has {} entries for rank {rank}",
                v.len()
            )));
        }
    }
    if shape.len() != rank {
        return Err(Error::invalid_argument(format!(
            "result rank {} differs from input rank {rank}",
            shape.len()
        )));
    }
    for i in 0..rank {
        if step_by[i] == 0 {
            return Err(Error::invalid_argument(format!(
                "stride 0 of dimension {i} is not positive"
            )));
        }
        let (n, size) = (input.shape[i], shape[i]);
        if size > 0 {
            let last = (size - 1)
                .checked_mul(step_by[i])
                .and_then(|x| x.checked_add(start[i]));
            match last {
                Some(last) if last < n => {}
                Some(last) => {
                    return Err(Error::out_of_range(format!(
                        "slice of dimension {i} reads index {last}, past its size {n}"
                    )))
                }
                None => {
                    return Err(Error::out_of_range(format!(
                        "slice of dimension {i} reads past its size {n} (index overflows)"
                    )))
                }
            }
        }
    }
    if count(shape) == 0 {
        return Ok(());
    }
    // Every read index is in range now, so these products do not overflow.
    let in_strides = strides(&input.shape);
    let base = dot(start, &in_strides);
    let step: Vec<usize> = (0..rank)
        .map(|i| {
            if shape[i] > 1 {
                step_by[i] * in_strides[i]
            } else {
                0
            }
        })
        .collect();
    gather(
        &input.data,
        input.element.byte_size(),
        shape,
        base,
        &step,
        out,
    );
    Ok(())
}
