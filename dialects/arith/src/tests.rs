//! Folder unit tests: MLIR's constant-folding semantics on scalars.

use crate::fold::int::Int;
use crate::fold::{fold_constants, int_attr, FoldProps};
use xir::{Attr, AttrKind, Context, FloatKind, Signedness, Type};

fn ctx() -> Context {
    let mut c = Context::new();
    crate::register(&mut c);
    c
}

fn int_ty(c: &mut Context, w: u32) -> Type {
    c.integer_type(w, Signedness::Signless)
}

fn int(c: &mut Context, w: u32, v: i128) -> Attr {
    let t = int_ty(c, w);
    int_attr(c, t, &Int::from_i128(v, w))
}

fn flt(c: &mut Context, v: f64) -> Attr {
    let ty = c.float_type(FloatKind::F64);
    c.intern_attr(AttrKind::Float {
        ty,
        bits: v.to_bits() as u128,
    })
}

fn f32_attr(c: &mut Context, v: f32) -> Attr {
    let ty = c.float_type(FloatKind::F32);
    c.intern_attr(AttrKind::Float {
        ty,
        bits: v.to_bits() as u128,
    })
}

/// Folds a one-result integer op of width `w` and returns the signed value.
fn fold_int(op: &str, w: u32, a: i128, b: i128) -> Option<i128> {
    let mut c = ctx();
    let (x, y) = (int(&mut c, w, a), int(&mut c, w, b));
    let t = int_ty(&mut c, w);
    let r = fold_constants(&mut c, op, FoldProps::default(), &[Some(x), Some(y)], &[t])?;
    crate::fold::int_of(&c, r[0]).and_then(|i| i.to_i128())
}

fn fold_f64(op: &str, a: f64, b: f64) -> Option<f64> {
    let mut c = ctx();
    let (x, y) = (flt(&mut c, a), flt(&mut c, b));
    let t = c.float_type(FloatKind::F64);
    let r = fold_constants(&mut c, op, FoldProps::default(), &[Some(x), Some(y)], &[t])?;
    crate::fold::float_of(&c, r[0]).map(|(_, b)| f64::from_bits(b as u64))
}

#[test]
fn integer_arithmetic_wraps() {
    assert_eq!(fold_int("arith.addi", 8, 127, 1), Some(-128));
    assert_eq!(fold_int("arith.subi", 8, -128, 1), Some(127));
    assert_eq!(fold_int("arith.muli", 16, 300, 300), Some(90000 - 65536));
    assert_eq!(fold_int("arith.muli", 32, 6, 7), Some(42));
}

#[test]
fn division_semantics() {
    assert_eq!(fold_int("arith.divsi", 32, -7, 2), Some(-3));
    assert_eq!(fold_int("arith.ceildivsi", 32, -7, 2), Some(-3));
    assert_eq!(fold_int("arith.ceildivsi", 32, 7, 2), Some(4));
    assert_eq!(fold_int("arith.floordivsi", 32, -7, 2), Some(-4));
    assert_eq!(fold_int("arith.floordivsi", 32, 7, -2), Some(-4));
    assert_eq!(fold_int("arith.remsi", 32, -7, 2), Some(-1));
    assert_eq!(fold_int("arith.divui", 8, -2, 2), Some(127));
    assert_eq!(fold_int("arith.ceildivui", 8, 7, 2), Some(4));
    assert_eq!(fold_int("arith.remui", 8, -1, 10), Some(5));
    // Division by zero and signed overflow do not fold.
    for op in [
        "arith.divsi",
        "arith.divui",
        "arith.remsi",
        "arith.remui",
        "arith.ceildivsi",
    ] {
        assert_eq!(fold_int(op, 32, 5, 0), None, "{op}");
    }
    assert_eq!(fold_int("arith.divsi", 8, -128, -1), None);
    assert_eq!(fold_int("arith.floordivsi", 8, -128, -1), None);
}

#[test]
fn shifts_bitwise_minmax() {
    assert_eq!(fold_int("arith.shli", 8, 1, 7), Some(-128));
    assert_eq!(fold_int("arith.shli", 8, 1, 8), None);
    assert_eq!(fold_int("arith.shrsi", 8, -128, 3), Some(-16));
    assert_eq!(fold_int("arith.shrui", 8, -128, 3), Some(16));
    assert_eq!(fold_int("arith.andi", 8, 12, 10), Some(8));
    assert_eq!(fold_int("arith.ori", 8, 12, 10), Some(14));
    assert_eq!(fold_int("arith.xori", 8, 12, 10), Some(6));
    assert_eq!(fold_int("arith.maxsi", 8, -1, 1), Some(1));
    assert_eq!(fold_int("arith.maxui", 8, -1, 1), Some(-1));
    assert_eq!(fold_int("arith.minsi", 8, -1, 1), Some(-1));
    assert_eq!(fold_int("arith.minui", 8, -1, 1), Some(1));
}

#[test]
fn comparisons() {
    let mut c = ctx();
    let (a, b) = (int(&mut c, 32, -1), int(&mut c, 32, 1));
    let i1 = int_ty(&mut c, 1);
    let expect = [
        false, true, true, true, false, false, false, false, true, true,
    ];
    for (pred, want) in expect.iter().enumerate() {
        let props = FoldProps {
            predicate: Some(pred as u64),
            ..Default::default()
        };
        let r = fold_constants(&mut c, "arith.cmpi", props, &[Some(a), Some(b)], &[i1]).unwrap();
        assert_eq!(r[0], c.bool_attr(*want), "cmpi predicate {pred}");
    }
    let (x, nan) = (flt(&mut c, 1.0), flt(&mut c, f64::NAN));
    // olt with NaN is false, ult is true, uno is true, ord is false.
    for (pred, want) in [
        (4, false),
        (11, true),
        (14, true),
        (7, false),
        (0, false),
        (15, true),
    ] {
        let props = FoldProps {
            predicate: Some(pred),
            ..Default::default()
        };
        let r = fold_constants(&mut c, "arith.cmpf", props, &[Some(x), Some(nan)], &[i1]).unwrap();
        assert_eq!(r[0], c.bool_attr(want), "cmpf predicate {pred}");
    }
}

#[test]
fn float_arithmetic() {
    assert_eq!(fold_f64("arith.addf", 1.5, 2.25), Some(3.75));
    assert_eq!(fold_f64("arith.subf", 1.5, 2.25), Some(-0.75));
    assert_eq!(fold_f64("arith.mulf", 1.5, 2.0), Some(3.0));
    assert_eq!(fold_f64("arith.divf", 1.0, 0.0), Some(f64::INFINITY));
    assert_eq!(fold_f64("arith.remf", -7.5, 2.0), Some(-1.5));
    assert!(fold_f64("arith.maximumf", f64::NAN, 1.0).unwrap().is_nan());
    assert_eq!(fold_f64("arith.maxnumf", f64::NAN, 1.0), Some(1.0));
    assert_eq!(
        fold_f64("arith.minimumf", -0.0, 0.0).map(f64::to_bits),
        Some((-0.0f64).to_bits())
    );
    assert_eq!(fold_f64("arith.minnumf", 2.0, f64::NAN), Some(2.0));
}

#[test]
fn casts() {
    let mut c = ctx();
    let (i8t, i32t, f32t, f64t) = (
        int_ty(&mut c, 8),
        int_ty(&mut c, 32),
        c.float_type(FloatKind::F32),
        c.float_type(FloatKind::F64),
    );
    let p = FoldProps::default();
    let m1 = int(&mut c, 8, -1);
    let r = fold_constants(&mut c, "arith.extsi", p, &[Some(m1)], &[i32t]).unwrap();
    assert_eq!(r[0], int(&mut c, 32, -1));
    let r = fold_constants(&mut c, "arith.extui", p, &[Some(m1)], &[i32t]).unwrap();
    assert_eq!(r[0], int(&mut c, 32, 255));
    let big = int(&mut c, 32, 0x1ff);
    let r = fold_constants(&mut c, "arith.trunci", p, &[Some(big)], &[i8t]).unwrap();
    assert_eq!(r[0], int(&mut c, 8, -1));
    let r = fold_constants(&mut c, "arith.sitofp", p, &[Some(m1)], &[f32t]).unwrap();
    assert_eq!(r[0], f32_attr(&mut c, -1.0));
    let r = fold_constants(&mut c, "arith.uitofp", p, &[Some(m1)], &[f32t]).unwrap();
    assert_eq!(r[0], f32_attr(&mut c, 255.0));
    let x = f32_attr(&mut c, -3.75);
    let r = fold_constants(&mut c, "arith.fptosi", p, &[Some(x)], &[i8t]).unwrap();
    assert_eq!(r[0], int(&mut c, 8, -3));
    // Out of range for fptoui / fptosi: no fold.
    assert!(fold_constants(&mut c, "arith.fptoui", p, &[Some(x)], &[i8t]).is_none());
    let x = f32_attr(&mut c, 300.0);
    assert!(fold_constants(&mut c, "arith.fptosi", p, &[Some(x)], &[i8t]).is_none());
    let r = fold_constants(&mut c, "arith.extf", p, &[Some(x)], &[f64t]).unwrap();
    assert_eq!(r[0], flt(&mut c, 300.0));
    // truncf folds only exact conversions.
    let tenth = flt(&mut c, 0.1);
    assert!(fold_constants(&mut c, "arith.truncf", p, &[Some(tenth)], &[f32t]).is_none());
    let half = flt(&mut c, 0.5);
    let r = fold_constants(&mut c, "arith.truncf", p, &[Some(half)], &[f32t]).unwrap();
    assert_eq!(r[0], f32_attr(&mut c, 0.5));
    let one = f32_attr(&mut c, 1.0);
    let r = fold_constants(&mut c, "arith.bitcast", p, &[Some(one)], &[i32t]).unwrap();
    assert_eq!(r[0], int(&mut c, 32, 0x3f80_0000));
    let idx = c.intern_type(xir::TypeKind::Index);
    let r = fold_constants(&mut c, "arith.index_cast", p, &[Some(m1)], &[idx]).unwrap();
    assert!(matches!(c.attr_kind(r[0]), AttrKind::Integer { value, .. } if *value == (-1).into()));
}

#[test]
fn extended_ops() {
    let mut c = ctx();
    let i8t = int_ty(&mut c, 8);
    let i1 = int_ty(&mut c, 1);
    let p = FoldProps::default();
    let (a, b) = (int(&mut c, 8, -1), int(&mut c, 8, 2));
    let r = fold_constants(
        &mut c,
        "arith.addui_extended",
        p,
        &[Some(a), Some(b)],
        &[i8t, i1],
    )
    .unwrap();
    assert_eq!(r, vec![int(&mut c, 8, 1), c.bool_attr(true)]);
    let r = fold_constants(
        &mut c,
        "arith.mulsi_extended",
        p,
        &[Some(a), Some(b)],
        &[i8t, i8t],
    )
    .unwrap();
    assert_eq!(r, vec![int(&mut c, 8, -2), int(&mut c, 8, -1)]);
    let r = fold_constants(
        &mut c,
        "arith.mului_extended",
        p,
        &[Some(a), Some(b)],
        &[i8t, i8t],
    )
    .unwrap();
    assert_eq!(r, vec![int(&mut c, 8, -2), int(&mut c, 8, 1)]);
    // A non-constant operand does not fold.
    assert!(fold_constants(&mut c, "arith.addi", p, &[Some(a), None], &[i8t]).is_none());
}

#[test]
fn wide_integers() {
    let mut c = ctx();
    let (t, t512) = (int_ty(&mut c, 256), int_ty(&mut c, 512));
    let p = FoldProps::default();
    let m1 = int(&mut c, 256, -1);
    let two = int(&mut c, 256, 2);
    let r = fold_constants(&mut c, "arith.addi", p, &[Some(m1), Some(two)], &[t]).unwrap();
    assert_eq!(r[0], int(&mut c, 256, 1));
    // 2^255 - 1 + 1 wraps to the signed minimum.
    let max = int_attr(&mut c, t, &Int::signed_max(256));
    let one = int(&mut c, 256, 1);
    let r = fold_constants(&mut c, "arith.addi", p, &[Some(max), Some(one)], &[t]).unwrap();
    assert_eq!(r[0], int_attr(&mut c, t, &Int::signed_min(256)));
    let r = fold_constants(&mut c, "arith.extsi", p, &[Some(m1)], &[t512]).unwrap();
    assert_eq!(r[0], int(&mut c, 512, -1));
    let r = fold_constants(&mut c, "arith.extui", p, &[Some(m1)], &[t512]).unwrap();
    let want = int_attr(
        &mut c,
        t512,
        &Int::from_biguint(Int::all_ones(256).unsigned(), 512),
    );
    assert_eq!(r[0], want);
    let f64t = c.float_type(FloatKind::F64);
    let r = fold_constants(&mut c, "arith.uitofp", p, &[Some(m1)], &[f64t]).unwrap();
    assert_eq!(r[0], flt(&mut c, 2f64.powi(256)));
    let r = fold_constants(&mut c, "arith.sitofp", p, &[Some(m1)], &[f64t]).unwrap();
    assert_eq!(r[0], flt(&mut c, -1.0));
    let x = flt(&mut c, -2f64.powi(200));
    let r = fold_constants(&mut c, "arith.fptosi", p, &[Some(x)], &[t]).unwrap();
    let v = crate::fold::int_of(&c, r[0]).unwrap();
    assert_eq!(v.signed(), -(num_bigint::BigInt::from(1) << 200u32));
    assert!(fold_constants(&mut c, "arith.fptoui", p, &[Some(x)], &[t]).is_none());
}
