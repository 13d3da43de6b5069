//! `scatter`: the data with, for each `j` in order, row `idx(indices[j])`
//! (axis 0) replaced by `updates[j]` (`none`: a later duplicate wins) or
//! combined with it elementwise (`add`, `mul`, `max`, `min`, as the
//! elementwise ops compute them); `idx` is gather's
//! (`xir_graph::fold::gather_index`). No data rows: the updates are dropped.

use super::elementwise::{self, Binary};
use super::index::{count, list};
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::{Error, Result};

pub(crate) fn scatter(
    data: &HostTensor,
    indices: &HostTensor,
    updates: &HostTensor,
    reduction: &str,
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    let combine = match reduction {
        "none" => None,
        "add" => Some(Binary::Add),
        "mul" => Some(Binary::Mul),
        "max" => Some(Binary::Max),
        "min" => Some(Binary::Min),
        r => return Err(Error::invalid_argument(format!("unknown reduction '{r}'"))),
    };
    let wide = super::gather::wide_indices(indices.element)?;
    if data.shape.is_empty() || shape != data.shape.as_slice() || indices.shape.len() != 1 {
        return Err(Error::invalid_argument(format!(
            "data {}, indices {} and result {} do not fit",
            list(&data.shape),
            list(&indices.shape),
            list(shape)
        )));
    }
    let mut want = indices.shape.clone();
    want.extend_from_slice(&data.shape[1..]);
    if updates.shape != want {
        return Err(Error::invalid_argument(format!(
            "updates shape {} does not match the expected {}",
            list(&updates.shape),
            list(&want)
        )));
    }
    out.copy_from_slice(&data.data);
    let n = data.shape[0];
    let k = indices.shape[0];
    let inner = count(&data.shape[1..]);
    let bytes = inner * data.element.byte_size();
    if n == 0 || bytes == 0 {
        return Ok(());
    }
    let index = |j: usize| -> i64 {
        if wide {
            i64::from_le_bytes(indices.data[j * 8..j * 8 + 8].try_into().unwrap_or([0; 8]))
        } else {
            i32::from_le_bytes(indices.data[j * 4..j * 4 + 4].try_into().unwrap_or([0; 4])) as i64
        }
    };
    let row_tensor = |b: &[u8]| HostTensor {
        element: data.element,
        shape: vec![inner],
        data: b.to_vec(),
    };
    for j in 0..k {
        let r = xir_graph::fold::gather_index(index(j), n as i64) as usize;
        let dst = &mut out[r * bytes..(r + 1) * bytes];
        let src = &updates.data[j * bytes..(j + 1) * bytes];
        match combine {
            None => dst.copy_from_slice(src),
            Some(b) => {
                let (lhs, rhs) = (row_tensor(dst), row_tensor(src));
                elementwise::binary(b, &lhs, &rhs, &[inner], data.element, dst)?;
            }
        }
    }
    Ok(())
}
