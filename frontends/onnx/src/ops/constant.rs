//! Ops whose results are known at import time: constants, shapes and sizes
//! of static tensors and identities (Range of known operands is in `index`).

use super::activation::static_input;
use super::{Converter, R};
use crate::convert::{dims_str, need_static, Importer, SMALL};
use crate::node::Node;
use crate::symbolic::{Sym, SymTensor};
use crate::tensor::{Data, Tensor};
use crate::types::{element_type, ElementType, Ty};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "Constant",
        &[
            "value",
            "value_float",
            "value_floats",
            "value_int",
            "value_ints",
        ],
        constant,
        "a known value (`graph.constant` where used)",
    ),
    Converter::new(
        "ConstantOfShape",
        &["value"],
        constant_of_shape,
        "a known value; past 65536 elements a splat `graph.constant`",
    ),
    Converter::new(
        "Shape",
        &["start", "end"],
        shape,
        "a known value (of a static shape)",
    ),
    Converter::new("Size", &[], size, "a known value (of a static shape)"),
    Converter::new("EyeLike", &["dtype", "k"], eye_like, "`graph.constant`"),
];

fn constant(im: &mut Importer, n: &Node) -> R<()> {
    let t = if let Some(t) = n.tensor("value")? {
        Tensor::from_proto(t).map_err(|e| n.error(e))?
    } else if n.has("value_float") {
        Tensor {
            ty: Ty::new(ElementType::F32, vec![]),
            data: Data::F(vec![n.float("value_float", 0.0)? as f64]),
        }
    } else if let Some(v) = n.floats("value_floats")? {
        Tensor {
            ty: Ty::new(ElementType::F32, vec![v.len() as i64]),
            data: Data::F(v.iter().map(|&x| x as f64).collect()),
        }
    } else if let Some(v) = n.opt_int("value_int")? {
        Tensor::ints(Ty::new(ElementType::I64, vec![]), vec![v])
    } else if let Some(v) = n.ints("value_ints")? {
        Tensor::ints(Ty::new(ElementType::I64, vec![v.len() as i64]), v)
    } else {
        return Err(n.error("needs one of the attributes value, value_float(s), value_int(s) (sparse and string values are not supported)"));
    };
    if let Some(o) = n.output(0) {
        im.bind_const(o, t);
    }
    Ok(())
}

/// ConstantOfShape's `value` (one element; 0.0 f32 when absent).
fn fill_value(n: &Node) -> R<Tensor> {
    let value = match n.tensor("value")? {
        Some(t) => Tensor::from_proto(t).map_err(|e| n.error(e))?,
        None => Tensor {
            ty: Ty::new(ElementType::F32, vec![1]),
            data: Data::F(vec![0.0]),
        },
    };
    if value.len() != 1 {
        return Err(n.error("attribute 'value' must hold one element"));
    }
    Ok(value.decoded())
}

fn constant_of_shape(im: &mut Importer, n: &Node) -> R<()> {
    if n.input(0).is_some_and(|s| im.konst(s).is_none()) {
        return constant_of_dynamic_shape(im, n);
    }
    let shape = im
        .const_ints(n, 0, "shape")?
        .ok_or_else(|| n.error("input 0 (shape) is missing"))?;
    if shape.iter().any(|&d| d < 0) {
        return Err(n.error(format!(
            "shape {} has a negative dimension",
            dims_str(&shape)
        )));
    }
    let value = fill_value(n)?;
    let count = shape
        .iter()
        .try_fold(1i64, |a, &d| a.checked_mul(d))
        .ok_or_else(|| n.error("shape is too large"))?;
    let ty = Ty::new(value.ty.elem, shape);
    if count > SMALL {
        // Large: a splat constant, never materialized here.
        let v = im.b.splat_of(value.data, ty);
        im.out(n, 0, v);
        return Ok(());
    }
    let data = match (value.as_ints(), value.floats()) {
        (Some(v), _) => Data::I(vec![v[0]; count as usize]),
        (_, v) => Data::F(vec![v.map_or(0.0, |v| v[0]); count as usize]),
    };
    if let Some(o) = n.output(0) {
        im.bind_const(o, Tensor { ty, data });
    }
    Ok(())
}

/// The shape as a constant; with dynamic dims, a symbolic vector whose
/// dynamic elements are the dims (`crate::symbolic`).
fn shape(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let r = x.ty.rank() as i64;
    let clamp = |v: i64| if v < 0 { (v + r).max(0) } else { v.min(r) };
    let start = clamp(n.int("start", 0)?);
    let end = clamp(n.int("end", r)?);
    let ks = start as usize..(end.max(start)) as usize;
    let ty = Ty::new(ElementType::I64, vec![ks.len() as i64]);
    let Some(o) = n.output(0) else {
        return Ok(());
    };
    if x.ty.is_static() {
        im.bind_const(o, Tensor::ints(ty, x.ty.dims[ks].to_vec()));
    } else {
        let elems = ks.map(|k| im.syms.dim(&x, k)).collect();
        im.bind_sym(o, SymTensor { ty, elems });
    }
    Ok(())
}

/// ConstantOfShape of a shape known up to run-time dims: a 0-d constant
/// broadcast to it.
fn constant_of_dynamic_shape(im: &mut Importer, n: &Node) -> R<()> {
    let shape = im
        .sym_input(n, 0)
        .ok_or_else(|| n.error("input 0 (shape) must be a constant or a shape"))?;
    if shape.ty.rank() != 1 {
        return Err(n.error(format!(
            "input 0 (shape) must be a vector, not {}",
            shape.ty
        )));
    }
    let value = fill_value(n)?;
    if shape
        .elems
        .iter()
        .any(|&s| matches!(s, Sym::Const(c) if c < 0))
    {
        return Err(n.error("shape has a negative dimension"));
    }
    let scalar = Tensor {
        ty: Ty::new(value.ty.elem, vec![]),
        data: value.data,
    };
    let c = im.b.constant(&scalar);
    let (ty, given) = im.syms.result_type(&mut im.b, value.ty.elem, &shape.elems);
    let y = im.b.broadcast_given(&c, &[], ty, &given);
    im.syms.record(&y, &shape.elems);
    im.out(n, 0, y);
    Ok(())
}

fn size(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    need_static(n, &x, "Size")?;
    let t = Tensor::ints(
        Ty::new(ElementType::I64, vec![]),
        vec![x.ty.numel().unwrap()],
    );
    if let Some(o) = n.output(0) {
        im.bind_const(o, t);
    }
    Ok(())
}

fn eye_like(im: &mut Importer, n: &Node) -> R<()> {
    let x = static_input(im, n)?;
    if x.ty.rank() != 2 {
        return Err(n.error(format!("input must be a matrix, not {}", x.ty)));
    }
    let elem = match n.opt_int("dtype")? {
        Some(d) => element_type(d as i32).map_err(|m| n.error(m))?,
        None => x.ty.elem,
    };
    let k = n.int("k", 0)?;
    let (rows, cols) = (x.ty.dims[0], x.ty.dims[1]);
    if rows.saturating_mul(cols) > SMALL * 256 {
        return Err(n.error(format!(
            "a {rows}x{cols} identity is too large to import as a constant"
        )));
    }
    let one = |i: i64, j: i64| (j - i == k) as i64;
    let ty = Ty::new(elem, vec![rows, cols]);
    let cells = (0..rows).flat_map(|i| (0..cols).map(move |j| one(i, j)));
    let data = if elem.is_float() {
        Data::F(cells.map(|v| v as f64).collect())
    } else {
        Data::I(cells.collect())
    };
    let y = im.b.constant(&Tensor { ty, data });
    im.out(n, 0, y);
    Ok(())
}
