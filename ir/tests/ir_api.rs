//! Tests of the IR API: use-lists, builder, walks, clone, verifier, symbols.

use xir::builder::{InsertPoint, OpBuilder};
use xir::clone::{clone_op, Mapping};
use xir::dialect::{OpDef, Traits};
use xir::walk::{preorder, walk_postorder, walk_preorder, WalkResult};
use xir::*;

struct T {
    ctx: Context,
    ir: Ir,
}

impl T {
    fn new() -> Self {
        let mut ctx = Context::new();
        // A registered op whose region follows SSA dominance.
        ctx.register_op(OpDef {
            name: "test.ssa",
            traits: Traits::NO_TERMINATOR,
            verify: None,
            interfaces: Default::default(),
        });
        ctx.register_op(OpDef {
            name: "test.table",
            traits: Traits::SYMBOL_TABLE | Traits::NO_TERMINATOR | Traits::GRAPH_REGION,
            verify: None,
            interfaces: Default::default(),
        });
        T { ctx, ir: Ir::new() }
    }

    fn op(&mut self, name: &str, operands: &[Value], results: usize, regions: usize) -> Op {
        let i32t = self.ctx.integer_type(32, Signedness::Signless);
        let name = self.ctx.ident(name);
        let st = OperationState {
            name,
            operands: operands.to_vec(),
            result_types: vec![i32t; results],
            properties: None,
            attrs: self.ctx.empty_dict(),
            num_regions: regions,
            successors: vec![],
            loc: self.ctx.unknown_loc(),
        };
        self.ir.create_op(st)
    }

    /// An op with one region holding one block; returns (op, block).
    fn container(&mut self, name: &str) -> (Op, Block) {
        let op = self.op(name, &[], 0, 1);
        let b = self.ir.create_block();
        let r = self.ir.regions(op)[0];
        self.ir.append_block(r, b);
        (op, b)
    }

    fn names(&self, ops: &[Op]) -> Vec<String> {
        ops.iter()
            .map(|&o| self.ctx.str(self.ir.op(o).name).to_string())
            .collect()
    }
}

#[test]
fn use_lists_and_replace_all_uses() {
    let mut t = T::new();
    let a = t.op("test.a", &[], 1, 0);
    let b = t.op("test.b", &[], 1, 0);
    let va = t.ir.result(a, 0);
    let vb = t.ir.result(b, 0);
    let u1 = t.op("test.u", &[va, va], 0, 0);
    let u2 = t.op("test.u", &[va], 0, 0);
    assert_eq!(t.ir.uses(va).count(), 3);
    t.ir.replace_all_uses(va, vb);
    assert_eq!(t.ir.uses(va).count(), 0);
    assert_eq!(t.ir.uses(vb).count(), 3);
    assert_eq!(t.ir.operands(u1).collect::<Vec<_>>(), vec![vb, vb]);
    t.ir.set_operand(u1, 1, va);
    assert_eq!(t.ir.uses(va).count(), 1);
    t.ir.erase_op(u2);
    assert_eq!(t.ir.uses(vb).count(), 1);
    t.ir.set_operands(u1, &[]);
    assert!(!t.ir.has_uses(va) && !t.ir.has_uses(vb));
    // Growing an operand list moves it; uses follow.
    t.ir.set_operands(u1, &[va, vb, va, vb, va]);
    assert_eq!(t.ir.num_operands(u1), 5);
    assert_eq!(t.ir.uses(va).count(), 3);
    assert_eq!(t.ir.operand(u1, 4), va);
    t.ir.erase_op(u1);
    assert!(!t.ir.has_uses(va) && !t.ir.has_uses(vb));
}

#[test]
fn builder_insertion_points_keep_order() {
    let mut t = T::new();
    let (_m, b) = t.container("test.m");
    let loc = t.ctx.unknown_loc();
    let dict = t.ctx.empty_dict();
    let (n1, n2, n3, n4) = (
        t.ctx.ident("test.1"),
        t.ctx.ident("test.2"),
        t.ctx.ident("test.3"),
        t.ctx.ident("test.4"),
    );
    let mut bld = OpBuilder::new(&mut t.ir, InsertPoint::End(b), loc);
    let o2 = bld.create(n2, &[], &[], dict, 0);
    bld.point = InsertPoint::Start(b);
    bld.create(n1, &[], &[], dict, 0);
    bld.point = InsertPoint::After(o2);
    bld.create(n3, &[], &[], dict, 0);
    bld.create(n4, &[], &[], dict, 0);
    let ops: Vec<Op> = t.ir.block_ops(b).collect();
    assert_eq!(t.names(&ops), ["test.1", "test.2", "test.3", "test.4"]);
}

#[test]
fn walks_tolerate_erasure() {
    let mut t = T::new();
    let (m, b) = t.container("test.m");
    let (inner, ib) = t.container("test.inner");
    let x = t.op("test.x", &[], 0, 0);
    let y = t.op("test.y", &[], 0, 0);
    t.ir.append_op(ib, x);
    t.ir.append_op(b, inner);
    t.ir.append_op(b, y);
    assert_eq!(
        t.names(&preorder(&t.ir, m)),
        ["test.m", "test.inner", "test.x", "test.y"]
    );
    let mut post = vec![];
    walk_postorder(&mut t.ir, m, |_, op| {
        post.push(op);
        WalkResult::Advance
    });
    assert_eq!(t.names(&post), ["test.x", "test.inner", "test.y", "test.m"]);
    // Erase every op named test.inner while walking: its nested op is not visited.
    let inner_name = t.ctx.ident("test.inner");
    let mut seen = vec![];
    walk_preorder(&mut t.ir, m, |ir, op| {
        seen.push(op);
        if ir.op(op).name == inner_name {
            ir.erase_op(op);
        }
        WalkResult::Advance
    });
    assert_eq!(t.names(&seen), ["test.m", "test.inner", "test.y"]);
    assert_eq!(t.ir.block_ops(b).count(), 1);
}

#[test]
fn clone_remaps_nested_values_and_blocks() {
    let mut t = T::new();
    let outer = t.op("test.outer", &[], 1, 0);
    let v = t.ir.result(outer, 0);
    let (c, b) = t.container("test.c");
    let i32t = t.ctx.integer_type(32, Signedness::Signless);
    let arg = t.ir.add_block_arg(b, i32t, None);
    let a = t.op("test.a", &[arg, v], 1, 0);
    let use_a = t.op("test.u", &[], 0, 0);
    t.ir.append_op(b, a);
    t.ir.append_op(b, use_a);
    let ra = t.ir.result(a, 0);
    t.ir.set_operands(use_a, &[ra]);
    let mut map = Mapping::default();
    let c2 = clone_op(&mut t.ir, c, &mut map);
    let b2 = t.ir.entry_block(t.ir.regions(c2)[0]).unwrap();
    let ops: Vec<Op> = t.ir.block_ops(b2).collect();
    assert_eq!(t.names(&ops), ["test.a", "test.u"]);
    let arg2 = t.ir.block_args(b2)[0];
    assert_ne!(arg2, arg);
    assert_eq!(t.ir.operands(ops[0]).collect::<Vec<_>>(), vec![arg2, v]);
    assert_eq!(t.ir.operand(ops[1], 0), t.ir.result(ops[0], 0));
    // The original is untouched.
    assert_eq!(t.ir.operand(use_a, 0), ra);
}

#[test]
fn verifier_reports_use_before_def_in_ssa_region() {
    let mut t = T::new();
    let (m, b) = t.container("test.ssa");
    let late = t.op("test.late", &[], 1, 0);
    let v = t.ir.result(late, 0);
    let user = t.op("test.user", &[v], 0, 0);
    t.ir.append_op(b, user);
    t.ir.append_op(b, late);
    let diags = verifier::verify(&t.ctx, &t.ir, m);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "operand #0 does not dominate this use");
    assert_eq!(
        diags[0].notes[0].message,
        "operand defined here (op in the same block)"
    );
    // The same order in an unregistered op's region (a graph region) is fine.
    let (g, gb) = t.container("test.graph_unregistered");
    let late = t.op("test.late", &[], 1, 0);
    let v = t.ir.result(late, 0);
    let user = t.op("test.user", &[v], 0, 0);
    t.ir.append_op(gb, user);
    t.ir.append_op(gb, late);
    assert!(verifier::verify(&t.ctx, &t.ir, g).is_empty());
}

#[test]
fn verifier_checks_cross_block_dominance() {
    let mut t = T::new();
    // ^bb0 -> ^bb1, ^bb0 -> ^bb2; a value defined in ^bb1 used in ^bb2 is an error.
    let (m, b0) = t.container("test.ssa");
    let r = t.ir.regions(m)[0];
    let b1 = t.ir.create_block();
    let b2 = t.ir.create_block();
    t.ir.append_block(r, b1);
    t.ir.append_block(r, b2);
    let br = t.op("test.br", &[], 0, 0);
    t.ir.set_successors(br, &[b1, b2]);
    t.ir.append_op(b0, br);
    let def = t.op("test.def", &[], 1, 0);
    t.ir.append_op(b1, def);
    let v = t.ir.result(def, 0);
    let use_ = t.op("test.use", &[v], 0, 0);
    t.ir.append_op(b2, use_);
    let d = verifier::verify(&t.ctx, &t.ir, m);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(
        d[0].notes[0].message,
        "operand defined here (op in the same region)"
    );
    // Moving the use into ^bb1 after the def is fine (^bb2, one block among
    // several, still needs an op that may terminate it).
    t.ir.remove_op(use_);
    t.ir.append_op(b1, use_);
    let end = t.op("test.end", &[], 0, 0);
    t.ir.append_op(b2, end);
    assert!(verifier::verify(&t.ctx, &t.ir, m).is_empty());
}

#[test]
fn symbol_tables_reject_duplicates_and_resolve_nested_refs() {
    let mut t = T::new();
    let (m, b) = t.container("test.table");
    let mk = |t: &mut T, name: &str| {
        let (op, blk) = t.container("test.table");
        let s = t.ctx.string_attr(name);
        let k = t.ctx.ident("sym_name");
        t.ir.op_mut(op).attrs = t.ctx.dictionary(vec![(k, s)]);
        (op, blk)
    };
    let (a, ab) = mk(&mut t, "a");
    let (inner, _) = mk(&mut t, "b");
    t.ir.append_op(ab, inner);
    t.ir.append_op(b, a);
    let root = t.ctx.ident("a");
    let nested = t.ctx.ident("b");
    let sym = t.ctx.intern_attr(AttrKind::SymbolRef {
        root,
        nested: vec![nested],
    });
    assert_eq!(
        symbol::lookup_symbol_ref(&t.ctx, &t.ir, m, sym),
        Some(inner)
    );
    assert!(verifier::verify(&t.ctx, &t.ir, m).is_empty());
    // Cached look-ups answer the same, including misses and the first of duplicates.
    let (dup, _) = mk(&mut t, "a");
    t.ir.append_op(b, dup);
    let missing = t.ctx.intern_attr(AttrKind::SymbolRef {
        root: nested,
        nested: vec![],
    });
    for s in [sym, missing] {
        let plain = symbol::lookup_symbol_ref(&t.ctx, &t.ir, m, s);
        let cached = symbol::with_symbol_cache(|| {
            let first = symbol::lookup_symbol_ref(&t.ctx, &t.ir, m, s);
            assert_eq!(first, symbol::lookup_symbol_ref(&t.ctx, &t.ir, m, s));
            first
        });
        assert_eq!(plain, cached);
    }
    assert_eq!(symbol::lookup_symbol_in(&t.ctx, &t.ir, m, b"a"), Some(a));
    assert_eq!(
        symbol::with_symbol_cache(|| symbol::lookup_symbol_in(&t.ctx, &t.ir, m, b"a")),
        Some(a)
    );
    let d = verifier::verify(&t.ctx, &t.ir, m);
    assert_eq!(d[0].message, "redefinition of symbol named 'a'");
    assert_eq!(d[0].notes[0].message, "see existing symbol definition here");
}

#[test]
fn verifier_requires_terminators_in_registered_regions() {
    let mut t = T::new();
    t.ctx.register_op(OpDef {
        name: "test.needs_term",
        traits: Traits::NONE,
        verify: None,
        interfaces: Default::default(),
    });
    t.ctx.register_op(OpDef {
        name: "test.plain",
        traits: Traits::NONE,
        verify: None,
        interfaces: Default::default(),
    });
    let (m, b) = t.container("test.needs_term");
    let p = t.op("test.plain", &[], 0, 0);
    t.ir.append_op(b, p);
    let d = verifier::verify(&t.ctx, &t.ir, m);
    assert_eq!(
        d[0].message,
        "block with no terminator, has \"test.plain\"() : () -> ()"
    );
}

#[test]
#[ignore]
fn print_sizes() {
    eprintln!(
        "OpData {} ValueData {} UseData {} BlockData {} AttrKind {} TypeKind {} Location {}",
        std::mem::size_of::<OpData>(),
        std::mem::size_of::<store::ValueData>(),
        std::mem::size_of::<store::UseData>(),
        std::mem::size_of::<store::BlockData>(),
        std::mem::size_of::<AttrKind>(),
        std::mem::size_of::<TypeKind>(),
        std::mem::size_of::<Location>(),
    );
}

#[test]
fn interfaces_attach_to_registered_ops_one_value_per_type() {
    #[derive(Debug, PartialEq)]
    struct Eval(u32);
    #[derive(Debug, PartialEq)]
    struct Codegen(&'static str);
    let mut t = T::new();
    let ssa = t.ctx.ident("test.ssa");
    assert!(t.ctx.op_interface::<Eval>(ssa).is_none());
    assert!(t.ctx.attach_interface("test.ssa", Eval(1)));
    assert!(t.ctx.attach_interface("test.ssa", Codegen("loop")));
    assert_eq!(t.ctx.op_interface::<Eval>(ssa), Some(&Eval(1)));
    // Attaching again replaces the value.
    assert!(t.ctx.attach_interface("test.ssa", Eval(2)));
    assert_eq!(t.ctx.op_interface::<Eval>(ssa), Some(&Eval(2)));
    assert_eq!(t.ctx.op_interface::<Codegen>(ssa), Some(&Codegen("loop")));
    // Only registered ops take interfaces.
    assert!(!t.ctx.attach_interface("test.nothing", Eval(3)));
    let table = t.ctx.ident("test.table");
    assert!(t.ctx.op_interface::<Eval>(table).is_none());
}
