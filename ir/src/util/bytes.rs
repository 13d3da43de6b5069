//! The storage bytes of a tensor type: one rule for the memory planner (which
//! sizes intermediates and pools), flow → stream (resource sizes) and
//! stream → hal (allocation sizes), so that all of them agree.

use crate::types::TypeKind;
use crate::{Context, Type, DYNAMIC};

/// Byte size of a tensor, or why it has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bytes {
    Known(u64),
    /// A `?` dimension (or an unranked tensor) without `max-dim`.
    Dynamic,
    /// An element type without a storage size, or a size beyond u64.
    Unsized,
}

impl Bytes {
    /// The size rounded up to `alignment`; `None` when unknown or beyond u64.
    pub fn aligned(self, alignment: u64) -> Option<u64> {
        match self {
            Bytes::Known(s) => align_up(s, alignment),
            _ => None,
        }
    }
}

/// Storage bytes of one element: powers of two from one byte (i1 and i4 take a byte).
fn element_bytes(ctx: &Context, t: Type) -> Option<u64> {
    let bits = match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => *width as u64,
        TypeKind::Index => 64,
        TypeKind::Float(k) => k.bit_width() as u64,
        TypeKind::Complex(e) => return element_bytes(ctx, *e)?.checked_mul(2),
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => {
            if scalable.iter().any(|&s| s) {
                return None;
            }
            let e = element_bytes(ctx, *element)?;
            return shape
                .iter()
                .try_fold(e, |acc, &d| acc.checked_mul(u64::try_from(d).ok()?));
        }
        _ => return None,
    };
    bits.div_ceil(8).max(1).checked_next_power_of_two()
}

/// Bytes of a tensor type; `max_dim` bounds each `?`.
pub fn tensor_bytes(ctx: &Context, t: Type, max_dim: Option<u64>) -> Bytes {
    let (shape, element) = match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => (shape.as_slice(), *element),
        TypeKind::UnrankedTensor { .. } => return Bytes::Dynamic,
        _ => return Bytes::Unsized,
    };
    let Some(mut n) = element_bytes(ctx, element) else {
        return Bytes::Unsized;
    };
    for &d in shape {
        let d = if d == DYNAMIC {
            match max_dim {
                Some(m) => m,
                None => return Bytes::Dynamic,
            }
        } else {
            d.max(0) as u64
        };
        match n.checked_mul(d) {
            Some(v) => n = v,
            None => return Bytes::Unsized,
        }
    }
    Bytes::Known(n)
}

/// Bytes of a statically shaped tensor type; `None` if dynamic, unknown or too
/// large for `i64`.
pub fn static_bytes(ctx: &Context, t: Type) -> Option<i64> {
    match tensor_bytes(ctx, t, None) {
        Bytes::Known(n) => i64::try_from(n).ok(),
        _ => None,
    }
}

/// The aligned size of a known byte count.
pub fn align_up(n: u64, alignment: u64) -> Option<u64> {
    n.checked_next_multiple_of(alignment)
}
