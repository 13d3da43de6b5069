//! The IR itself: arenas of operations, blocks, regions, values and uses, linked by ids.
//!
//! Ops in a block and blocks in a region form intrusive doubly-linked lists, so insertion
//! and removal are O(1); each value keeps an intrusive list of its uses, so
//! replace-all-uses and erasure are O(uses).

use crate::entity::{Attr, Block, Ident, Op, PackedOption, Region, Type, Use, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// A slice of one of the shared id lists (results, regions): ops never change their
/// result or region count, so these live packed in one vector each.
#[derive(Copy, Clone, Debug, Default)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

#[derive(Clone, Debug)]
pub struct OpData {
    pub name: Ident,
    operands: Span,
    results: Span,
    /// Inherent attributes (`<{...}>`); for unregistered ops any attribute.
    pub properties: Option<Attr>,
    /// Discardable attributes: always a dictionary attribute.
    pub attrs: Attr,
    regions: Span,
    pub loc: Attr,
    parent: PackedOption<Block>,
    prev: PackedOption<Op>,
    next: PackedOption<Op>,
    erased: bool,
    /// Successors are rare: they live in `Ir::successors`.
    has_successors: bool,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub(crate) args: SmallVec<[Value; 2]>,
    first: PackedOption<Op>,
    last: PackedOption<Op>,
    parent: PackedOption<Region>,
    prev: PackedOption<Block>,
    next: PackedOption<Block>,
}

#[derive(Clone, Debug, Default)]
pub struct RegionData {
    first: PackedOption<Block>,
    last: PackedOption<Block>,
    parent: PackedOption<Op>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    Result {
        op: Op,
        index: u32,
    },
    BlockArg {
        block: Block,
        index: u32,
    },
    /// A forward reference the parser has not resolved yet.
    Placeholder,
}

#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    /// Location of a block argument (results use their op's).
    pub loc: Option<Attr>,
    first_use: PackedOption<Use>,
}

#[derive(Clone, Debug)]
pub struct UseData {
    pub value: Value,
    pub owner: Op,
    pub index: u32,
    prev: PackedOption<Use>,
    next: PackedOption<Use>,
}

/// Everything needed to create an op.
#[derive(Clone, Debug)]
pub struct OperationState {
    pub name: Ident,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    pub properties: Option<Attr>,
    pub attrs: Attr,
    pub num_regions: usize,
    pub successors: Vec<Block>,
    pub loc: Attr,
}

#[derive(Default, Clone)]
pub struct Ir {
    ops: Vec<OpData>,
    blocks: Vec<BlockData>,
    regions: Vec<RegionData>,
    values: Vec<ValueData>,
    uses: Vec<UseData>,
    free_uses: Vec<Use>,
    /// Operand lists; a list that changes length moves to the end (the old slots
    /// become garbage, as in an arena).
    operand_lists: Vec<Use>,
    result_lists: Vec<Value>,
    region_lists: Vec<Region>,
    successors: FxHashMap<Op, Box<[Block]>>,
    /// The `{-# ... #-}` resources of the buffer this IR was parsed from.
    pub resources: crate::resources::Resources,
}

impl Ir {
    pub fn new() -> Self {
        Self::default()
    }

    // ---- raw access ----

    #[inline]
    pub fn op(&self, op: Op) -> &OpData {
        &self.ops[op.index()]
    }
    #[inline]
    pub fn op_mut(&mut self, op: Op) -> &mut OpData {
        &mut self.ops[op.index()]
    }
    #[inline]
    pub fn value(&self, v: Value) -> &ValueData {
        &self.values[v.index()]
    }
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }
    /// Sets the location of a block argument.
    pub fn set_value_loc(&mut self, v: Value, loc: Attr) {
        self.values[v.index()].loc = Some(loc);
    }
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v.index()].ty = ty;
    }
    #[inline]
    pub fn use_data(&self, u: Use) -> &UseData {
        &self.uses[u.index()]
    }

    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// Values ever created (an upper bound of `Value::index()`, for dense side tables).
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    // ---- creation ----

    /// Creates a detached op with fresh results and empty regions.
    pub fn create_op(&mut self, st: OperationState) -> Op {
        let op = Op::from_index(self.ops.len());
        let results = Span {
            start: self.result_lists.len() as u32,
            len: st.result_types.len() as u32,
        };
        for (i, &ty) in st.result_types.iter().enumerate() {
            let v = self.new_value(
                ty,
                ValueDef::Result {
                    op,
                    index: i as u32,
                },
                None,
            );
            self.result_lists.push(v);
        }
        let regions = Span {
            start: self.region_lists.len() as u32,
            len: st.num_regions as u32,
        };
        for _ in 0..st.num_regions {
            let r = self.create_region();
            self.regions[r.index()].parent = Some(op).into();
            self.region_lists.push(r);
        }
        let has_successors = !st.successors.is_empty();
        if has_successors {
            self.successors.insert(op, st.successors.into());
        }
        self.ops.push(OpData {
            name: st.name,
            operands: Span::default(),
            results,
            properties: st.properties,
            attrs: st.attrs,
            regions,
            loc: st.loc,
            parent: PackedOption::NONE,
            prev: PackedOption::NONE,
            next: PackedOption::NONE,
            erased: false,
            has_successors,
        });
        self.set_operands(op, &st.operands);
        op
    }

    pub fn create_block(&mut self) -> Block {
        let b = Block::from_index(self.blocks.len());
        self.blocks.push(BlockData::default());
        b
    }

    pub fn create_region(&mut self) -> Region {
        let r = Region::from_index(self.regions.len());
        self.regions.push(RegionData::default());
        r
    }

    fn new_value(&mut self, ty: Type, def: ValueDef, loc: Option<Attr>) -> Value {
        let v = Value::from_index(self.values.len());
        self.values.push(ValueData {
            ty,
            def,
            loc,
            first_use: PackedOption::NONE,
        });
        v
    }

    /// A value with no definition yet, for forward references.
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.new_value(ty, ValueDef::Placeholder, None)
    }

    pub fn add_block_arg(&mut self, block: Block, ty: Type, loc: Option<Attr>) -> Value {
        let index = self.blocks[block.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::BlockArg { block, index }, loc);
        self.blocks[block.index()].args.push(v);
        v
    }

    /// Removes argument `index` of `block` (it must have no uses left); the
    /// arguments after it are renumbered.
    pub fn erase_block_arg(&mut self, block: Block, index: usize) {
        let args = &mut self.blocks[block.index()].args;
        if index >= args.len() {
            return;
        }
        let gone = args.remove(index);
        debug_assert!(!self.has_uses(gone), "erased block argument still used");
        for (i, &v) in self.blocks[block.index()]
            .args
            .iter()
            .enumerate()
            .skip(index)
        {
            self.values[v.index()].def = ValueDef::BlockArg {
                block,
                index: i as u32,
            };
        }
    }

    // ---- uses ----

    fn new_use(&mut self, value: Value, owner: Op, index: u32) -> Use {
        let data = UseData {
            value,
            owner,
            index,
            prev: PackedOption::NONE,
            next: PackedOption::NONE,
        };
        let u = match self.free_uses.pop() {
            Some(u) => {
                self.uses[u.index()] = data;
                u
            }
            None => {
                self.uses.push(data);
                Use::from_index(self.uses.len() - 1)
            }
        };
        self.link_use(u, value);
        u
    }

    fn unlink_use(&mut self, u: Use) {
        let UseData {
            value, prev, next, ..
        } = self.uses[u.index()];
        match prev.get() {
            Some(p) => self.uses[p.index()].next = next,
            None => self.values[value.index()].first_use = next,
        }
        if let Some(n) = next.get() {
            self.uses[n.index()].prev = prev;
        }
    }

    fn link_use(&mut self, u: Use, value: Value) {
        let next = self.values[value.index()].first_use;
        let d = &mut self.uses[u.index()];
        d.value = value;
        d.prev = PackedOption::NONE;
        d.next = next;
        if let Some(n) = next.get() {
            self.uses[n.index()].prev = Some(u).into();
        }
        self.values[value.index()].first_use = Some(u).into();
    }

    /// The uses of a value, most recent first.
    pub fn uses(&self, v: Value) -> UseIter<'_> {
        UseIter {
            ir: self,
            cur: self.values[v.index()].first_use.get(),
        }
    }

    pub fn has_uses(&self, v: Value) -> bool {
        !self.values[v.index()].first_use.is_none()
    }

    /// Replaces every use of `from` with `to`. O(uses of `from`).
    /// Replaces every use of each result of `old` by the same-numbered result
    /// of `new`, then erases `old`.
    pub fn replace_op(&mut self, old: Op, new: Op) {
        for k in 0..self.results(old).len() {
            let (from, to) = (self.result(old, k), self.result(new, k));
            self.replace_all_uses(from, to);
        }
        self.erase_op(old);
    }

    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = self.values[from.index()].first_use.get() {
            self.unlink_use(u);
            self.link_use(u, to);
        }
    }

    // ---- op accessors ----

    pub fn operand(&self, op: Op, i: usize) -> Value {
        self.uses[self.operand_uses(op)[i].index()].value
    }

    #[inline]
    fn operand_uses(&self, op: Op) -> &[Use] {
        &self.operand_lists[self.ops[op.index()].operands.range()]
    }

    pub fn num_operands(&self, op: Op) -> usize {
        self.ops[op.index()].operands.len as usize
    }

    pub fn operands(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.operand_uses(op)
            .iter()
            .map(move |u| self.uses[u.index()].value)
    }

    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        let u = self.operand_uses(op)[i];
        self.unlink_use(u);
        self.link_use(u, v);
    }

    /// Replaces the whole operand list.
    pub fn set_operands(&mut self, op: Op, values: &[Value]) {
        self.drop_operands(op);
        let mut span = self.ops[op.index()].operands;
        if span.len as usize != values.len() {
            span = Span {
                start: self.operand_lists.len() as u32,
                len: values.len() as u32,
            };
            self.operand_lists
                .resize(self.operand_lists.len() + values.len(), Use(0));
            self.ops[op.index()].operands = span;
        }
        for (i, &v) in values.iter().enumerate() {
            let u = self.new_use(v, op, i as u32);
            self.operand_lists[span.start as usize + i] = u;
        }
    }

    /// Unlinks and frees the uses of an op's operands (the list keeps its length).
    fn drop_operands(&mut self, op: Op) {
        for i in self.ops[op.index()].operands.range() {
            let u = self.operand_lists[i];
            self.unlink_use(u);
            self.free_uses.push(u);
        }
    }

    #[inline]
    pub fn results(&self, op: Op) -> &[Value] {
        &self.result_lists[self.ops[op.index()].results.range()]
    }

    pub fn result(&self, op: Op, i: usize) -> Value {
        self.results(op)[i]
    }

    #[inline]
    pub fn regions(&self, op: Op) -> &[Region] {
        &self.region_lists[self.ops[op.index()].regions.range()]
    }

    #[inline]
    pub fn successors(&self, op: Op) -> &[Block] {
        if !self.ops[op.index()].has_successors {
            return &[];
        }
        self.successors.get(&op).map_or(&[], |s| s)
    }

    pub fn set_successors(&mut self, op: Op, succ: &[Block]) {
        let has = !succ.is_empty();
        self.ops[op.index()].has_successors = has;
        if has {
            self.successors.insert(op, succ.into());
        } else {
            self.successors.remove(&op);
        }
    }

    pub fn parent_block(&self, op: Op) -> Option<Block> {
        self.ops[op.index()].parent.get()
    }

    /// The op that holds the region that holds the block of `op`.
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        let b = self.ops[op.index()].parent.get()?;
        let r = self.blocks[b.index()].parent.get()?;
        self.regions[r.index()].parent.get()
    }

    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.ops[op.index()].next.get()
    }

    pub fn prev_op(&self, op: Op) -> Option<Op> {
        self.ops[op.index()].prev.get()
    }

    pub fn is_erased(&self, op: Op) -> bool {
        self.ops[op.index()].erased
    }

    // ---- block and region accessors ----

    pub fn block_args(&self, b: Block) -> &[Value] {
        &self.blocks[b.index()].args
    }

    pub fn first_op(&self, b: Block) -> Option<Op> {
        self.blocks[b.index()].first.get()
    }

    pub fn last_op(&self, b: Block) -> Option<Op> {
        self.blocks[b.index()].last.get()
    }

    /// The ops of a block in order. Collects the next link before yielding, so the
    /// yielded op may be erased or moved.
    pub fn block_ops(&self, b: Block) -> OpIter<'_> {
        OpIter {
            ir: self,
            cur: self.blocks[b.index()].first.get(),
        }
    }

    pub fn block_parent(&self, b: Block) -> Option<Region> {
        self.blocks[b.index()].parent.get()
    }

    pub fn next_block(&self, b: Block) -> Option<Block> {
        self.blocks[b.index()].next.get()
    }

    pub fn region_blocks(&self, r: Region) -> BlockIter<'_> {
        BlockIter {
            ir: self,
            cur: self.regions[r.index()].first.get(),
        }
    }

    pub fn entry_block(&self, r: Region) -> Option<Block> {
        self.regions[r.index()].first.get()
    }

    pub fn region_parent(&self, r: Region) -> Option<Op> {
        self.regions[r.index()].parent.get()
    }

    pub fn region_is_empty(&self, r: Region) -> bool {
        self.regions[r.index()].first.is_none()
    }

    /// The op owning the block of `b`.
    pub fn block_parent_op(&self, b: Block) -> Option<Op> {
        self.regions[self.blocks[b.index()].parent.get()?.index()]
            .parent
            .get()
    }

    // ---- linking ----

    pub fn append_block(&mut self, r: Region, b: Block) {
        let last = self.regions[r.index()].last;
        let bd = &mut self.blocks[b.index()];
        bd.parent = Some(r).into();
        bd.prev = last;
        bd.next = PackedOption::NONE;
        match last.get() {
            Some(l) => self.blocks[l.index()].next = Some(b).into(),
            None => self.regions[r.index()].first = Some(b).into(),
        }
        self.regions[r.index()].last = Some(b).into();
    }

    /// Links the detached block `b` right after `after`, in `after`'s region.
    pub fn insert_block_after(&mut self, after: Block, b: Block) {
        let Some(r) = self.blocks[after.index()].parent.get() else {
            return;
        };
        let next = self.blocks[after.index()].next;
        let bd = &mut self.blocks[b.index()];
        bd.parent = Some(r).into();
        bd.prev = Some(after).into();
        bd.next = next;
        self.blocks[after.index()].next = Some(b).into();
        match next.get() {
            Some(n) => self.blocks[n.index()].prev = Some(b).into(),
            None => self.regions[r.index()].last = Some(b).into(),
        }
    }

    /// Moves every block of `src` to the end of `dst` (MLIR's `Region::takeBody`).
    pub fn take_body(&mut self, dst: Region, src: Region) {
        while let Some(b) = self.regions[src.index()].first.get() {
            self.remove_block(b);
            self.append_block(dst, b);
        }
    }

    /// Detaches a block from its region (its ops stay in it).
    pub fn remove_block(&mut self, b: Block) {
        let BlockData {
            parent, prev, next, ..
        } = self.blocks[b.index()];
        let Some(r) = parent.get() else { return };
        match prev.get() {
            Some(p) => self.blocks[p.index()].next = next,
            None => self.regions[r.index()].first = next,
        }
        match next.get() {
            Some(n) => self.blocks[n.index()].prev = prev,
            None => self.regions[r.index()].last = prev,
        }
        let bd = &mut self.blocks[b.index()];
        bd.parent = PackedOption::NONE;
        bd.prev = PackedOption::NONE;
        bd.next = PackedOption::NONE;
    }

    pub fn append_op(&mut self, b: Block, op: Op) {
        let last = self.blocks[b.index()].last.get();
        self.link_op(b, op, last, None);
    }

    pub fn prepend_op(&mut self, b: Block, op: Op) {
        let first = self.blocks[b.index()].first.get();
        self.link_op(b, op, None, first);
    }

    pub fn insert_op_before(&mut self, before: Op, op: Op) {
        let b = self.ops[before.index()]
            .parent
            .get()
            .expect("anchor op is detached");
        let prev = self.ops[before.index()].prev.get();
        self.link_op(b, op, prev, Some(before));
    }

    pub fn insert_op_after(&mut self, after: Op, op: Op) {
        let b = self.ops[after.index()]
            .parent
            .get()
            .expect("anchor op is detached");
        let next = self.ops[after.index()].next.get();
        self.link_op(b, op, Some(after), next);
    }

    fn link_op(&mut self, b: Block, op: Op, prev: Option<Op>, next: Option<Op>) {
        debug_assert!(self.ops[op.index()].parent.is_none());
        let d = &mut self.ops[op.index()];
        d.parent = Some(b).into();
        d.prev = prev.into();
        d.next = next.into();
        match prev {
            Some(p) => self.ops[p.index()].next = Some(op).into(),
            None => self.blocks[b.index()].first = Some(op).into(),
        }
        match next {
            Some(n) => self.ops[n.index()].prev = Some(op).into(),
            None => self.blocks[b.index()].last = Some(op).into(),
        }
    }

    /// Detaches an op from its block; it keeps its operands, regions and results.
    pub fn remove_op(&mut self, op: Op) {
        let (parent, prev, next) = {
            let d = &self.ops[op.index()];
            (d.parent, d.prev, d.next)
        };
        let Some(b) = parent.get() else { return };
        match prev.get() {
            Some(p) => self.ops[p.index()].next = next,
            None => self.blocks[b.index()].first = next,
        }
        match next.get() {
            Some(n) => self.ops[n.index()].prev = prev,
            None => self.blocks[b.index()].last = prev,
        }
        let d = &mut self.ops[op.index()];
        d.parent = PackedOption::NONE;
        d.prev = PackedOption::NONE;
        d.next = PackedOption::NONE;
    }

    /// Erases an op and everything nested in it. Its results must have no uses left
    /// outside of it.
    pub fn erase_op(&mut self, op: Op) {
        self.remove_op(op);
        let mut stack = vec![op];
        while let Some(op) = stack.pop() {
            self.drop_operands(op);
            self.ops[op.index()].operands = Span::default();
            self.ops[op.index()].erased = true;
            if self.ops[op.index()].has_successors {
                self.set_successors(op, &[]);
            }
            for ri in self.ops[op.index()].regions.range() {
                let r = self.region_lists[ri];
                let mut b = self.regions[r.index()].first.get();
                while let Some(bb) = b {
                    let mut o = self.blocks[bb.index()].first.get();
                    while let Some(oo) = o {
                        stack.push(oo);
                        o = self.ops[oo.index()].next.get();
                    }
                    b = self.blocks[bb.index()].next.get();
                }
            }
        }
    }
}

pub struct UseIter<'a> {
    ir: &'a Ir,
    cur: Option<Use>,
}

impl Iterator for UseIter<'_> {
    type Item = Use;
    fn next(&mut self) -> Option<Use> {
        let u = self.cur?;
        self.cur = self.ir.uses[u.index()].next.get();
        Some(u)
    }
}

pub struct OpIter<'a> {
    ir: &'a Ir,
    cur: Option<Op>,
}

impl Iterator for OpIter<'_> {
    type Item = Op;
    fn next(&mut self) -> Option<Op> {
        let op = self.cur?;
        self.cur = self.ir.ops[op.index()].next.get();
        Some(op)
    }
}

pub struct BlockIter<'a> {
    ir: &'a Ir,
    cur: Option<Block>,
}

impl Iterator for BlockIter<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = self.cur?;
        self.cur = self.ir.blocks[b.index()].next.get();
        Some(b)
    }
}
