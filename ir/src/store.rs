//! The IR itself: arenas of operations, blocks, regions, values and uses, linked by ids.
//!
//! Ops in a block and blocks in a region form intrusive doubly-linked lists, so insertion
//! and removal are O(1); each value keeps an intrusive list of its uses, so
//! replace-all-uses and erasure are O(uses).

use crate::entity::{Attr, Block, Ident, Op, Region, Type, Use, Value};
use smallvec::SmallVec;

#[derive(Clone, Debug)]
pub struct OpData {
    pub name: Ident,
    pub(crate) operands: SmallVec<[Use; 3]>,
    pub(crate) results: SmallVec<[Value; 1]>,
    /// Inherent attributes (`<{...}>`); for unregistered ops any attribute.
    pub properties: Option<Attr>,
    /// Discardable attributes: always a dictionary attribute.
    pub attrs: Attr,
    pub(crate) regions: SmallVec<[Region; 1]>,
    pub(crate) successors: SmallVec<[Block; 1]>,
    pub loc: Attr,
    pub(crate) parent: Option<Block>,
    pub(crate) prev: Option<Op>,
    pub(crate) next: Option<Op>,
    pub(crate) erased: bool,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub(crate) args: SmallVec<[Value; 2]>,
    pub(crate) first: Option<Op>,
    pub(crate) last: Option<Op>,
    pub(crate) parent: Option<Region>,
    pub(crate) prev: Option<Block>,
    pub(crate) next: Option<Block>,
}

#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub(crate) first: Option<Block>,
    pub(crate) last: Option<Block>,
    pub(crate) parent: Option<Op>,
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
    pub(crate) first_use: Option<Use>,
}

#[derive(Clone, Debug)]
pub struct UseData {
    pub value: Value,
    pub owner: Op,
    pub index: u32,
    prev: Option<Use>,
    next: Option<Use>,
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

    // ---- creation ----

    /// Creates a detached op with fresh results and empty regions.
    pub fn create_op(&mut self, st: OperationState) -> Op {
        let op = Op::from_index(self.ops.len());
        let results = st
            .result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                self.new_value(
                    ty,
                    ValueDef::Result {
                        op,
                        index: i as u32,
                    },
                    None,
                )
            })
            .collect();
        let regions = (0..st.num_regions)
            .map(|_| {
                let r = self.create_region();
                self.regions[r.index()].parent = Some(op);
                r
            })
            .collect();
        self.ops.push(OpData {
            name: st.name,
            operands: SmallVec::new(),
            results,
            properties: st.properties,
            attrs: st.attrs,
            regions,
            successors: st.successors.into(),
            loc: st.loc,
            parent: None,
            prev: None,
            next: None,
            erased: false,
        });
        for (i, v) in st.operands.into_iter().enumerate() {
            let u = self.new_use(v, op, i as u32);
            self.ops[op.index()].operands.push(u);
        }
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
            first_use: None,
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

    // ---- uses ----

    fn new_use(&mut self, value: Value, owner: Op, index: u32) -> Use {
        let next = self.values[value.index()].first_use;
        let data = UseData {
            value,
            owner,
            index,
            prev: None,
            next,
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
        if let Some(n) = next {
            self.uses[n.index()].prev = Some(u);
        }
        self.values[value.index()].first_use = Some(u);
        u
    }

    fn unlink_use(&mut self, u: Use) {
        let UseData {
            value, prev, next, ..
        } = self.uses[u.index()];
        match prev {
            Some(p) => self.uses[p.index()].next = next,
            None => self.values[value.index()].first_use = next,
        }
        if let Some(n) = next {
            self.uses[n.index()].prev = prev;
        }
    }

    fn link_use(&mut self, u: Use, value: Value) {
        let next = self.values[value.index()].first_use;
        let d = &mut self.uses[u.index()];
        d.value = value;
        d.prev = None;
        d.next = next;
        if let Some(n) = next {
            self.uses[n.index()].prev = Some(u);
        }
        self.values[value.index()].first_use = Some(u);
    }

    /// The uses of a value, most recent first.
    pub fn uses(&self, v: Value) -> UseIter<'_> {
        UseIter {
            ir: self,
            cur: self.values[v.index()].first_use,
        }
    }

    pub fn has_uses(&self, v: Value) -> bool {
        self.values[v.index()].first_use.is_some()
    }

    /// Replaces every use of `from` with `to`. O(uses of `from`).
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = self.values[from.index()].first_use {
            self.unlink_use(u);
            self.link_use(u, to);
        }
    }

    // ---- op accessors ----

    pub fn operand(&self, op: Op, i: usize) -> Value {
        self.uses[self.ops[op.index()].operands[i].index()].value
    }

    pub fn num_operands(&self, op: Op) -> usize {
        self.ops[op.index()].operands.len()
    }

    pub fn operands(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.ops[op.index()]
            .operands
            .iter()
            .map(move |u| self.uses[u.index()].value)
    }

    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        let u = self.ops[op.index()].operands[i];
        self.unlink_use(u);
        self.link_use(u, v);
    }

    /// Replaces the whole operand list.
    pub fn set_operands(&mut self, op: Op, values: &[Value]) {
        let old = std::mem::take(&mut self.ops[op.index()].operands);
        for u in old {
            self.unlink_use(u);
            self.free_uses.push(u);
        }
        for (i, &v) in values.iter().enumerate() {
            let u = self.new_use(v, op, i as u32);
            self.ops[op.index()].operands.push(u);
        }
    }

    pub fn results(&self, op: Op) -> &[Value] {
        &self.ops[op.index()].results
    }

    pub fn result(&self, op: Op, i: usize) -> Value {
        self.ops[op.index()].results[i]
    }

    pub fn regions(&self, op: Op) -> &[Region] {
        &self.ops[op.index()].regions
    }

    pub fn successors(&self, op: Op) -> &[Block] {
        &self.ops[op.index()].successors
    }

    pub fn set_successors(&mut self, op: Op, succ: &[Block]) {
        self.ops[op.index()].successors = succ.into();
    }

    pub fn parent_block(&self, op: Op) -> Option<Block> {
        self.ops[op.index()].parent
    }

    /// The op that holds the region that holds the block of `op`.
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        let b = self.ops[op.index()].parent?;
        let r = self.blocks[b.index()].parent?;
        self.regions[r.index()].parent
    }

    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.ops[op.index()].next
    }

    pub fn prev_op(&self, op: Op) -> Option<Op> {
        self.ops[op.index()].prev
    }

    pub fn is_erased(&self, op: Op) -> bool {
        self.ops[op.index()].erased
    }

    // ---- block and region accessors ----

    pub fn block_args(&self, b: Block) -> &[Value] {
        &self.blocks[b.index()].args
    }

    pub fn first_op(&self, b: Block) -> Option<Op> {
        self.blocks[b.index()].first
    }

    pub fn last_op(&self, b: Block) -> Option<Op> {
        self.blocks[b.index()].last
    }

    /// The ops of a block in order. Collects the next link before yielding, so the
    /// yielded op may be erased or moved.
    pub fn block_ops(&self, b: Block) -> OpIter<'_> {
        OpIter {
            ir: self,
            cur: self.blocks[b.index()].first,
        }
    }

    pub fn block_parent(&self, b: Block) -> Option<Region> {
        self.blocks[b.index()].parent
    }

    pub fn next_block(&self, b: Block) -> Option<Block> {
        self.blocks[b.index()].next
    }

    pub fn region_blocks(&self, r: Region) -> BlockIter<'_> {
        BlockIter {
            ir: self,
            cur: self.regions[r.index()].first,
        }
    }

    pub fn entry_block(&self, r: Region) -> Option<Block> {
        self.regions[r.index()].first
    }

    pub fn region_parent(&self, r: Region) -> Option<Op> {
        self.regions[r.index()].parent
    }

    pub fn region_is_empty(&self, r: Region) -> bool {
        self.regions[r.index()].first.is_none()
    }

    /// The op owning the block of `b`.
    pub fn block_parent_op(&self, b: Block) -> Option<Op> {
        self.regions[self.blocks[b.index()].parent?.index()].parent
    }

    // ---- linking ----

    pub fn append_block(&mut self, r: Region, b: Block) {
        let last = self.regions[r.index()].last;
        let bd = &mut self.blocks[b.index()];
        bd.parent = Some(r);
        bd.prev = last;
        bd.next = None;
        match last {
            Some(l) => self.blocks[l.index()].next = Some(b),
            None => self.regions[r.index()].first = Some(b),
        }
        self.regions[r.index()].last = Some(b);
    }

    /// Moves every block of `src` to the end of `dst` (MLIR's `Region::takeBody`).
    pub fn take_body(&mut self, dst: Region, src: Region) {
        while let Some(b) = self.regions[src.index()].first {
            self.remove_block(b);
            self.append_block(dst, b);
        }
    }

    /// Detaches a block from its region (its ops stay in it).
    pub fn remove_block(&mut self, b: Block) {
        let BlockData {
            parent, prev, next, ..
        } = self.blocks[b.index()].clone_links();
        let Some(r) = parent else { return };
        match prev {
            Some(p) => self.blocks[p.index()].next = next,
            None => self.regions[r.index()].first = next,
        }
        match next {
            Some(n) => self.blocks[n.index()].prev = prev,
            None => self.regions[r.index()].last = prev,
        }
        let bd = &mut self.blocks[b.index()];
        bd.parent = None;
        bd.prev = None;
        bd.next = None;
    }

    pub fn append_op(&mut self, b: Block, op: Op) {
        let last = self.blocks[b.index()].last;
        self.link_op(b, op, last, None);
    }

    pub fn prepend_op(&mut self, b: Block, op: Op) {
        let first = self.blocks[b.index()].first;
        self.link_op(b, op, None, first);
    }

    pub fn insert_op_before(&mut self, before: Op, op: Op) {
        let b = self.ops[before.index()]
            .parent
            .expect("anchor op is detached");
        let prev = self.ops[before.index()].prev;
        self.link_op(b, op, prev, Some(before));
    }

    pub fn insert_op_after(&mut self, after: Op, op: Op) {
        let b = self.ops[after.index()]
            .parent
            .expect("anchor op is detached");
        let next = self.ops[after.index()].next;
        self.link_op(b, op, Some(after), next);
    }

    fn link_op(&mut self, b: Block, op: Op, prev: Option<Op>, next: Option<Op>) {
        debug_assert!(self.ops[op.index()].parent.is_none());
        let d = &mut self.ops[op.index()];
        d.parent = Some(b);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.ops[p.index()].next = Some(op),
            None => self.blocks[b.index()].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n.index()].prev = Some(op),
            None => self.blocks[b.index()].last = Some(op),
        }
    }

    /// Detaches an op from its block; it keeps its operands, regions and results.
    pub fn remove_op(&mut self, op: Op) {
        let (parent, prev, next) = {
            let d = &self.ops[op.index()];
            (d.parent, d.prev, d.next)
        };
        let Some(b) = parent else { return };
        match prev {
            Some(p) => self.ops[p.index()].next = next,
            None => self.blocks[b.index()].first = next,
        }
        match next {
            Some(n) => self.ops[n.index()].prev = prev,
            None => self.blocks[b.index()].last = prev,
        }
        let d = &mut self.ops[op.index()];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Erases an op and everything nested in it. Its results must have no uses left
    /// outside of it.
    pub fn erase_op(&mut self, op: Op) {
        self.remove_op(op);
        let mut stack = vec![op];
        while let Some(op) = stack.pop() {
            let operands = std::mem::take(&mut self.ops[op.index()].operands);
            for u in operands {
                self.unlink_use(u);
                self.free_uses.push(u);
            }
            self.ops[op.index()].erased = true;
            for i in 0..self.ops[op.index()].regions.len() {
                let r = self.ops[op.index()].regions[i];
                let mut b = self.regions[r.index()].first;
                while let Some(bb) = b {
                    let mut o = self.blocks[bb.index()].first;
                    while let Some(oo) = o {
                        stack.push(oo);
                        o = self.ops[oo.index()].next;
                    }
                    b = self.blocks[bb.index()].next;
                }
            }
        }
    }
}

impl BlockData {
    fn clone_links(&self) -> BlockData {
        BlockData {
            args: SmallVec::new(),
            first: None,
            last: None,
            parent: self.parent,
            prev: self.prev,
            next: self.next,
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
        self.cur = self.ir.uses[u.index()].next;
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
        self.cur = self.ir.ops[op.index()].next;
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
        self.cur = self.ir.blocks[b.index()].next;
        Some(b)
    }
}
