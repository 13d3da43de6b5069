//! Constants as elements: a scalar attribute, or `dense<...>` of a static shaped
//! type, read as scalars and written back. A uniform result is stored as a splat,
//! as MLIR's dense storage does, so folds of splats and of lists print alike.

use super::int::Int;
use xir::{Attr, AttrKind, Context, FloatKind, Type, TypeKind};

/// One element's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scalar {
    Int(Int),
    Float(FloatKind, u128),
}

/// An element type arith folds: an integer of any width (index: 64), or a float.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    Int(u32),
    Float(FloatKind),
}

impl Elem {
    pub fn of(ctx: &Context, t: Type) -> Option<Elem> {
        match ctx.type_kind(t) {
            TypeKind::Integer { width, .. } => Some(Elem::Int(*width)),
            TypeKind::Index => Some(Elem::Int(64)),
            TypeKind::Float(k) => Some(Elem::Float(*k)),
            _ => None,
        }
    }

    fn bytes(self) -> usize {
        let bits = match self {
            Elem::Int(w) => w,
            Elem::Float(k) => k.bit_width(),
        };
        (bits as usize).div_ceil(8).max(1)
    }
}

/// A constant operand: one scalar, or the elements of a dense attribute.
pub enum Const {
    Scalar(Scalar),
    Dense { splat: bool, elems: Vec<Scalar> },
}

/// The element type of a shaped type, or the type itself.
pub fn element_type(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element }
        | TypeKind::Vector { element, .. } => *element,
        _ => t,
    }
}

/// Whether `t` is a vector or tensor type.
pub fn is_shaped(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } | TypeKind::Vector { .. }
    )
}

/// The element count of a vector or ranked tensor of static shape.
pub fn static_count(ctx: &Context, t: Type) -> Option<usize> {
    let shape = match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } | TypeKind::Vector { shape, .. } => shape,
        _ => return None,
    };
    shape.iter().try_fold(1usize, |n, &d| {
        (d >= 0).then(|| n.checked_mul(d as usize)).flatten()
    })
}

/// `t` with its element type replaced by i1 (MLIR's `getI1SameShape`).
pub fn i1_same_shape(ctx: &mut Context, t: Type) -> Type {
    let i1 = ctx.i1();
    let k = match ctx.type_kind(t).clone() {
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => TypeKind::RankedTensor {
            shape,
            element: i1,
            encoding,
        },
        TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { element: i1 },
        TypeKind::Vector {
            shape, scalable, ..
        } => TypeKind::Vector {
            shape,
            scalable,
            element: i1,
        },
        _ => return i1,
    };
    ctx.intern_type(k)
}

fn decode(e: Elem, b: &[u8]) -> Scalar {
    match e {
        Elem::Int(w) => Scalar::Int(Int::from_le_bytes(b, w)),
        Elem::Float(k) => {
            let mut raw = [0u8; 16];
            raw[..b.len().min(16)].copy_from_slice(&b[..b.len().min(16)]);
            Scalar::Float(k, u128::from_le_bytes(raw))
        }
    }
}

fn encode(s: &Scalar, n: usize, out: &mut Vec<u8>) {
    match s {
        Scalar::Int(i) => i.write_le_bytes(n, out),
        Scalar::Float(_, b) => {
            out.extend_from_slice(&b.to_le_bytes()[..n.min(16)]);
            out.extend(std::iter::repeat_n(0, n.saturating_sub(16)));
        }
    }
}

/// Reads an integer, float or dense int/float attribute.
pub fn read(ctx: &Context, a: Attr) -> Option<Const> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { .. } => Some(Const::Scalar(Scalar::Int(super::int_of(ctx, a)?))),
        AttrKind::Float { .. } => {
            let (k, b) = super::float_of(ctx, a)?;
            Some(Const::Scalar(Scalar::Float(k, b)))
        }
        AttrKind::DenseElements { ty, splat, data } => {
            let e = Elem::of(ctx, element_type(ctx, *ty))?;
            let n = e.bytes();
            if data.len() % n != 0 {
                return None;
            }
            let elems = data.chunks(n).map(|c| decode(e, c)).collect();
            Some(Const::Dense {
                splat: *splat,
                elems,
            })
        }
        _ => None,
    }
}

/// The scalar attribute of `s` with type `ty` (i1 as `true`/`false`).
pub fn scalar_attr(ctx: &mut Context, ty: Type, s: Scalar) -> Attr {
    match s {
        Scalar::Int(i) => super::int_attr(ctx, ty, &i),
        Scalar::Float(_, bits) => ctx.intern_attr(AttrKind::Float { ty, bits }),
    }
}

/// A dense attribute of shaped type `ty` holding `elems` (one element: a splat).
pub fn dense_attr(ctx: &mut Context, ty: Type, elems: &[Scalar]) -> Option<Attr> {
    let e = Elem::of(ctx, element_type(ctx, ty))?;
    let n = e.bytes();
    let splat = elems.len() == 1 || elems.windows(2).all(|w| w[0] == w[1]);
    let take = if splat {
        &elems[..1.min(elems.len())]
    } else {
        elems
    };
    let mut data = Vec::with_capacity(take.len() * n);
    for s in take {
        encode(s, n, &mut data);
    }
    Some(ctx.intern_attr(AttrKind::DenseElements {
        ty,
        splat,
        data: data.into(),
    }))
}

/// An integer constant that is a scalar or a splat (MLIR's `m_ConstantInt`).
pub fn splat_int(ctx: &Context, a: Attr) -> Option<Int> {
    match read(ctx, a)? {
        Const::Scalar(Scalar::Int(i)) => Some(i),
        Const::Dense { splat: true, elems } => match elems.into_iter().next()? {
            Scalar::Int(i) => Some(i),
            _ => None,
        },
        _ => None,
    }
}

/// A float constant that is a scalar or a splat (MLIR's float predicate matchers).
pub fn splat_float(ctx: &Context, a: Attr) -> Option<(FloatKind, u128)> {
    match read(ctx, a)? {
        Const::Scalar(Scalar::Float(k, b)) => Some((k, b)),
        Const::Dense { splat: true, elems } => match elems.first()? {
            Scalar::Float(k, b) => Some((*k, *b)),
            _ => None,
        },
        _ => None,
    }
}

/// The zero of `ty` (scalar, or a splat of a static shape), MLIR's `getZeroAttr`.
pub fn zero_attr(ctx: &mut Context, ty: Type) -> Option<Attr> {
    let e = Elem::of(ctx, element_type(ctx, ty))?;
    let z = match e {
        Elem::Int(w) => Scalar::Int(Int::new(0, w)),
        Elem::Float(k) => Scalar::Float(k, 0),
    };
    if is_shaped(ctx, ty) {
        static_count(ctx, ty)?;
        dense_attr(ctx, ty, &[z])
    } else {
        Some(scalar_attr(ctx, ty, z))
    }
}

/// A boolean of `ty`'s shape (MLIR's `getBoolAttribute`): `true`/`false`, or a
/// splat of a static shape.
pub fn bool_of_shape(ctx: &mut Context, ty: Type, v: bool) -> Option<Attr> {
    if is_shaped(ctx, ty) {
        static_count(ctx, ty)?;
        dense_attr(ctx, ty, &[Scalar::Int(Int::new(v as u128, 1))])
    } else {
        Some(ctx.bool_attr(v))
    }
}
