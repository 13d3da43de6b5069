//! Property test of dispatch grids (stream → hal, `xir_hal::grid`): for
//! random result shapes of rank 0 to 5, each dim static or dynamic, the
//! workgroup counts the lowering emits, constant-folded by `canonicalize`
//! (dynamic dims are constants at the stream level here), equal
//! `workgroup_count` of the shape. The kernel has a scalar argument, an
//! argument with dims of its own and a second result with other dims, so
//! only the first result's dims may count.

use irgen::XorShift as Rng;
use xir::symbol::op_attr;
use xir::{AttrKind, Context, Ir, Op, ValueDef};
use xir_hal::grid::workgroup_count;

mod common;
use common::{parse, run_pass};

/// The tensor type of `shape` with the dims flagged in `dynamic` as `?`.
fn tensor(shape: &[u64], dynamic: &[bool]) -> String {
    let mut s = String::from("tensor<");
    for (d, &dy) in shape.iter().zip(dynamic) {
        if dy {
            s += "?x";
        } else {
            s += &format!("{d}x");
        }
    }
    s + "f32>"
}

/// A stream-level module with one dispatch whose kernel's first result has
/// `shape` (`dynamic` dims passed as constants).
fn program(r: &mut Rng, shape: &[u64], dynamic: &[bool]) -> String {
    let t = tensor(shape, dynamic);
    let n = dynamic.iter().filter(|&&d| d).count();
    let mut consts = String::new();
    let c = |v: u64, consts: &mut String| {
        let name = format!("%v{}", consts.lines().count());
        *consts += &format!("    {name} = arith.constant {v} : index\n");
        name
    };
    // The scalar argument, the argument's dims, the first result's (the
    // shape's), the second result's: all different from the shape's.
    let scalar = c(1_000_003, &mut consts);
    let mut operands = vec![scalar];
    for _ in 0..n {
        let v = 7_000 + r.below(1000) as u64;
        operands.push(c(v, &mut consts));
    }
    for (&d, _) in shape.iter().zip(dynamic).filter(|(_, &dy)| dy) {
        operands.push(c(d, &mut consts));
    }
    for _ in 0..n {
        let v = 9_000 + r.below(1000) as u64;
        operands.push(c(v, &mut consts));
    }
    let index_args: String = (0..3 * n).map(|i| format!(", %i{i}: index")).collect();
    let index_types: String = (0..operands.len()).map(|_| ", index").collect();
    format!(
        r#"module {{
  device.global @cpu = #device.target<"local">
  flow.executable private @k {{
    flow.executable.export @k
    builtin.module {{
      func.func @k(%a: {t}, %s: index{index_args}) -> ({t}, {t}) {{
        %0 = graph.relu %a : {t}
        %1 = graph.exp %a : {t}
        return %0, %1 : {t}, {t}
      }}
    }}
  }}
  func.func @f(%arg0: !stream.resource<external> {{stream.tensor = tensor<4xf32>}}) {{
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
{consts}    %r:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %x: !stream.resource<external>{{%c16}}) -> !stream.resource<transient>{{%c16}} {{
      %d:2 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%x[%c0 to %c16 for %c16], {ops}) : (!stream.resource<external>{{%c16}}{index_types}) -> (!stream.resource<transient>{{%c16}}, !stream.resource<transient>{{%c16}})
      stream.yield %d#0 : !stream.resource<transient>{{%c16}}
    }} => !stream.timepoint
    %w = stream.timepoint.await %r#1 => %r#0 : !stream.resource<transient>{{%c16}}
    return
  }}
}}
"#,
        ops = operands.join(", ")
    )
}

/// The constant an index value folded to.
fn constant(ctx: &Context, ir: &Ir, v: xir::Value) -> Option<u64> {
    let ValueDef::Result { op, .. } = ir.value(v).def else {
        return None;
    };
    if ctx.str(ir.op(op).name) != "arith.constant" {
        return None;
    }
    match ctx.attr_kind(op_attr(ctx, ir, op, "value")?) {
        AttrKind::Integer { value, .. } => u64::try_from(value).ok(),
        _ => None,
    }
}

/// The workgroup counts of the one dispatch under `top`, folded.
fn counts(ctx: &Context, ir: &Ir, top: Op, text: &str) -> [u64; 3] {
    let dispatch = xir::walk::preorder(ir, top)
        .into_iter()
        .find(|&op| ctx.str(ir.op(op).name) == "hal.command_buffer.dispatch")
        .unwrap_or_else(|| panic!("no dispatch\n{text}"));
    let spec = xir::ods::spec_of(ctx, ir.op(dispatch).name).expect("spec");
    let wg = xir::ods::access::operand_group(ctx, ir, dispatch, spec, "workgroups");
    let show = || xir::printer::print_top_level(ctx, ir, top, &Default::default());
    let folded: Vec<u64> = wg
        .iter()
        .map(|&v| constant(ctx, ir, v).unwrap_or_else(|| panic!("not folded\n{}", show())))
        .collect();
    folded.try_into().expect("three counts")
}

#[test]
fn grids_agree_with_workgroup_count() {
    let mut r = Rng::new(0x5EED_0F6A_1D00);
    let (mut dynamic_cases, mut zeros) = (0, 0);
    for _ in 0..400 {
        let rank = r.below(6);
        let shape: Vec<u64> = (0..rank)
            .map(|_| match r.below(10) {
                0 => 0,
                1 => 1,
                2..=4 => r.below(200) as u64 + 1,
                _ => r.below(5000) as u64,
            })
            .collect();
        let dynamic: Vec<bool> = (0..rank).map(|_| r.chance(50)).collect();
        let text = program(&mut r, &shape, &dynamic);
        let (mut ctx, mut ir) = (common::context(), Ir::new());
        let top = parse(&mut ctx, &mut ir, &text);
        run_pass(&mut ctx, &mut ir, top, "convert-stream-to-hal", &[]);
        run_pass(&mut ctx, &mut ir, top, "canonicalize", &[]);
        let want = workgroup_count(&shape).expect("no overflow");
        assert_eq!(
            counts(&ctx, &ir, top, &text),
            want,
            "{shape:?} {dynamic:?}\n{text}"
        );
        dynamic_cases += usize::from(dynamic.iter().any(|&d| d));
        zeros += usize::from(shape.contains(&0));
    }
    assert!(
        dynamic_cases > 250 && zeros > 50,
        "{dynamic_cases} dynamic, {zeros} with a 0 dim"
    );
}
