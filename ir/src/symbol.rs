//! Symbols and symbol tables: `sym_name` on ops, nested `@a::@b` look-up, visibility.

use crate::attributes::AttrKind;
use crate::context::Context;
use crate::dialect::Traits;
use crate::entity::{Attr, Op};
use crate::store::Ir;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

/// An op attribute by name: properties dictionary first, then discardable attributes.
pub fn op_attr(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Option<Attr> {
    let d = ir.op(op);
    d.properties
        .and_then(|p| ctx.dict_get(p, name))
        .or_else(|| ctx.dict_get(d.attrs, name))
}

/// [`op_attr`] by interned name (found once with `Context::find_ident`; a
/// name never interned is on no op).
pub fn op_attr_ident(ctx: &Context, ir: &Ir, op: Op, name: crate::Ident) -> Option<Attr> {
    let d = ir.op(op);
    d.properties
        .and_then(|p| ctx.dict_get_ident(p, name))
        .or_else(|| ctx.dict_get_ident(d.attrs, name))
}

/// The `sym_name` of an op, if it defines a symbol.
pub fn symbol_name<'c>(ctx: &'c Context, ir: &Ir, op: Op) -> Option<&'c [u8]> {
    match ctx.attr_kind(op_attr(ctx, ir, op, "sym_name")?) {
        AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

pub fn visibility(ctx: &Context, ir: &Ir, op: Op) -> Visibility {
    match op_attr(ctx, ir, op, "sym_visibility").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) if &**value == b"private" => Visibility::Private,
        Some(AttrKind::String { value, .. }) if &**value == b"nested" => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// Symbol tables indexed on first use while the IR cannot change (see
/// [`with_symbol_cache`]): table op -> name -> first op with that name.
type SymbolCache = FxHashMap<Op, FxHashMap<Vec<u8>, Op>>;

thread_local! {
    static SYMBOL_CACHE: RefCell<Option<SymbolCache>> = const { RefCell::new(None) };
}

/// Runs `f` with symbol look-ups on this thread answered from tables indexed on
/// first use, so that verifying n symbol uses costs O(n) instead of O(n × table).
/// Only for code that holds the IR immutably (the verifier): a table changed
/// inside `f` would be answered from its stale index.
pub fn with_symbol_cache<R>(f: impl FnOnce() -> R) -> R {
    let outer = SYMBOL_CACHE.with(|c| c.borrow_mut().replace(FxHashMap::default()));
    let r = f();
    SYMBOL_CACHE.with(|c| *c.borrow_mut() = outer);
    r
}

fn index_table(ctx: &Context, ir: &Ir, table: Op) -> FxHashMap<Vec<u8>, Op> {
    let mut m = FxHashMap::default();
    let Some(b) = ir.regions(table).first().and_then(|&r| ir.entry_block(r)) else {
        return m;
    };
    for op in ir.block_ops(b) {
        if let Some(n) = symbol_name(ctx, ir, op) {
            m.entry(n.to_vec()).or_insert(op);
        }
    }
    m
}

/// The op named `name` directly inside the symbol table `table`: O(ops in the
/// table), or O(1) amortized inside [`with_symbol_cache`].
pub fn lookup_symbol_in(ctx: &Context, ir: &Ir, table: Op, name: &[u8]) -> Option<Op> {
    let cached = SYMBOL_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let cache = c.as_mut()?;
        let t = cache
            .entry(table)
            .or_insert_with(|| index_table(ctx, ir, table));
        Some(t.get(name).copied())
    });
    if let Some(found) = cached {
        return found;
    }
    let r = *ir.regions(table).first()?;
    let b = ir.entry_block(r)?;
    ir.block_ops(b)
        .find(|&op| symbol_name(ctx, ir, op) == Some(name))
}

/// Resolves a symbol reference (`@a::@b`) starting from the symbol table `table`.
pub fn lookup_symbol_ref(ctx: &Context, ir: &Ir, table: Op, sym: Attr) -> Option<Op> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(sym) else {
        return None;
    };
    let mut cur = lookup_symbol_in(ctx, ir, table, ctx.bytes(*root))?;
    for n in nested {
        if !ctx
            .op_traits(ir.op(cur).name)
            .contains(Traits::SYMBOL_TABLE)
            && ctx.registry.op_def(ir.op(cur).name).is_some()
        {
            return None;
        }
        cur = lookup_symbol_in(ctx, ir, cur, ctx.bytes(*n))?;
    }
    Some(cur)
}

/// The closest ancestor (or `op` itself) that is a symbol table.
pub fn nearest_symbol_table(ctx: &Context, ir: &Ir, op: Op) -> Option<Op> {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if ctx.op_traits(ir.op(o).name).contains(Traits::SYMBOL_TABLE) {
            return Some(o);
        }
        cur = ir.parent_op(o);
    }
    None
}
