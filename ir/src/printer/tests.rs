//! Printer tests on IR built directly; expected text is real mlir-opt 22 output.

use super::*;
#[allow(unused_imports)]
use crate::attributes::{AttrKind, Location};
use crate::entity::{Block, Value};
use crate::store::OperationState;
use crate::types::Signedness;
#[allow(unused_imports)]
use crate::types::TypeKind;

struct B {
    ctx: Context,
    ir: Ir,
}

impl B {
    fn new() -> B {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        B { ctx, ir: Ir::new() }
    }

    fn i(&mut self, w: u32) -> Type {
        self.ctx.integer_type(w, Signedness::Signless)
    }

    fn op(&mut self, name: &str, operands: &[Value], results: &[Type], regions: usize) -> Op {
        self.op_full(name, operands, results, regions, &[], vec![])
    }

    fn op_full(
        &mut self,
        name: &str,
        operands: &[Value],
        results: &[Type],
        regions: usize,
        succ: &[Block],
        attrs: Vec<(&str, Attr)>,
    ) -> Op {
        let name = self.ctx.ident(name);
        let entries = attrs
            .into_iter()
            .map(|(k, v)| (self.ctx.ident(k), v))
            .collect();
        let attrs = self.ctx.dictionary(entries);
        let loc = self.ctx.unknown_loc();
        self.ir.create_op(OperationState {
            name,
            operands: operands.to_vec(),
            result_types: results.to_vec(),
            properties: None,
            attrs,
            num_regions: regions,
            successors: succ.to_vec(),
            loc,
        })
    }

    /// A new block appended to region `i` of `op`.
    fn block(&mut self, op: Op, i: usize) -> Block {
        let b = self.ir.create_block();
        let r = self.ir.regions(op)[i];
        self.ir.append_block(r, b);
        b
    }

    fn module(&mut self) -> (Op, Block) {
        let m = self.op("builtin.module", &[], &[], 1);
        let b = self.block(m, 0);
        (m, b)
    }

    fn print(&self, op: Op, generic: bool) -> String {
        let opts = PrintOptions {
            generic,
            ..Default::default()
        };
        print_top_level(&self.ctx, &self.ir, op, &opts)
    }
}

/// The module of lit-tests' numbering example (t5.mlir in the notes' spirit).
fn numbering_module(b: &mut B) -> Op {
    let (m, mb) = b.module();
    let i32t = b.i(32);
    let i64t = b.i(64);
    let f32t = b.ctx.float_type(crate::types::FloatKind::F32);
    let x = b.op("a.x", &[], &[i32t], 2);
    b.ir.append_op(mb, x);
    let e = b.block(x, 0);
    let a = b.ir.add_block_arg(e, i32t, None);
    let y = b.op("a.y", &[a], &[], 0);
    b.ir.append_op(e, y);
    let b0 = b.block(x, 1);
    let b1 = b.block(x, 1);
    let b2 = b.block(x, 1);
    b.ir.add_block_arg(b2, i64t, None);
    let z = b.op("a.z", &[], &[i32t], 0);
    b.ir.append_op(b0, z);
    let zr = b.ir.result(z, 0);
    let br = b.op_full("a.br", &[], &[], 0, &[b1], vec![]);
    b.ir.append_op(b0, br);
    let br = b.op_full("a.br", &[zr], &[], 0, &[b1, b2], vec![]);
    b.ir.append_op(b1, br);
    let r = b.op("a.r", &[], &[], 0);
    b.ir.append_op(b2, r);

    let one = b.ctx.i64_attr(1);
    let three = b.ctx.intern_attr(AttrKind::Integer {
        ty: i32t,
        value: 3.into(),
    });
    let s = b.ctx.string_attr("s");
    let arr = b.ctx.intern_attr(AttrKind::Array(vec![one, three, s]));
    let c = b.ctx.ident("c");
    let dict = b.ctx.dictionary(vec![(c, one)]);
    let unit = b.ctx.unit_attr();
    let t = b.ctx.bool_attr(true);
    let op = b.op_full(
        "a.op",
        &[],
        &[i32t, i32t, f32t],
        1,
        &[],
        vec![("z", one), ("a", arr), ("b", dict), ("0x", unit), ("e", t)],
    );
    b.ir.append_op(mb, op);
    let ob = b.block(op, 0);
    let z2 = b.op("a.z", &[], &[i32t], 0);
    b.ir.append_op(ob, z2);
    let w = b.op("a.w", &[], &[], 1);
    b.ir.append_op(ob, w);
    let r1 = b.ir.result(op, 1);
    let r2 = b.ir.result(op, 2);
    let u = b.op("a.use", &[r1, r2], &[], 0);
    b.ir.append_op(mb, u);
    m
}

#[test]
fn generic_numbering() {
    let mut b = B::new();
    let m = numbering_module(&mut b);
    let expected = r#""builtin.module"() ({
  %0 = "a.x"() ({
  ^bb0(%arg0: i32):
    "a.y"(%arg0) : (i32) -> ()
  }, {
    %3 = "a.z"() : () -> i32
    "a.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "a.br"(%3)[^bb1, ^bb2] : (i32) -> ()
  ^bb2(%4: i64):  // pred: ^bb1
    "a.r"() : () -> ()
  }) : () -> i32
  %1:3 = "a.op"() ({
    %2 = "a.z"() : () -> i32
    "a.w"() ({
    }) : () -> ()
  }) {"0x", a = [1, 3 : i32, "s"], b = {c = 1 : i64}, e = true, z = 1 : i64} : () -> (i32, i32, f32)
  "a.use"(%1#1, %1#2) : (i32, f32) -> ()
}) : () -> ()

"#;
    assert_eq!(b.print(m, true), expected);
}

#[test]
fn custom_numbering() {
    let mut b = B::new();
    let m = numbering_module(&mut b);
    let expected = r#"module {
  %0 = "a.x"() ({
  ^bb0(%arg0: i32):
    "a.y"(%arg0) : (i32) -> ()
  }, {
    %2 = "a.z"() : () -> i32
    "a.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "a.br"(%2)[^bb1, ^bb2] : (i32) -> ()
  ^bb2(%3: i64):  // pred: ^bb1
    "a.r"() : () -> ()
  }) : () -> i32
  %1:3 = "a.op"() ({
    %2 = "a.z"() : () -> i32
    "a.w"() ({
    }) : () -> ()
  }) {"0x", a = [1, 3 : i32, "s"], b = {c = 1 : i64}, e = true, z = 1 : i64} : () -> (i32, i32, f32)
  "a.use"(%1#1, %1#2) : (i32, f32) -> ()
}

"#;
    assert_eq!(b.print(m, false), expected);
}
