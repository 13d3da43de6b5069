//! Elementwise ops with numpy broadcasting: arithmetic, math functions,
//! logic, comparisons, the variadic Max/Min/Sum/Mean, Where and the casts.

use super::{Converter, R};
use crate::builder::{Binary, Pred, Unary, V};
use crate::convert::{bool_only, float_only, Importer};
use crate::fold;
use crate::node::Node;
use crate::types::{element_type, ElementType};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "Abs",
        &[],
        |im, n| unary(im, n, Unary::Abs, false),
        "`graph.abs`",
    )
    .folds(fold::abs),
    Converter::new(
        "Neg",
        &[],
        |im, n| unary(im, n, Unary::Neg, false),
        "`graph.neg`",
    )
    .folds(fold::neg),
    Converter::new(
        "Relu",
        &[],
        |im, n| unary(im, n, Unary::Relu, false),
        "`graph.relu`",
    ),
    Converter::new(
        "Exp",
        &[],
        |im, n| unary(im, n, Unary::Exp, true),
        "`graph.exp`",
    ),
    Converter::new(
        "Tanh",
        &[],
        |im, n| unary(im, n, Unary::Tanh, true),
        "`graph.tanh`",
    ),
    Converter::new(
        "Sqrt",
        &[],
        |im, n| unary(im, n, Unary::Sqrt, true),
        "`graph.sqrt`",
    ),
    Converter::new(
        "Log",
        &[],
        |im, n| unary(im, n, Unary::Log, true),
        "`graph.log`",
    ),
    Converter::new(
        "Sigmoid",
        &[],
        |im, n| unary(im, n, Unary::Sigmoid, true),
        "`graph.sigmoid`",
    ),
    Converter::new(
        "Erf",
        &[],
        |im, n| unary(im, n, Unary::Erf, true),
        "`graph.erf`",
    ),
    Converter::new(
        "Sin",
        &[],
        |im, n| unary(im, n, Unary::Sin, true),
        "`graph.sin`",
    ),
    Converter::new(
        "Cos",
        &[],
        |im, n| unary(im, n, Unary::Cos, true),
        "`graph.cos`",
    ),
    Converter::new("Add", &[], |im, n| arith(im, n, Binary::Add), "`graph.add`").folds(fold::add),
    Converter::new("Sub", &[], |im, n| arith(im, n, Binary::Sub), "`graph.sub`").folds(fold::sub),
    Converter::new("Mul", &[], |im, n| arith(im, n, Binary::Mul), "`graph.mul`").folds(fold::mul),
    Converter::new("Div", &[], |im, n| arith(im, n, Binary::Div), "`graph.div`").folds(fold::div),
    Converter::new(
        "Pow",
        &[],
        pow,
        "`graph.pow` (the exponent cast to the base's type)",
    ),
    Converter::new("And", &[], |im, n| logic(im, n, Binary::And), "`graph.and`").folds(fold::and),
    Converter::new("Or", &[], |im, n| logic(im, n, Binary::Or), "`graph.or`").folds(fold::or),
    Converter::new("Xor", &[], |im, n| logic(im, n, Binary::Xor), "`graph.xor`"),
    Converter::new("Not", &[], not, "`graph.not`").folds(fold::not),
    Converter::new(
        "Equal",
        &[],
        |im, n| compare(im, n, Pred::Eq),
        "`graph.compare eq`",
    )
    .folds(fold::equal),
    Converter::new(
        "Less",
        &[],
        |im, n| compare(im, n, Pred::Lt),
        "`graph.compare lt`",
    )
    .folds(fold::less),
    Converter::new(
        "LessOrEqual",
        &[],
        |im, n| compare(im, n, Pred::Le),
        "`graph.compare le`",
    )
    .folds(fold::less_or_equal),
    Converter::new(
        "Greater",
        &[],
        |im, n| compare(im, n, Pred::Gt),
        "`graph.compare gt`",
    )
    .folds(fold::greater),
    Converter::new(
        "GreaterOrEqual",
        &[],
        |im, n| compare(im, n, Pred::Ge),
        "`graph.compare ge`",
    )
    .folds(fold::greater_or_equal),
    Converter::new(
        "Max",
        &[],
        |im, n| variadic(im, n, Binary::Max, false),
        "`graph.max` of each next input",
    )
    .folds(fold::max),
    Converter::new(
        "Min",
        &[],
        |im, n| variadic(im, n, Binary::Min, false),
        "`graph.min` of each next input",
    )
    .folds(fold::min),
    Converter::new(
        "Sum",
        &[],
        |im, n| variadic(im, n, Binary::Add, false),
        "`graph.add` of each next input",
    ),
    Converter::new(
        "Mean",
        &[],
        |im, n| variadic(im, n, Binary::Add, true),
        "`graph.add` of each next input, `graph.div` by their count",
    ),
    Converter::new("Reciprocal", &[], reciprocal, "`graph.div` of 1 by x"),
    Converter::new("Where", &[], where_, "`graph.select`").folds(fold::where_),
    Converter::new(
        "Cast",
        &["to", "saturate", "round_mode"],
        cast,
        "`graph.cast` (nothing for the same type)",
    )
    .folds(fold::cast),
    Converter::new(
        "CastLike",
        &["saturate", "round_mode"],
        cast_like,
        "`graph.cast` (nothing for the same type)",
    ),
];

/// `f(x)`; `float`: of floats only, else of anything but bools.
fn unary(im: &mut Importer, n: &Node, f: Unary, float: bool) -> R<()> {
    let x = im.input(n, 0)?;
    if float {
        float_only(n, &x)?;
    } else if x.ty.elem == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    let y = im.b.unary(f, &x);
    let y = im.same_dims(y, &x);
    im.out(n, 0, y);
    Ok(())
}

/// Add, Sub, Mul and Div: of numbers, not bools.
fn arith(im: &mut Importer, n: &Node, f: Binary) -> R<()> {
    let y = im.binary(n, f)?;
    if y.ty.elem == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    im.out(n, 0, y);
    Ok(())
}

fn pow(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let mut p = im.input(n, 1)?;
    float_only(n, &x)?;
    if p.ty.elem != x.ty.elem {
        // Pow's exponent may have another type; it is converted.
        p = im.b.cast(&p, x.ty.elem);
    }
    let y = im.elementwise(n, Binary::Pow, x, p)?;
    im.out(n, 0, y);
    Ok(())
}

/// And, Or and Xor: of bools.
fn logic(im: &mut Importer, n: &Node, f: Binary) -> R<()> {
    let y = im.binary(n, f)?;
    bool_only(n, &y)?;
    im.out(n, 0, y);
    Ok(())
}

fn not(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    bool_only(n, &x)?;
    let y = im.b.unary(Unary::Not, &x);
    im.out(n, 0, y);
    Ok(())
}

fn compare(im: &mut Importer, n: &Node, pred: Pred) -> R<()> {
    let xs = vec![im.input(n, 0)?, im.input(n, 1)?];
    im.same_elem(n, &xs)?;
    let ex = im.broadcast_all(n, &xs)?;
    let y = im.b.compare(pred, &ex[0], &ex[1]);
    let y = im.same_dims(y, &ex[0]);
    im.out(n, 0, y);
    Ok(())
}

/// `f` folded over the inputs (of numbers); `mean`: divided by their count.
fn variadic(im: &mut Importer, n: &Node, f: Binary, mean: bool) -> R<()> {
    let count = n.num_inputs();
    if count == 0 {
        return Err(n.error("needs at least one input"));
    }
    let xs: Vec<V> = (0..count).map(|i| im.input(n, i)).collect::<R<_>>()?;
    let e = im.same_elem(n, &xs)?;
    if e == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    if mean && !e.is_float() {
        return Err(n.error(format!("element type {} is not supported", e)));
    }
    let mut acc = xs[0].clone();
    for x in &xs[1..] {
        acc = im.elementwise(n, f, acc, x.clone())?;
    }
    if mean && count > 1 {
        let c = im.b.splat(e, count as f64, &acc.ty.dims.clone());
        acc = im.b.binary(Binary::Div, &acc, &c);
    }
    im.out(n, 0, acc);
    Ok(())
}

fn reciprocal(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    let one = im.full(&x, 1.0);
    let y = im.b.binary(Binary::Div, &one, &x);
    im.out(n, 0, y);
    Ok(())
}

fn where_(im: &mut Importer, n: &Node) -> R<()> {
    let xs = [im.input(n, 0)?, im.input(n, 1)?, im.input(n, 2)?];
    bool_only(n, &xs[0])?;
    im.same_elem(n, &xs[1..])?;
    let ex = im.broadcast_all(n, &xs)?;
    let y = im.b.select(&ex[0], &ex[1], &ex[2]);
    let y = im.same_dims(y, &ex[1]);
    im.out(n, 0, y);
    Ok(())
}

fn cast(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let to = n
        .opt_int("to")?
        .ok_or_else(|| n.error("attribute 'to' is missing"))?;
    let e = element_type(to as i32).map_err(|m| n.error(m))?;
    let y = cast_to(im, n, x.clone(), e)?;
    let y = im.same_dims(y, &x);
    im.out(n, 0, y);
    Ok(())
}

fn cast_like(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let like = im.input(n, 1)?;
    let y = cast_to(im, n, x, like.ty.elem)?;
    im.out(n, 0, y);
    Ok(())
}

/// Cast and CastLike: `x` as `e` (their float8-only attributes at their defaults).
fn cast_to(im: &mut Importer, n: &Node, x: V, e: ElementType) -> R<V> {
    if n.int("saturate", 1)? != 1 {
        return Err(
            n.error("attribute 'saturate' applies to float8 types, which are not supported")
        );
    }
    let round = n.string("round_mode", "up")?;
    if round != "up" {
        return Err(n.error(format!("round_mode '{round}' is not supported")));
    }
    Ok(if e == x.ty.elem { x } else { im.b.cast(&x, e) })
}
