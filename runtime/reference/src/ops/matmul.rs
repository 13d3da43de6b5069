//! matmul: `[b…, m, k] x [b…, k, n] -> [b…, m, n]`, the verifier's rule
//! (`shape::matmul`): equal ranks of at least 2, equal batch dims (no batch
//! broadcasting), equal contracting dims.

use super::index::{count, list};
use super::scalar::{with_kind, Kind};
use xir_runtime_hal::element::ElementType;
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::{Error, Result};

pub(crate) fn matmul(
    lhs: &HostTensor,
    rhs: &HostTensor,
    shape: &[usize],
    element: ElementType,
    out: &mut [u8],
) -> Result<()> {
    let (l, r) = (&lhs.shape[..], &rhs.shape[..]);
    if l.len() < 2 || r.len() < 2 {
        return Err(Error::invalid_argument(format!(
            "operands must have rank at least 2, got {} and {}",
            l.len(),
            r.len()
        )));
    }
    if l.len() != r.len() {
        return Err(Error::invalid_argument(format!(
            "operand ranks differ: {} vs {}",
            l.len(),
            r.len()
        )));
    }
    let rank = l.len();
    for i in 0..rank - 2 {
        if l[i] != r[i] {
            return Err(Error::invalid_argument(format!(
                "batch dimensions {i} differ: {} vs {}",
                l[i], r[i]
            )));
        }
    }
    let (m, k, n) = (l[rank - 2], l[rank - 1], r[rank - 1]);
    if k != r[rank - 2] {
        return Err(Error::invalid_argument(format!(
            "contracting dimensions differ: {k} vs {}",
            r[rank - 2]
        )));
    }
    let mut expected = l[..rank - 2].to_vec();
    expected.extend([m, n]);
    if shape != expected {
        return Err(Error::invalid_argument(format!(
            "result shape {} does not match the inferred shape {}",
            list(shape),
            list(&expected)
        )));
    }
    if count(shape) == 0 {
        return Ok(());
    }
    let batch = count(&l[..rank - 2]);
    with_kind!(element, |kind| {
        let a = decode(kind, &lhs.data)?;
        let b = decode(kind, &rhs.data)?;
        let size = kind.size();
        let mut dst = out.chunks_exact_mut(size);
        for bi in 0..batch {
            let (a, b) = (&a[bi * m * k..][..m * k], &b[bi * k * n..][..k * n]);
            for i in 0..m {
                for j in 0..n {
                    let mut acc = kind.zero();
                    for p in 0..k {
                        acc = kind.add(acc, kind.mul(a[i * k + p], b[p * n + j]));
                    }
                    // `dst` has exactly batch * m * n chunks.
                    if let Some(o) = dst.next() {
                        kind.store(acc, o);
                    }
                }
            }
        }
        Ok(())
    }, invalid => Err(Error::unimplemented(format!("unsupported element type {element}"))))
}

/// Every element of `data`, in compute values.
fn decode<K: Kind>(k: K, data: &[u8]) -> Result<Vec<K::V>> {
    let n = data.len() / k.size();
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::resource_exhausted(format!("cannot allocate {n} values")))?;
    v.extend(data.chunks_exact(k.size()).map(|b| k.load(b)));
    Ok(v)
}
