//! The gather kernel the local backend calls for `kernel.gather`: rows of
//! bytes copied from the positions that run-time indices select, every
//! access bounds-checked by slicing (no index can reach outside `input`).

/// Gather indices as little-endian bytes (they may be unaligned).
#[derive(Clone, Copy, Debug)]
pub enum Indices<'a> {
    /// 4 bytes per index (`i32`, little-endian).
    I32(&'a [u8]),
    /// 8 bytes per index (`i64`, little-endian).
    I64(&'a [u8]),
}

impl Indices<'_> {
    /// Index `j`, or `None` past the end.
    pub fn get(&self, j: usize) -> Option<i64> {
        match *self {
            Indices::I32(b) => {
                Some(i32::from_le_bytes(b.get(j * 4..j * 4 + 4)?.try_into().ok()?) as i64)
            }
            Indices::I64(b) => Some(i64::from_le_bytes(
                b.get(j * 8..j * 8 + 8)?.try_into().ok()?,
            )),
        }
    }
}

/// The position index `i` selects along a dim of size `d > 0`: `i` in
/// `[-d, d)` selects `i` (negative: `i + d`), anything else is clamped to
/// `0` or `d - 1` (`graph.gather`'s rule, `xir_graph::fold::gather_index`).
pub fn gather_index(i: i64, d: i64) -> i64 {
    let j = if i < 0 { i.saturating_add(d) } else { i };
    j.clamp(0, d - 1)
}

/// Why [`gather_rows`] refused: its kinds, for the caller to map onto its
/// own errors (this crate depends on nothing of the runtime's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatherError {
    /// The dim indices select from has size 0 (no index can select).
    EmptyDim,
    /// A slice is shorter than the dims say.
    ShortBuffer,
}

impl std::fmt::Display for GatherError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GatherError::EmptyDim => "gather selects from a dim of size 0",
            GatherError::ShortBuffer => "gather: a buffer is shorter than its dims",
        })
    }
}

impl std::error::Error for GatherError {}

/// Rows `lo..hi` of a gather: `input` is `[outer, d, inner_bytes]`, the
/// output `[outer, k, inner_bytes]`, output row `r` (`o = r / k`,
/// `j = r % k`) is input row `o * d + gather_index(indices[j], d)`. `out`
/// holds rows `lo..hi` only. `Err` when a slice is too short or `d = 0`.
pub fn gather_rows(
    input: &[u8],
    indices: Indices<'_>,
    out: &mut [u8],
    (d, inner_bytes, k): (usize, usize, usize),
    (lo, hi): (usize, usize),
) -> Result<(), GatherError> {
    if hi <= lo || inner_bytes == 0 {
        return Ok(());
    }
    if d == 0 || k == 0 {
        return Err(GatherError::EmptyDim);
    }
    let short = || GatherError::ShortBuffer;
    let rows = out
        .get_mut(..(hi - lo) * inner_bytes)
        .ok_or_else(short)?
        .chunks_exact_mut(inner_bytes);
    for (r, dst) in (lo..hi).zip(rows) {
        let (o, j) = (r / k, r % k);
        let i = indices.get(j).ok_or_else(short)?;
        let row = o * d + gather_index(i, d as i64) as usize;
        let src = input
            .get(row * inner_bytes..(row + 1) * inner_bytes)
            .ok_or_else(short)?;
        dst.copy_from_slice(src);
    }
    Ok(())
}
