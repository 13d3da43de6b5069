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

fn tensor(b: &mut B, shape: &[i64], element: Type) -> Type {
    b.ctx.intern_type(TypeKind::RankedTensor {
        shape: shape.to_vec(),
        element,
        encoding: None,
    })
}

fn dense(b: &mut B, ty: Type, splat: bool, data: Vec<u8>) -> Attr {
    b.ctx.intern_attr(AttrKind::DenseElements {
        ty,
        splat,
        data: data.into(),
    })
}

#[test]
fn dense_elements() {
    let mut b = B::new();
    let i32t = b.i(32);
    let i8t = b.i(8);
    let i1t = b.i(1);
    let t2 = tensor(&mut b, &[2], i32t);
    let a = dense(&mut b, t2, true, 1i32.to_le_bytes().to_vec());
    assert_eq!(attr_to_string(&b.ctx, a), "dense<1> : tensor<2xi32>");
    let t22 = tensor(&mut b, &[2, 2], i8t);
    let a = dense(&mut b, t22, false, vec![1, 2, 3, 0xFC]);
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "dense<[[1, 2], [3, -4]]> : tensor<2x2xi8>"
    );
    let c = b.ctx.intern_type(TypeKind::Complex(i32t));
    let tc = tensor(&mut b, &[], c);
    let mut data = 1i32.to_le_bytes().to_vec();
    data.extend(2i32.to_le_bytes());
    let a = dense(&mut b, tc, true, data);
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "dense<(1,2)> : tensor<complex<i32>>"
    );
    let tb = tensor(&mut b, &[2], i1t);
    let a = dense(&mut b, tb, false, vec![1, 0]);
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "dense<[true, false]> : tensor<2xi1>"
    );
    let t0 = tensor(&mut b, &[0, 2], i32t);
    let a = dense(&mut b, t0, false, vec![]);
    assert_eq!(attr_to_string(&b.ctx, a), "dense<> : tensor<0x2xi32>");
}

#[test]
fn dense_hex_when_large() {
    let mut b = B::new();
    let i1t = b.i(1);
    let i4t = b.i(4);
    // mlir-opt: dense<[true, false, false] x 34> : tensor<102xi1>
    let t = tensor(&mut b, &[102], i1t);
    let data = (0..102).map(|i| (i % 3 == 0) as u8).collect();
    let a = dense(&mut b, t, false, data);
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "dense<\"0x49922449922449922449922409\"> : tensor<102xi1>"
    );
    // Elements -8..7 repeated, stored sign-extended; printed masked to 4 bits.
    let t = tensor(&mut b, &[101], i4t);
    let data: Vec<u8> = (0..101).map(|x| ((x % 16) as i8 - 8) as u8).collect();
    let a = dense(&mut b, t, false, data);
    let s = attr_to_string(&b.ctx, a);
    assert!(
        s.starts_with("dense<\"0x08090A0B0C0D0E0F000102030405060708090A0B"),
        "{s}"
    );
    assert!(s.ends_with("0C\"> : tensor<101xi4>"), "{s}");
}

#[test]
fn dense_strings_arrays_sparse() {
    let mut b = B::new();
    let i32t = b.i(32);
    let i64t = b.i(64);
    let f32t = b.ctx.float_type(crate::types::FloatKind::F32);
    let i1t = b.i(1);
    let d = b.ctx.ident("foo");
    let strt = b.ctx.intern_type(TypeKind::Opaque {
        dialect: d,
        body: "str".into(),
        pretty: true,
    });
    let t = tensor(&mut b, &[2], strt);
    let a = b.ctx.intern_attr(AttrKind::DenseString {
        ty: t,
        splat: false,
        values: vec![b"a".to_vec().into(), b"b".to_vec().into()],
    });
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "dense<[\"a\", \"b\"]> : tensor<2x!foo.str>"
    );
    let a = b.ctx.intern_attr(AttrKind::DenseArray {
        element: i32t,
        values: vec![1, 0xFFFF_FFFF],
    });
    assert_eq!(attr_to_string(&b.ctx, a), "array<i32: 1, -1>");
    let a = b.ctx.intern_attr(AttrKind::DenseArray {
        element: f32t,
        values: vec![],
    });
    assert_eq!(attr_to_string(&b.ctx, a), "array<f32>");
    let a = b.ctx.intern_attr(AttrKind::DenseArray {
        element: i1t,
        values: vec![1, 0],
    });
    assert_eq!(attr_to_string(&b.ctx, a), "array<i1: true, false>");
    // sparse<[[0, 1]], [1.0]> : tensor<2x2xf32>
    let it = tensor(&mut b, &[1, 2], i64t);
    let mut idata = 0i64.to_le_bytes().to_vec();
    idata.extend(1i64.to_le_bytes());
    let indices = dense(&mut b, it, false, idata);
    let vt = tensor(&mut b, &[1], f32t);
    let values = dense(&mut b, vt, false, 1.0f32.to_le_bytes().to_vec());
    let st = tensor(&mut b, &[2, 2], f32t);
    let a = b.ctx.intern_attr(AttrKind::Sparse {
        ty: st,
        indices,
        values,
    });
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "sparse<[[0, 1]], 1.000000e+00> : tensor<2x2xf32>"
    );
    let h = b.ctx.ident("blob1");
    let t4 = tensor(&mut b, &[4], f32t);
    let a = b
        .ctx
        .intern_attr(AttrKind::DenseResource { ty: t4, handle: h });
    assert_eq!(
        attr_to_string(&b.ctx, a),
        "dense_resource<blob1> : tensor<4xf32>"
    );
}

#[test]
fn opaque_symbols() {
    let mut b = B::new();
    let d = b.ctx.ident("foo");
    let mut ty = |body: &str, pretty: bool| {
        let t = b.ctx.intern_type(TypeKind::Opaque {
            dialect: d,
            body: body.into(),
            pretty,
        });
        type_to_string(&b.ctx, t)
    };
    assert_eq!(ty("bar<a, 3>", true), "!foo.bar<a, 3>");
    assert_eq!(ty("x y", false), "!foo<\"x y\">");
    assert_eq!(ty("\"a\\\"b\"", false), "!foo<\"a\\\"b\">");
    let a = b.ctx.intern_attr(AttrKind::Opaque {
        dialect: d,
        body: b"bar<1>".to_vec().into(),
    });
    assert_eq!(attr_to_string(&b.ctx, a), "#foo.bar<1>");
    let a = b.ctx.intern_attr(AttrKind::Opaque {
        dialect: d,
        body: b"x y".to_vec().into(),
    });
    assert_eq!(attr_to_string(&b.ctx, a), "#foo<\"x y\">");
}

#[test]
fn block_arg_locations_and_debuginfo() {
    let mut b = B::new();
    let (m, mb) = b.module();
    let stdin = b.ctx.file_loc("<stdin>", 0, 0);
    b.ir.op_mut(m).loc = stdin;
    let i32t = b.i(32);
    let op = b.op("a.d", &[], &[], 1);
    let xn = b.ctx.ident("x");
    let x = b.ctx.intern_attr(AttrKind::Location(Location::Name {
        name: xn,
        child: None,
    }));
    let fused = b.ctx.intern_attr(AttrKind::Location(Location::Fused {
        locs: vec![x],
        metadata: None,
    }));
    b.ir.op_mut(op).loc = fused;
    b.ir.append_op(mb, op);
    let e = b.block(op, 0);
    b.ir.add_block_arg(e, i32t, Some(fused));
    let opts = PrintOptions {
        generic: true,
        debuginfo: true,
        local_scope: false,
    };
    let expected = r#"#loc1 = loc("x")
#loc2 = loc(fused[#loc1])
"builtin.module"() ({
  "a.d"() ({
  ^bb0(%arg0: i32 loc(fused[#loc1])):
  }) : () -> () loc(#loc2)
}) : () -> () loc(#loc)
#loc = loc("<stdin>":0:0)

"#;
    assert_eq!(print_top_level(&b.ctx, &b.ir, m, &opts), expected);
}
