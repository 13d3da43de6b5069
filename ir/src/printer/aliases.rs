//! Alias generation (`#map`, `#set`, `#loc`, `!tuple`), mirroring MLIR's
//! AliasInitializer: a walk over what will be printed records every type and
//! attribute once, with its alias depth, and which aliases may be deferred (printed
//! after the op: only those reached solely from op locations). The walk itself is
//! in `collect.rs`.

use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::entity::{Attr, Type};
use crate::types::TypeKind;
use smallvec::SmallVec;

const NONE: u32 = u32::MAX;

struct Entry {
    alias: Option<&'static str>,
    depth: u32,
    is_type: bool,
    deferred: bool,
    id: u32,
    children: SmallVec<[u32; 2]>,
}

/// Visits types and attributes in printing order.
pub struct Collector {
    entries: Vec<Entry>,
    attr_idx: Vec<u32>,
    type_idx: Vec<u32>,
}

/// One alias definition.
pub struct AliasDef {
    pub name: &'static str,
    pub suffix: u32,
    pub is_type: bool,
    pub deferred: bool,
    pub id: u32,
}

/// The aliases of one print.
#[derive(Default)]
pub struct Aliases {
    attr: Vec<u32>,
    ty: Vec<u32>,
    pub defs: Vec<AliasDef>,
}

fn attr_alias_name(ctx: &Context, kind: &AttrKind) -> Option<&'static str> {
    match kind {
        AttrKind::AffineMap(_) => Some("map"),
        AttrKind::IntegerSet(_) => Some("set"),
        AttrKind::Location(_) => Some("loc"),
        // A distinct attribute with a payload is always aliased; `distinct[N]<>` not.
        AttrKind::Distinct { payload, .. }
            if !matches!(ctx.attr_kind(*payload), AttrKind::Unit) =>
        {
            Some("distinct")
        }
        _ => None,
    }
}

fn type_alias_name(kind: &TypeKind) -> Option<&'static str> {
    match kind {
        TypeKind::Tuple(ts) if ts.len() > 16 => Some("tuple"),
        _ => None,
    }
}

impl Collector {
    pub fn new(ctx: &Context) -> Collector {
        Collector {
            entries: Vec::new(),
            attr_idx: vec![NONE; ctx.num_attrs()],
            type_idx: vec![NONE; ctx.num_types()],
        }
    }

    fn mark_non_deferrable(&mut self, idx: u32) {
        let mut stack = vec![idx];
        while let Some(i) = stack.pop() {
            let e = &mut self.entries[i as usize];
            if !e.deferred {
                continue;
            }
            e.deferred = false;
            stack.extend(e.children.iter().copied());
        }
    }

    fn start(
        &mut self,
        alias: Option<&'static str>,
        is_type: bool,
        can_defer: bool,
        id: u32,
    ) -> u32 {
        self.entries.push(Entry {
            alias,
            depth: alias.is_some() as u32,
            is_type,
            deferred: alias.is_some() && can_defer,
            id,
            children: SmallVec::new(),
        });
        (self.entries.len() - 1) as u32
    }

    fn finish(&mut self, idx: u32, children: SmallVec<[u32; 2]>, max_depth: u32) -> (u32, u32) {
        let e = &mut self.entries[idx as usize];
        e.children = children;
        if max_depth > 0 {
            e.depth = max_depth + 1;
        }
        (e.depth, idx)
    }

    /// Returns (alias depth, entry index).
    pub fn visit_type(&mut self, ctx: &Context, t: Type, can_defer: bool) -> (u32, u32) {
        let i = self.type_idx[t.index()];
        if i != NONE {
            if !can_defer {
                self.mark_non_deferrable(i);
            }
            return (self.entries[i as usize].depth, i);
        }
        let kind = ctx.type_kind(t);
        let idx = self.start(type_alias_name(kind), true, can_defer, t.0);
        self.type_idx[t.index()] = idx;
        let mut kids = SmallVec::new();
        let mut max = 0;
        let ty = |c: &mut Collector, t: Type, kids: &mut SmallVec<[u32; 2]>, max: &mut u32| {
            let (d, i) = c.visit_type(ctx, t, can_defer);
            kids.push(i);
            *max = (*max).max(d);
        };
        let at = |c: &mut Collector, a: Attr, kids: &mut SmallVec<[u32; 2]>, max: &mut u32| {
            let (d, i) = c.visit_attr(ctx, a, can_defer, false);
            kids.push(i);
            *max = (*max).max(d);
        };
        match kind {
            TypeKind::Complex(e)
            | TypeKind::UnrankedTensor { element: e }
            | TypeKind::Vector { element: e, .. } => ty(self, *e, &mut kids, &mut max),
            TypeKind::Tuple(ts) => {
                for &e in ts {
                    ty(self, e, &mut kids, &mut max);
                }
            }
            TypeKind::Function { inputs, results } => {
                for &e in inputs.iter().chain(results) {
                    ty(self, e, &mut kids, &mut max);
                }
            }
            TypeKind::RankedTensor {
                element, encoding, ..
            } => {
                ty(self, *element, &mut kids, &mut max);
                if let Some(e) = encoding {
                    at(self, *e, &mut kids, &mut max);
                }
            }
            TypeKind::MemRef {
                element,
                layout,
                memory_space,
                ..
            } => {
                ty(self, *element, &mut kids, &mut max);
                if let Some(l) = layout {
                    if !ctx.attr_kind(*l).is_identity_layout() {
                        at(self, *l, &mut kids, &mut max);
                    }
                }
                if let Some(m) = memory_space {
                    at(self, *m, &mut kids, &mut max);
                }
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                ty(self, *element, &mut kids, &mut max);
                if let Some(m) = memory_space {
                    at(self, *m, &mut kids, &mut max);
                }
            }
            TypeKind::Dialect { params, .. } => {
                for &p in params {
                    at(self, p, &mut kids, &mut max);
                }
            }
            _ => {}
        }
        self.finish(idx, kids, max)
    }

    pub fn visit_attr(
        &mut self,
        ctx: &Context,
        a: Attr,
        can_defer: bool,
        elide_type: bool,
    ) -> (u32, u32) {
        let i = self.attr_idx[a.index()];
        if i != NONE {
            if !can_defer {
                self.mark_non_deferrable(i);
            }
            return (self.entries[i as usize].depth, i);
        }
        let kind = ctx.attr_kind(a);
        let idx = self.start(attr_alias_name(ctx, kind), false, can_defer, a.0);
        self.attr_idx[a.index()] = idx;
        let mut kids: SmallVec<[u32; 2]> = SmallVec::new();
        let mut max = 0;
        let mut rec = |(d, i): (u32, u32)| {
            kids.push(i);
            max = max.max(d);
        };
        let mut typed = None;
        match kind {
            AttrKind::Dictionary(entries) => {
                for (_, v) in entries {
                    rec(self.visit_attr(ctx, *v, can_defer, false));
                }
            }
            AttrKind::Array(elems) => {
                for &v in elems {
                    rec(self.visit_attr(ctx, v, can_defer, false));
                }
            }
            AttrKind::Type(t) => rec(self.visit_type(ctx, *t, can_defer)),
            AttrKind::Distinct { payload, .. } => {
                rec(self.visit_attr(ctx, *payload, can_defer, false))
            }
            AttrKind::Dialect { params, .. } => {
                for &v in params {
                    rec(self.visit_attr(ctx, v, can_defer, false));
                }
            }
            AttrKind::Location(loc) => match loc {
                Location::Name { child: Some(c), .. }
                    if !matches!(ctx.attr_kind(*c), AttrKind::Location(Location::Unknown)) =>
                {
                    rec(self.visit_attr(ctx, *c, can_defer, false));
                }
                Location::CallSite { callee, caller } => {
                    rec(self.visit_attr(ctx, *callee, can_defer, false));
                    rec(self.visit_attr(ctx, *caller, can_defer, false));
                }
                Location::Fused { locs, metadata } => {
                    if let Some(m) = metadata {
                        rec(self.visit_attr(ctx, *m, can_defer, false));
                    }
                    for &l in locs {
                        rec(self.visit_attr(ctx, l, can_defer, false));
                    }
                }
                _ => {}
            },
            AttrKind::String { ty, .. }
            | AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseString { ty, .. }
            | AttrKind::DenseResource { ty, .. }
            | AttrKind::Sparse { ty, .. } => typed = Some(*ty),
            _ => {}
        }
        if let Some(t) = typed {
            if !elide_type && !matches!(ctx.type_kind(t), TypeKind::None) {
                rec(self.visit_type(ctx, t, can_defer));
            }
        }
        self.finish(idx, kids, max)
    }

    /// Names the aliases: sorted by depth, types first, then name, then visit order.
    pub fn finish_aliases(self) -> Aliases {
        let mut order: Vec<u32> = (0..self.entries.len() as u32)
            .filter(|&i| self.entries[i as usize].alias.is_some())
            .collect();
        order.sort_by(|&a, &b| {
            let (ea, eb) = (&self.entries[a as usize], &self.entries[b as usize]);
            ea.depth
                .cmp(&eb.depth)
                .then(eb.is_type.cmp(&ea.is_type))
                .then(ea.alias.cmp(&eb.alias))
        });
        let mut out = Aliases {
            attr: Vec::new(),
            ty: Vec::new(),
            defs: Vec::with_capacity(order.len()),
        };
        let mut counts: Vec<(&'static str, u32)> = Vec::new();
        for i in order {
            let e = &self.entries[i as usize];
            let name = e.alias.unwrap_or("");
            let suffix = match counts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, c)) => {
                    *c += 1;
                    *c - 1
                }
                None => {
                    counts.push((name, 1));
                    0
                }
            };
            let map = if e.is_type {
                &mut out.ty
            } else {
                &mut out.attr
            };
            if map.len() <= e.id as usize {
                map.resize(e.id as usize + 1, NONE);
            }
            map[e.id as usize] = out.defs.len() as u32;
            out.defs.push(AliasDef {
                name,
                suffix,
                is_type: e.is_type,
                deferred: e.deferred,
                id: e.id,
            });
        }
        out
    }
}

impl Aliases {
    pub fn attr_alias(&self, a: Attr) -> Option<&AliasDef> {
        let i = *self.attr.get(a.index())?;
        (i != NONE).then(|| &self.defs[i as usize])
    }

    pub fn type_alias(&self, t: Type) -> Option<&AliasDef> {
        let i = *self.ty.get(t.index())?;
        (i != NONE).then(|| &self.defs[i as usize])
    }
}

impl AliasDef {
    pub fn push_name(&self, out: &mut String) {
        out.push(if self.is_type { '!' } else { '#' });
        out.push_str(self.name);
        if self.suffix != 0 {
            super::numbering::push_u32(out, self.suffix);
        }
    }
}
