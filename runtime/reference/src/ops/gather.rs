//! `gather`: `result[a…, j…, b…] = input[a…, idx(indices[j…]), b…]` along
//! `axis`, where an index `i` in `[-d, d)` selects `i` (negative: `i + d`)
//! and anything else is clamped to `0` or `d - 1` (`xir_graph::fold::gather_index`).
//! Moves bytes, so any element type.

use super::index::{count, list};
use xir_runtime_hal::element::ElementType;
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::{Error, Result};

pub(crate) fn gather(
    input: &HostTensor,
    indices: &HostTensor,
    axis: usize,
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    let rank = input.shape.len();
    if axis >= rank {
        return Err(Error::invalid_argument(format!(
            "axis {axis} out of range for input rank {rank}"
        )));
    }
    let wide = wide_indices(indices.element)?;
    let mut expected = input.shape[..axis].to_vec();
    expected.extend_from_slice(&indices.shape);
    expected.extend_from_slice(&input.shape[axis + 1..]);
    if shape != expected.as_slice() {
        return Err(Error::invalid_argument(format!(
            "result shape {} does not match the inferred shape {}",
            list(shape),
            list(&expected)
        )));
    }
    let k = count(&indices.shape);
    if count(shape) == 0 {
        return Ok(());
    }
    let d = input.shape[axis];
    if d == 0 {
        // Every index is outside a dim of size 0.
        return Err(Error::out_of_range(format!(
            "selects {k} element(s) along input dimension {axis} of size 0"
        )));
    }
    let size = input.element.byte_size();
    let outer = count(&input.shape[..axis]);
    let inner = count(&input.shape[axis + 1..]) * size;
    let index = |j: usize| -> i64 {
        if wide {
            i64::from_le_bytes(indices.data[j * 8..j * 8 + 8].try_into().unwrap_or([0; 8]))
        } else {
            i32::from_le_bytes(indices.data[j * 4..j * 4 + 4].try_into().unwrap_or([0; 4])) as i64
        }
    };
    let mut dst = out.chunks_exact_mut(inner);
    for o in 0..outer {
        for j in 0..k {
            let row = o * d + xir_graph::fold::gather_index(index(j), d as i64) as usize;
            if let Some(chunk) = dst.next() {
                chunk.copy_from_slice(&input.data[row * inner..(row + 1) * inner]);
            }
        }
    }
    Ok(())
}

/// Whether indices of element `e` are i64 (else i32; any other is an error).
pub(crate) fn wide_indices(e: ElementType) -> Result<bool> {
    match e {
        ElementType::I32 => Ok(false),
        ElementType::I64 => Ok(true),
        e => Err(Error::invalid_argument(format!(
            "indices must be i32 or i64, got {e}"
        ))),
    }
}
