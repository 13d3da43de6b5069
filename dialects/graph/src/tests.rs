//! Folders and shape inference of the graph ops.

use crate::fold::{fold_binary, fold_unary};
use xir::ods::FoldResult;
use xir::printer::attr_to_string;
use xir::{Attr, Context, Ir, Op};

/// Parses `src` and returns the ops named `name` with their operands' constant
/// values (from `graph.constant`).
/// An op and the constant values of its operands.
type Folds = Vec<(Op, Vec<Option<Attr>>)>;

fn setup(src: &str) -> (Context, Ir, Folds) {
    let mut ctx = Context::new();
    crate::register(&mut ctx);
    xir_func::register(&mut ctx);
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", src).expect("parses");
    assert!(xir::verifier::verify(&ctx, &ir, top).is_empty());
    let mut out = Vec::new();
    for op in xir::walk::preorder(&ir, top) {
        let name = ctx.str(ir.op(op).name);
        if name == "graph.constant" || !name.starts_with("graph.") {
            continue;
        }
        let consts = ir
            .operands(op)
            .map(|v| match ir.value(v).def {
                xir::ValueDef::Result { op: d, .. }
                    if ctx.str(ir.op(d).name) == "graph.constant" =>
                {
                    xir::symbol::op_attr(&ctx, &ir, d, "value")
                }
                _ => None,
            })
            .collect();
        out.push((op, consts));
    }
    (ctx, ir, out)
}

fn folded(ctx: &Context, r: Option<Vec<FoldResult>>) -> String {
    match r.as_deref() {
        Some([FoldResult::Attr(a)]) => attr_to_string(ctx, *a),
        other => format!("{other:?}"),
    }
}

#[test]
fn binary_splats_and_dense() {
    let (mut ctx, ir, ops) = setup(
        "func.func @f(%x: tensor<2xf32>) {
  %a = graph.constant dense<1.5> : tensor<2xf32>
  %b = graph.constant dense<[2.0, -4.0]> : tensor<2xf32>
  %i = graph.constant dense<7> : tensor<2xi32>
  %j = graph.constant dense<2> : tensor<2xi32>
  %0 = graph.add %a, %a : tensor<2xf32>
  %1 = graph.mul %a, %b : tensor<2xf32>
  %2 = graph.max %b, %a : tensor<2xf32>
  %3 = graph.div %i, %j : tensor<2xi32>
  %4 = graph.sub %x, %a : tensor<2xf32>
  return
}",
    );
    let got: Vec<String> = ops
        .iter()
        .map(|(op, c)| {
            let r = if c.len() == 2 {
                fold_binary(&mut ctx, &ir, *op, c)
            } else {
                None
            };
            folded(&ctx, r)
        })
        .collect();
    assert_eq!(
        got,
        [
            "dense<3.000000e+00> : tensor<2xf32>",
            "dense<[3.000000e+00, -6.000000e+00]> : tensor<2xf32>",
            "dense<[2.000000e+00, 1.500000e+00]> : tensor<2xf32>",
            "dense<3> : tensor<2xi32>",
            "None",
        ]
    );
}

#[test]
fn integer_division_by_zero_does_not_fold() {
    let (mut ctx, ir, ops) = setup(
        "func.func @f() {
  %i = graph.constant dense<7> : tensor<2xi64>
  %z = graph.constant dense<0> : tensor<2xi64>
  %0 = graph.div %i, %z : tensor<2xi64>
  return
}",
    );
    let (op, c) = &ops[0];
    assert!(fold_binary(&mut ctx, &ir, *op, c).is_none());
}

#[test]
fn unary_folds() {
    let (mut ctx, ir, ops) = setup(
        "func.func @f() {
  %a = graph.constant dense<[-1.0, 2.0]> : tensor<2xf64>
  %i = graph.constant dense<[-3, 4]> : tensor<2xi32>
  %0 = graph.neg %a : tensor<2xf64>
  %1 = graph.relu %a : tensor<2xf64>
  %2 = graph.relu %i : tensor<2xi32>
  %3 = graph.exp %i : tensor<2xi32>
  return
}",
    );
    let mut got = Vec::new();
    for (op, c) in &ops {
        let r = fold_unary(&mut ctx, &ir, *op, c);
        got.push(folded(&ctx, r));
    }
    assert_eq!(
        got,
        [
            "dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf64>",
            "dense<[0.000000e+00, 2.000000e+00]> : tensor<2xf64>",
            "dense<[0, 4]> : tensor<2xi32>",
            "None",
        ]
    );
}

#[test]
fn shape_inference() {
    use crate::shape;
    use xir::DYNAMIC as D;
    assert_eq!(shape::matmul(&[D, 4, 8], &[D, 8, 2]), Ok(vec![D, 4, 2]));
    assert_eq!(shape::transpose(&[1, 2, 3], &[2, 0, 1]), Ok(vec![3, 1, 2]));
    assert_eq!(shape::reduce(&[1, 2, 3], &[0, 2]), Ok(vec![2]));
    assert_eq!(shape::concat(&[&[D, 3], &[2, 3]], 0), Ok(vec![D, 3]));
    assert!(shape::reshape(&[D, 4], &[3]).is_ok());
}
