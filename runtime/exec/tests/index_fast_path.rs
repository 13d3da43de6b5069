//! The executor's fast path for integer ops on `index` (numbers, no
//! attributes) against the ops' folders, which it must equal on every
//! operand pair: the same value, or the same error where the folder has none.

use std::sync::Arc;
use xir::{Context, Ir};
use xir_runtime_exec::{Executor, RtValue};
use xir_runtime_hal::driver::create_device;
use xir_runtime_hal::DeviceOptions;
use xir_runtime_reference::driver::ReferenceDriver;

/// Every integer op of two operands (as the differential tests' generator
/// draws them).
const OPS: &[&str] = irgen::arith::INT_BIN;

const VALUES: [i64; 12] = [0, 1, -1, 2, -2, 7, -7, 63, 64, 1 << 40, i64::MIN, i64::MAX];

fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_device::register(&mut ctx);
    xir_hal::register(&mut ctx);
    ctx
}

/// `@slow` runs `op` on its arguments (attributes: the folder); `@fast` on
/// the same values made host numbers (a folded `subi` gives a number, and
/// `addi` takes the fast path back to the value).
fn module(op: &str) -> String {
    format!(
        "module {{
  device.global @d = #device.target<\"local\", {{}}, []>
  func.func @slow(%a: index, %b: index) -> index {{
    %r = arith.{op} %a, %b : index
    return %r : index
  }}
  func.func @fast(%a: index, %b: index) -> index {{
    %one = arith.constant 1 : index
    %a1 = arith.subi %a, %one : index
    %b1 = arith.subi %b, %one : index
    %x = arith.addi %a1, %one : index
    %y = arith.addi %b1, %one : index
    %r = arith.{op} %x, %y : index
    return %r : index
  }}
}}"
    )
}

fn index(ctx: &mut Context, v: i64) -> RtValue {
    let ty = ctx.index_type();
    RtValue::Scalar(ctx.intern_attr(xir::AttrKind::Integer {
        ty,
        value: v.into(),
    }))
}

#[test]
fn every_index_op_equals_its_folder() {
    let mut checked = 0;
    for op in OPS {
        let text = module(op);
        let mut ctx = context();
        let mut ir = Ir::new();
        let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", &text)
            .unwrap_or_else(|d| panic!("{d:?}\n{text}"));
        assert!(xir::verifier::verify(&ctx, &ir, top).is_empty());
        let dev =
            Arc::new(create_device(&ReferenceDriver, 0, 0, &DeviceOptions::default()).unwrap());
        let mut exec = Executor::new(&mut ctx, &ir, top, vec![dev]).unwrap();
        let (slow, fast) = (
            exec.function("slow").unwrap(),
            exec.function("fast").unwrap(),
        );
        for a in VALUES {
            for b in VALUES {
                let mut outcome = |f| {
                    let args = vec![index(exec.context(), a), index(exec.context(), b)];
                    match exec.call(f, args) {
                        Ok(v) => match &v[..] {
                            [RtValue::Scalar(s)] => {
                                Ok(xir::printer::attr_to_string(exec.context(), *s))
                            }
                            other => Err(format!("not one scalar: {other:?}")),
                        },
                        Err(d) => Err(d.message),
                    }
                };
                let (want, got) = (outcome(slow), outcome(fast));
                assert_eq!(got, want, "arith.{op} {a}, {b}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, OPS.len() * VALUES.len() * VALUES.len());
}
