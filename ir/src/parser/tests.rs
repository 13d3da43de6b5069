//! Unit tests of the parser: parse, then inspect the IR and context.

use super::*;
use crate::store::ValueDef;
use crate::{AttrKind, Location, TypeKind};

pub(super) fn parse_with(src: &str, opts: &ParseOptions) -> (Context, Ir, Result<Op, Vec<String>>) {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let mut ir = Ir::new();
    let buf = SourceBuffer::new("t.mlir", src);
    let mut diags = DiagEngine::default();
    let r = parse_buffer(&mut ctx, &mut ir, &buf, opts, &mut diags);
    let r = match r {
        Some(op) => {
            assert!(diags.diagnostics.is_empty(), "{:?}", diags.diagnostics);
            Ok(op)
        }
        None => {
            assert!(diags.has_errors());
            Err(diags
                .diagnostics
                .iter()
                .map(|d| {
                    let pos = match ctx.attr_kind(d.loc) {
                        AttrKind::Location(Location::FileLineCol { line, col, .. }) => {
                            format!("{line}:{col}")
                        }
                        _ => "?".into(),
                    };
                    format!("{pos}: {}", d.message)
                })
                .collect())
        }
    };
    (ctx, ir, r)
}

fn parse(src: &str) -> (Context, Ir, Op) {
    let (ctx, ir, r) = parse_with(src, &ParseOptions::default());
    match r {
        Ok(op) => (ctx, ir, op),
        Err(e) => panic!("parse failed: {e:?}"),
    }
}

/// The first error as `line:col: message`.
fn err(src: &str) -> String {
    let (_, _, r) = parse_with(src, &ParseOptions::default());
    match r {
        Ok(_) => panic!("expected an error for {src:?}"),
        Err(e) => e[0].clone(),
    }
}

fn body_ops(ir: &Ir, module: Op) -> Vec<Op> {
    let r = ir.regions(module)[0];
    let b = ir.entry_block(r).unwrap();
    ir.block_ops(b).collect()
}

/// The attribute `key` of the `i`-th top-level op.
fn attr_of(src: &str, key: &str) -> (Context, Attr) {
    let (ctx, ir, m) = parse(src);
    let op = body_ops(&ir, m)[0];
    let a = ctx
        .dict_get(ir.op(op).attrs, key)
        .expect("attribute present");
    (ctx, a)
}

fn attr(text: &str) -> (Context, Attr) {
    attr_of(&format!("\"f.o\"() {{a = {text}}} : () -> ()"), "a")
}

fn attr_err(text: &str) -> String {
    err(&format!("\"f.o\"() {{a = {text}}} : () -> ()"))
}

fn ty(text: &str) -> (Context, Type) {
    let (ctx, a) = attr(text);
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => {
            let t = *t;
            (ctx, t)
        }
        k => panic!("not a type attribute: {k:?}"),
    }
}

#[test]
fn generic_op_with_results_and_operands() {
    let (ctx, ir, m) = parse(
        "%a, %b:2 = \"t.def\"() : () -> (i32, i64, f32)\n\"t.use\"(%a, %b#1, %b) : (i32, f32, i64) -> ()\n",
    );
    let ops = body_ops(&ir, m);
    assert_eq!(ops.len(), 2);
    assert_eq!(ctx.str(ir.op(ops[0]).name), "t.def");
    let res = ir.results(ops[0]).to_vec();
    let used: Vec<_> = ir.operands(ops[1]).collect();
    assert_eq!(used, vec![res[0], res[2], res[1]]);
}

#[test]
fn implicit_locations() {
    let (ctx, ir, m) = parse("\n  %0 = \"t.def\"() : () -> i32\n");
    let op = body_ops(&ir, m)[0];
    match ctx.attr_kind(ir.op(op).loc) {
        AttrKind::Location(Location::FileLineCol { line, col, .. }) => {
            assert_eq!((*line, *col), (2, 8));
        }
        k => panic!("{k:?}"),
    }
    match ctx.attr_kind(ir.op(m).loc) {
        AttrKind::Location(Location::FileLineCol { line, col, .. }) => {
            assert_eq!((*line, *col), (0, 0));
        }
        k => panic!("{k:?}"),
    }
}

#[test]
fn forward_references_resolve() {
    let (_, ir, m) = parse(
        "\"t.op\"() ({\n  \"t.use\"(%x) : (i32) -> ()\n  %x = \"t.def\"() : () -> i32\n}) : () -> ()",
    );
    let op = body_ops(&ir, m)[0];
    let b = ir.entry_block(ir.regions(op)[0]).unwrap();
    let inner: Vec<_> = ir.block_ops(b).collect();
    let used = ir.operand(inner[0], 0);
    assert_eq!(used, ir.result(inner[1], 0));
    assert!(matches!(ir.value(used).def, ValueDef::Result { .. }));
}

#[test]
fn blocks_successors_and_args() {
    let (ctx, ir, m) = parse(
        "\"t.op\"() ({\n^bb0(%a: i32):\n  \"t.br\"(%a)[^bb2, ^bb1] : (i32) -> ()\n^bb1:\n  \"t.ret\"() : () -> ()\n^bb2(%b: i32 loc(\"f\":1:2)):\n  \"t.ret\"(%b) : (i32) -> ()\n}) : () -> ()",
    );
    let op = body_ops(&ir, m)[0];
    let blocks: Vec<_> = ir.region_blocks(ir.regions(op)[0]).collect();
    assert_eq!(blocks.len(), 3);
    let br = ir.first_op(blocks[0]).unwrap();
    assert_eq!(ir.successors(br), &[blocks[2], blocks[1]]);
    let b = ir.block_args(blocks[2])[0];
    match ctx.attr_kind(ir.value(b).loc.unwrap()) {
        AttrKind::Location(Location::FileLineCol { line, col, .. }) => {
            assert_eq!((*line, *col), (1, 2))
        }
        k => panic!("{k:?}"),
    }
    let a = ir.block_args(blocks[0])[0];
    match ctx.attr_kind(ir.value(a).loc.unwrap()) {
        AttrKind::Location(Location::FileLineCol { line, col, .. }) => {
            assert_eq!((*line, *col), (2, 6))
        }
        k => panic!("{k:?}"),
    }
}

#[test]
fn properties_regions_attrs() {
    let (ctx, ir, m) = parse("\"t.op\"() <{p = 1}> ({}, {\n}) {x, y = \"s\"} : () -> ()");
    let op = body_ops(&ir, m)[0];
    assert_eq!(ir.regions(op).len(), 2);
    assert!(ir.region_is_empty(ir.regions(op)[0]));
    let p = ir.op(op).properties.unwrap();
    assert!(ctx.dict_get(p, "p").is_some());
    assert_eq!(ctx.dict_get(ir.op(op).attrs, "x"), Some(ctx.unit_attr()));
}

#[test]
fn module_custom_form() {
    let (ctx, ir, m) = parse("module @m attributes {t.x = 1} {\n  \"t.op\"() : () -> ()\n}");
    assert_eq!(ctx.str(ir.op(m).name), "builtin.module");
    let p = ir.op(m).properties.unwrap();
    assert!(ctx.dict_get(p, "sym_name").is_some());
    assert!(ctx.dict_get(ir.op(m).attrs, "t.x").is_some());
    assert_eq!(body_ops(&ir, m).len(), 1);
    // A single module is not wrapped; two are.
    let (ctx, ir, m) = parse("module {}\nmodule {}");
    let ops = body_ops(&ir, m);
    assert_eq!(ops.len(), 2);
    assert_eq!(ctx.str(ir.op(ops[0]).name), "builtin.module");
    assert!(ir.entry_block(ir.regions(ops[0])[0]).is_some());
}

#[test]
fn no_implicit_module() {
    let opts = ParseOptions {
        implicit_module: false,
        ..Default::default()
    };
    let (ctx, ir, r) = parse_with("\"t.op\"() : () -> ()", &opts);
    let op = r.unwrap();
    assert_eq!(ctx.str(ir.op(op).name), "t.op");
    let (_, _, r) = parse_with("\"t.op\"() : () -> ()\n\"t.op\"() : () -> ()", &opts);
    assert_eq!(
        r.unwrap_err()[0],
        "0:0: source must contain a single top-level operation, found: 2"
    );
}

#[test]
fn ssa_errors() {
    assert_eq!(
        err("\"t.op\"(%x) : (i32) -> ()"),
        "1:8: use of undeclared SSA value name"
    );
    assert_eq!(
        err("%x = \"t.op\"() : () -> i32\n%x = \"t.op\"() : () -> i32"),
        "2:1: redefinition of SSA value '%x'"
    );
    assert_eq!(
        err("%x:2 = \"t.op\"() : () -> i32"),
        "1:1: operation defines 1 results but was provided 2 to bind"
    );
    assert_eq!(
        err(
            "\"t.op\"() ({\n  %x = \"t.op\"() : () -> i32\n}) : () -> ()\n\"t.op\"(%x) : (i32) -> ()"
        ),
        "4:8: use of undeclared SSA value name"
    );
    assert_eq!(err("\"t.op\"("), "1:7: expected ')' to end operand list");
    assert_eq!(
        err("\"t.op\"(%a, %b) : (i32) -> ()"),
        "1:18: expected 2 operand types but had 1"
    );
    assert_eq!(
        err("\"t.op\"(%a) : () -> ()"),
        "1:14: expected 1 operand type\0 but had 0"
    );
    assert_eq!(
        err("\"\"() : () -> ()"),
        "1:1: empty operation name is invalid"
    );
    assert_eq!(err("5"), "1:1: expected operation name in quotes");
    assert_eq!(
        err("%x \"t.op\"() : () -> i32"),
        "1:3: expected '=' after SSA name"
    );
    assert_eq!(err("\"t.op\"() : i32"), "1:12: expected function type");
}

#[test]
fn outer_values_are_visible_in_isolated_regions() {
    // As in mlir-opt: the parser resolves the name, the verifier rejects the use.
    parse("%x = \"t.op\"() : () -> i32\nmodule {\n  \"t.use\"(%x) : (i32) -> ()\n}");
    parse(
        "%x = \"t.op\"() : () -> i32\n\"t.r\"() ({\n  \"t.use\"(%x) : (i32) -> ()\n}) : () -> ()",
    );
    assert_eq!(
        err("%x = \"t.op\"() : () -> i32\nmodule {\n  %x = \"t.op\"() : () -> i32\n}"),
        "3:3: redefinition of SSA value '%x'"
    );
    // Names defined in a region are gone after it.
    parse(
        "\"t.r\"() ({\n  %x = \"t.op\"() : () -> i32\n}) : () -> ()\n%x = \"t.op\"() : () -> i32",
    );
}

#[test]
fn block_errors() {
    assert_eq!(
        err("\"t.op\"() ({\n^bb1:\n  \"t.br\"()[^bb2] : () -> ()\n}) : () -> ()"),
        "3:12: reference to an undefined block"
    );
    assert_eq!(
        err(
            "\"t.op\"() ({\n^bb1:\n  \"t.br\"()[^bb1] : () -> ()\n^bb1:\n  \"t.br\"()[^bb1] : () -> ()\n}) : () -> ()"
        ),
        "4:1: redefinition of block '^bb1'"
    );
}

#[test]
fn unregistered_and_custom_ops() {
    let mut ctx = Context::new();
    let mut ir = Ir::new();
    let buf = SourceBuffer::new("t.mlir", "\"foo.op\"() : () -> ()");
    let mut diags = DiagEngine::default();
    assert!(parse_buffer(
        &mut ctx,
        &mut ir,
        &buf,
        &ParseOptions::default(),
        &mut diags
    )
    .is_none());
    assert!(diags.diagnostics[0]
        .message
        .starts_with("operation being parsed with an unregistered dialect"));
    assert_eq!(
        err("foo"),
        "1:1: custom op 'foo' is unknown (tried 'builtin.foo' as well)"
    );
    assert_eq!(err("test.foo"), "1:1: custom op 'test.foo' is unknown");
    assert!(err("foo.bar").starts_with("1:1: Dialect `foo' not found for custom op 'foo.bar' "));
}

#[test]
fn integer_attrs() {
    let (ctx, a) = attr("255 : i8");
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => assert_eq!(*value, (-1).into()),
        k => panic!("{k:?}"),
    }
    let (ctx, a) = attr("0x10");
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } => {
            assert_eq!(*value, 16.into());
            assert!(matches!(
                ctx.type_kind(*ty),
                TypeKind::Integer { width: 64, .. }
            ));
        }
        k => panic!("{k:?}"),
    }
    let (mut ctx, a) = attr("-1 : i1");
    assert_eq!(a, ctx.bool_attr(true));
    assert_eq!(
        attr_err("256 : i8"),
        "1:14: integer constant out of range for attribute"
    );
    assert_eq!(
        attr_err("-129 : i8"),
        "1:15: integer constant out of range for attribute"
    );
    assert_eq!(
        attr_err("-1 : ui8"),
        "1:15: negative integer literal not valid for unsigned integer type"
    );
    assert_eq!(
        attr_err("255 : si8"),
        "1:14: integer constant out of range for attribute"
    );
    // As mlir-opt 22: zero fits the zero-width types, and a negated literal
    // must come out negative (`-0` fits no type).
    for t in ["i0", "si0", "ui0"] {
        let (ctx, a) = attr(&format!("0 : {t}"));
        assert!(
            matches!(ctx.attr_kind(a), AttrKind::Integer { .. }),
            "0 : {t}"
        );
    }
    assert_eq!(
        attr_err("1 : i0"),
        "1:14: integer constant out of range for attribute"
    );
    for t in ["si0", "i8", "si8", "i1"] {
        assert_eq!(
            attr_err(&format!("-0 : {t}")),
            "1:15: integer constant out of range for attribute",
            "-0 : {t}"
        );
    }
    assert_eq!(
        attr_err("1.5 : i32"),
        "1:23: floating point value not valid for specified type"
    );
    assert_eq!(
        attr_err("1 : f32"),
        "1:14: unexpected decimal integer literal for a floating point value"
    );
    let big = "9".repeat(10_000);
    assert_eq!(
        attr_err(&big),
        "1:14: integer constant out of range for attribute"
    );
    let (ctx, a) = attr("0x3F800000 : f32");
    assert!(matches!(
        ctx.attr_kind(a),
        AttrKind::Float {
            bits: 0x3F80_0000,
            ..
        }
    ));
    assert_eq!(
        attr_err("0x3F8000000 : f32"),
        "1:14: hexadecimal float constant out of range for type"
    );
}

#[test]
fn misc_attrs() {
    let (ctx, a) = attr("\"a\\n\\t\\\"\\\\\\41\"");
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => assert_eq!(&value[..], b"a\n\t\"\\A"),
        k => panic!("{k:?}"),
    }
    let (ctx, a) = attr("[1, \"x\", unit, true, @a::@\"b c\", {k, \"q k\" = 2}, i32]");
    let AttrKind::Array(v) = ctx.attr_kind(a) else {
        panic!()
    };
    assert_eq!(v.len(), 7);
    match ctx.attr_kind(v[4]) {
        AttrKind::SymbolRef { root, nested } => {
            assert_eq!(ctx.str(*root), "a");
            assert_eq!(ctx.str(nested[0]), "b c");
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(attr_err("[1, }"), "1:17: expected attribute value");
    assert_eq!(attr_err("foo"), "1:13: expected attribute value");
    assert_eq!(attr_err("#foo"), "1:18: undefined symbol alias id 'foo'");
    assert_eq!(attr_err("{1 = 2}"), "1:15: expected attribute name");
    assert_eq!(
        err("\"t.op\"() {a = 1, a = 2} : () -> ()"),
        "1:18: duplicate key 'a' in dictionary attribute"
    );
    assert_eq!(
        attr_err("\"\\q\""),
        "1:15: unknown escape in string literal"
    );
    assert_eq!(
        attr_err("@a::b"),
        "1:18: expected nested symbol reference identifier"
    );
    assert_eq!(
        attr_err("-"),
        "1:15: expected constant integer or floating point value"
    );
}

#[test]
fn dialect_attrs_and_types() {
    let (ctx, a) = attr("#foo.bar<1 <2> \"x>\" [()]>");
    match ctx.attr_kind(a) {
        AttrKind::Opaque { dialect, body } => {
            assert_eq!(ctx.str(*dialect), "foo");
            assert_eq!(&body[..], b"bar<1 <2> \"x>\" [()]>");
        }
        k => panic!("{k:?}"),
    }
    let (ctx, t) = ty("!foo<\"x\\\"\">");
    match ctx.type_kind(t) {
        TypeKind::Opaque { body, pretty, .. } => {
            assert_eq!(body, "\"x\\\"\"");
            assert!(!pretty);
        }
        k => panic!("{k:?}"),
    }
    let (ctx, t) = ty("!foo.bar");
    assert!(matches!(ctx.type_kind(t), TypeKind::Opaque { body, .. } if body == "bar"));
    assert_eq!(
        attr_err("#foo.bar<1 <2> \"x>\" [(]>"),
        "1:29: unbalanced '(' character in pretty dialect name"
    );
    assert_eq!(
        attr_err("#foo.bar<1 <2> [)]>"),
        "1:22: unbalanced '[' character in pretty dialect name"
    );
    assert_eq!(
        attr_err("#foo.bar<1 <2 [()]>"),
        "1:22: unbalanced '<' character in pretty dialect name"
    );
}

#[test]
fn aliases() {
    let (ctx, ir, m) = parse(
        "!t = tensor<4xf32>\n#a = [1]\n\"t.op\"() {a = #a, b = !t} : () -> () loc(#l)\n#l = loc(\"x\":3:4)",
    );
    let op = body_ops(&ir, m)[0];
    assert!(matches!(
        ctx.attr_kind(ir.op(op).loc),
        AttrKind::Location(Location::FileLineCol {
            line: 3,
            col: 4,
            ..
        })
    ));
    assert_eq!(
        err("\"t.op\"() : () -> () loc(#loc2)"),
        "1:25: operation location alias was never defined"
    );
}

#[test]
fn builtin_types() {
    let (ctx, t) = ty("tensor<4x?xf32, \"enc\">");
    match ctx.type_kind(t) {
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => {
            assert_eq!(shape, &vec![4, DYNAMIC_]);
            assert!(encoding.is_some());
        }
        k => panic!("{k:?}"),
    }
    let (ctx, t) = ty("tensor<0x0xf32>");
    assert!(
        matches!(ctx.type_kind(t), TypeKind::RankedTensor { shape, .. } if shape == &vec![0, 0])
    );
    let (ctx, t) = ty("tensor<*xf32>");
    assert!(matches!(ctx.type_kind(t), TypeKind::UnrankedTensor { .. }));
    let (ctx, t) = ty("vector<[4]x8xf32>");
    assert!(
        matches!(ctx.type_kind(t), TypeKind::Vector { scalable, .. } if scalable == &vec![true, false])
    );
    let (ctx, t) = ty("memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 0>");
    assert!(matches!(
        ctx.type_kind(t),
        TypeKind::MemRef {
            layout: None,
            memory_space: None,
            ..
        }
    ));
    let (ctx, t) = ty("memref<4x?xf32, strided<[?, 1], offset: ?>, 1>");
    assert!(matches!(
        ctx.type_kind(t),
        TypeKind::MemRef {
            layout: Some(_),
            memory_space: Some(_),
            ..
        }
    ));
    let (ctx, t) = ty("(i32) -> (i64, f32)");
    assert!(
        matches!(ctx.type_kind(t), TypeKind::Function { inputs, results } if inputs.len() == 1 && results.len() == 2)
    );
    let (ctx, t) = ty("tuple<i32, complex<f32>, none, index, si8, ui16, bf16, f8E4M3FN>");
    assert!(matches!(ctx.type_kind(t), TypeKind::Tuple(v) if v.len() == 8));
    assert_eq!(attr_err("tensor<4x?x}"), "1:25: expected non-function type");
    assert_eq!(
        attr_err("tensor<4xi32 }"),
        "1:26: expected '>' in tensor type"
    );
    assert_eq!(
        attr_err("i16777216"),
        "1:14: integer bitwidth is limited to 16777215 bits"
    );
    assert_eq!(
        attr_err("memref<4xf32, 1, 2>"),
        "1:32: multiple memory spaces specified in memref type"
    );
    assert_eq!(
        attr_err("memref<4xf32, affine_map<(d0, d1) -> (d0)>>"),
        "1:14: memref layout mismatch between rank and affine map: 1 != 2"
    );
}

const DYNAMIC_: i64 = crate::types::DYNAMIC;

#[test]
fn affine_maps() {
    let (ctx, a) = attr("affine_map<(i, j)[s] -> (i + j * 2 - s, i floordiv 2)>");
    match ctx.attr_kind(a) {
        AttrKind::AffineMap(m) => {
            assert_eq!((m.num_dims, m.num_symbols, m.results.len()), (2, 1, 2));
        }
        k => panic!("{k:?}"),
    }
    let (ctx, a) = attr("affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>");
    assert!(matches!(ctx.attr_kind(a), AttrKind::IntegerSet(s) if s.constraints.len() == 2));
    assert_eq!(
        attr_err("affine_map<(d0) -> (d1)>"),
        "1:34: use of undeclared identifier"
    );
    assert_eq!(
        attr_err("affine_map<(d0) -> (d0 * d0)>"),
        "1:37: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
    );
    assert_eq!(
        attr_err("affine_map<(d0) -> (d0 + )>"),
        "1:39: missing right operand of binary operator"
    );
    assert_eq!(
        attr_err("affine_map<(d0, d0) -> (d0)>"),
        "1:30: redefinition of identifier 'd0'"
    );
}

#[test]
fn locations() {
    let (ctx, a) = attr("loc(fused[\"a\":1:2, unknown, fused[\"a\":1:2, \"b\"(unknown)]])");
    match ctx.attr_kind(a) {
        AttrKind::Location(Location::Fused {
            locs,
            metadata: None,
        }) => assert_eq!(locs.len(), 2),
        k => panic!("{k:?}"),
    }
    let (ctx, a) = attr("loc(fused[unknown])");
    assert_eq!(a, ctx.unknown_loc());
    let (ctx, a) = attr("loc(\"f\":1)");
    assert!(matches!(
        ctx.attr_kind(a),
        AttrKind::Location(Location::FileLineCol {
            line: 1,
            col: 0,
            end_line: None,
            ..
        })
    ));
    let (ctx, a) = attr("loc(\"f\":1:2 to :4)");
    assert!(matches!(
        ctx.attr_kind(a),
        AttrKind::Location(Location::FileLineCol {
            end_line: None,
            end_col: Some(4),
            ..
        })
    ));
    let (ctx, a) = attr("loc(callsite(\"a\" at \"b\":1:2))");
    assert!(matches!(
        ctx.attr_kind(a),
        AttrKind::Location(Location::CallSite { .. })
    ));
    assert_eq!(
        err("\"t.op\"() : () -> () loc(foo)"),
        "1:25: expected location instance"
    );
}

#[test]
fn dense_arrays_and_strided() {
    let (ctx, a) = attr("array<i32: 1, -2>");
    assert!(
        matches!(ctx.attr_kind(a), AttrKind::DenseArray { values, .. } if values == &vec![1, 0xFFFF_FFFE])
    );
    let (ctx, a) = attr("array<f32>");
    assert!(matches!(ctx.attr_kind(a), AttrKind::DenseArray { values, .. } if values.is_empty()));
    assert_eq!(
        attr_err("array<i8: 300>"),
        "1:27: integer constant out of range"
    );
    assert_eq!(
        attr_err("array<i8 1>"),
        "1:22: expected ':' after dense array type"
    );
    let (ctx, a) = attr("strided<[1, ?], offset: ?>");
    assert!(matches!(
        ctx.attr_kind(a),
        AttrKind::Strided {
            offset: DYNAMIC_,
            ..
        }
    ));
}

#[test]
fn robustness_no_panics() {
    let src = "#a = [1]\n!t = i32\n%0:2 = \"t.op\"(%1) <{p = array<i32: 1>}> ({\n^bb0(%x: tensor<4x?xf32> loc(\"f\":1:2)):\n  \"t.br\"()[^bb0] {d = {k = [1.5, \"s\", affine_map<(d0) -> (d0 + 1)>]}} : () -> () loc(fused[\"a\", #a])\n}) : (!t) -> (i32, i64) loc(callsite(\"a\" at \"b\":1:2))\n";
    for i in 0..src.len() {
        if src.is_char_boundary(i) {
            let _ = parse_with(&src[..i], &ParseOptions::default());
        }
    }
    for s in [
        "\0",
        "\"t.op\"\0",
        "\"a\0b\"() : () -> ()",
        "\u{FFFD}",
        "\"t.op\"() {a = \"\u{7f}\"} : () -> ()",
        "@",
        "%",
        "^",
        "#",
        "!",
    ] {
        let _ = parse_with(s, &ParseOptions::default());
    }
}

#[test]
fn deep_nesting_is_an_error() {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let n = 100_000;
            let mut out = Vec::new();
            for open in ["[", "{a = ", "tuple<", "(", "\"t.op\"() ({\n"] {
                let close = match open {
                    "[" => "]",
                    "{a = " => "}",
                    "tuple<" => ">",
                    "(" => ") -> ()",
                    _ => "}) : () -> ()\n",
                };
                let body = format!("{}1{}", open.repeat(n), close.repeat(n));
                let src = if open.starts_with('"') {
                    body
                } else {
                    format!("\"t.op\"() {{a = {body}}} : () -> ()")
                };
                let (_, _, r) = parse_with(&src, &ParseOptions::default());
                out.push(r.unwrap_err()[0].clone());
            }
            let expr = format!("affine_map<(d0) -> ({}d0{})>", "(".repeat(n), ")".repeat(n));
            let (_, _, r) = parse_with(
                &format!("\"t.op\"() {{a = {expr}}} : () -> ()"),
                &ParseOptions::default(),
            );
            out.push(r.unwrap_err()[0].clone());
            let expr = format!("affine_map<(d0) -> (d0{})>", " + d0".repeat(n));
            let (_, _, r) = parse_with(
                &format!("\"t.op\"() {{a = {expr}}} : () -> ()"),
                &ParseOptions::default(),
            );
            out.push(r.unwrap_err()[0].clone());
            // The deepest nesting that is allowed still parses.
            let ok = MAX_NESTING as usize - 2;
            let src = format!(
                "{}{}",
                "\"t.op\"() ({\n".repeat(ok),
                "}) : () -> ()\n".repeat(ok)
            );
            assert!(parse_with(&src, &ParseOptions::default()).2.is_ok());
            out
        })
        .unwrap();
    for msg in handle.join().unwrap() {
        assert!(msg.ends_with("nesting too deep"), "{msg}");
    }
}

fn dense(text: &str) -> (bool, Vec<u8>) {
    let (ctx, a) = attr(text);
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { splat, data, .. } => (*splat, data.to_vec()),
        k => panic!("{k:?}"),
    }
}

#[test]
fn dense_elements() {
    assert_eq!(
        dense("dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>").1.len(),
        16
    );
    assert_eq!(dense("dense<1> : tensor<2xi8>"), (true, vec![1]));
    assert_eq!(dense("dense<[true, 1]> : tensor<2xi1>"), (true, vec![1]));
    assert_eq!(
        dense("dense<[-1, 2]> : tensor<2xi8>"),
        (false, vec![0xFF, 2])
    );
    assert_eq!(
        dense("dense<\"0x01000200\"> : tensor<2xi16>"),
        (false, vec![1, 0, 2, 0])
    );
    assert_eq!(
        dense("dense<\"0x0100\"> : tensor<2xi16>"),
        (true, vec![1, 0])
    );
    assert_eq!(
        dense("dense<[(1, 2)]> : tensor<1xcomplex<i8>>"),
        (true, vec![1, 2])
    );
    assert_eq!(dense("dense<[]> : tensor<0xi32>"), (false, vec![]));
    assert_eq!(
        dense("dense<0x3F800000> : tensor<2xf32>"),
        (true, vec![0, 0, 0x80, 0x3F])
    );
    let (ctx, a) = attr("dense<[\"a\", \"b\"]> : tensor<2x!foo.s>");
    assert!(
        matches!(ctx.attr_kind(a), AttrKind::DenseString { values, splat: false, .. } if values.len() == 2)
    );
    let (ctx, a) = attr("sparse<[[0, 1]], [0x3F800000]> : tensor<2x2xf32>");
    assert!(matches!(ctx.attr_kind(a), AttrKind::Sparse { .. }));
    let (ctx, a) = attr("dense_resource<blob1> : tensor<2xi32>");
    assert!(matches!(ctx.attr_kind(a), AttrKind::DenseResource { .. }));
    assert_eq!(
        attr_err("dense<[[1, 2], [3]]> : tensor<2x2xi32>"),
        "1:32: tensor literal is invalid; ranks are not consistent between elements"
    );
    assert_eq!(
        attr_err("dense<[1, [2]]> : tensor<2xi16>"),
        "1:27: tensor literal is invalid; ranks are not consistent between elements"
    );
    assert_eq!(attr_err("dense<[1, 2]>"), "1:27: expected ':'");
    assert_eq!(
        attr_err("dense<[1, 2]> : tensor<?xi32>"),
        "1:14: elements literal type must have static shape"
    );
    assert_eq!(
        attr_err("dense<300> : tensor<2xi8>"),
        "1:20: integer constant out of range for type"
    );
    assert_eq!(
        attr_err("dense<[2, 1]> : tensor<2xi1>"),
        "1:21: integer constant out of range for type"
    );
    assert_eq!(
        attr_err("dense<1.5> : tensor<2xi8>"),
        "1:20: expected integer elements, but parsed floating-point"
    );
    assert_eq!(
        attr_err("dense<1> : tensor<2xf32>"),
        "1:20: unexpected decimal integer literal for a floating point value"
    );
    assert_eq!(
        attr_err("dense<[1, 2, 3]> : tensor<2xi32>"),
        "1:14: inferred shape of elements literal ([3]) does not match type ([2])"
    );
}

#[test]
fn empty_dense_elements() {
    // `dense<>` has no shape of its own: any type without elements takes it.
    for t in [
        "tensor<0xf32>",
        "tensor<0x3xf32>",
        "tensor<3x0xi32>",
        "tensor<0xcomplex<f32>>",
        "memref<0xi8>",
    ] {
        assert_eq!(dense(&format!("dense<> : {t}")), (false, vec![]), "{t}");
    }
    assert_eq!(dense("dense<[[], []]> : tensor<2x0xi8>"), (false, vec![]));
    let (ctx, a) = attr("dense<> : tensor<0x!foo.s>");
    assert!(
        matches!(ctx.attr_kind(a), AttrKind::DenseString { values, splat: false, .. } if values.is_empty())
    );
    assert_eq!(
        attr_err("dense<> : tensor<f32>"),
        "1:14: parsed zero elements, but type ('tensor<f32>') expected at least 1"
    );
    assert_eq!(
        attr_err("dense<[]> : tensor<2xf32>"),
        "1:14: inferred shape of elements literal ([0]) does not match type ([2])"
    );
    assert_eq!(
        attr_err("dense<[]> : tensor<0x3xf32>"),
        "1:14: inferred shape of elements literal ([0]) does not match type ([0, 3])"
    );
    assert_eq!(
        attr_err("dense<> : tensor<*xf32>"),
        "1:14: elements literal type must have static shape"
    );
    assert_eq!(
        attr_err("dense<> : i32"),
        "1:14: elements literal must be a shaped type"
    );
}

#[test]
fn huge_dense_is_linear() {
    let n = 1_000_000;
    let mut s = String::from("dense<[");
    for i in 0..n {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&(i % 1000).to_string());
    }
    s.push_str(&format!("]> : tensor<{n}xi32>"));
    let t = std::time::Instant::now();
    let (_, data) = dense(&s);
    assert_eq!(data.len(), 4 * n);
    assert!(t.elapsed().as_secs() < 20);
}

/// Throughput on generated generic IR: `cargo test --release -p xir --lib
/// parser::tests::bench_parse -- --ignored --nocapture`.
#[test]
#[ignore]
fn bench_parse() {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < 50 << 20 {
        s.push_str(&format!(
            "%{i}:2 = \"t.op\"(%{p}#0, %{p}#1) <{{p = 3 : i64}}> {{name = \"x{i}\", v = [1, 2.5, @sym]}} : (tensor<4x?xf32>, i64) -> (tensor<4x?xf32>, i64)\n",
            p = if i == 0 { 0 } else { i - 1 },
        ));
        if i == 0 {
            s = "%0:2 = \"t.src\"() : () -> (tensor<4x?xf32>, i64)\n".to_string();
        }
        i += 1;
    }
    let src = format!("\"t.func\"() ({{\n{s}}}) : () -> ()\n");
    let t = std::time::Instant::now();
    let (_, ir, r) = parse_with(&src, &ParseOptions::default());
    assert!(r.is_ok());
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{} MB, {} ops in {:.3}s: {:.1} MB/s",
        src.len() >> 20,
        ir.num_ops(),
        secs,
        src.len() as f64 / 1e6 / secs
    );
}

#[test]
fn invalid_utf8_bytes_count_one_column_each() {
    // mlir-opt: `<stdin>:1:22: error: unexpected character`.
    let text =
        crate::lexer::source_text(b"\"xa.op\"() {s = \"\xff\xfe\"} \xff : () -> ()\n".to_vec());
    assert_eq!(err(&text), "1:22: unexpected character");
    let text = crate::lexer::source_text(b"\"f.o\"() {a = \"a\xffb\"} : () -> ()".to_vec());
    let (ctx, a) = attr_of(&text, "a");
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => assert_eq!(&value[..], b"a\xffb"),
        k => panic!("{k:?}"),
    }
}

#[test]
fn file_range_needs_a_start_column() {
    assert_eq!(
        err("\"a.b\"() : () -> () loc(\"f\":101 to 102:35)"),
        "1:31: expected ')' in location"
    );
}
