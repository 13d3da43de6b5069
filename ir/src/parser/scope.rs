//! Name scopes of the parser: SSA values per isolated-from-above scope (with one
//! definition level per region), blocks per region, and forward references.

use super::{Failed, PResult, Parser};
use crate::entity::{Block, Region, Type, Value};
use crate::store::ValueDef;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

#[derive(Copy, Clone)]
pub(crate) struct ValueEntry {
    pub value: Value,
    /// Offset of the definition, or of the first use for a forward reference.
    pub loc: u32,
}

#[derive(Default)]
struct Isolated<'a> {
    /// `%name` → values by result number (`%name#N`).
    values: FxHashMap<&'a str, SmallVec<[Option<ValueEntry>; 1]>>,
    /// Names defined at each region level, dropped when the region ends.
    defs_per_level: Vec<Vec<&'a str>>,
}

pub(crate) struct BlockEntry {
    pub block: Block,
    pub defined: bool,
    pub loc: u32,
}

pub(crate) struct RegionBlocks<'a> {
    pub region: Region,
    pub blocks: FxHashMap<&'a str, BlockEntry>,
}

#[derive(Default)]
pub(crate) struct Scopes<'a> {
    isolated: Vec<Isolated<'a>>,
    pub regions: Vec<RegionBlocks<'a>>,
    /// Unresolved forward references and the offset of their first use.
    forward_refs: FxHashMap<Value, u32>,
}

impl<'a> Scopes<'a> {
    pub fn push_isolated(&mut self) {
        self.isolated.push(Isolated {
            values: FxHashMap::default(),
            defs_per_level: vec![Vec::new()],
        });
    }

    pub fn push_level(&mut self) {
        if let Some(s) = self.isolated.last_mut() {
            s.defs_per_level.push(Vec::new());
        }
    }

    /// Ends a region level (or the isolated scope, at its outermost level).
    pub fn pop_level(&mut self) {
        let Some(s) = self.isolated.last_mut() else {
            return;
        };
        if s.defs_per_level.len() <= 1 {
            self.isolated.pop();
            return;
        }
        if let Some(names) = s.defs_per_level.pop() {
            for n in names {
                s.values.remove(n);
            }
        }
    }

    pub fn push_blocks(&mut self, region: Region) {
        self.regions.push(RegionBlocks {
            region,
            blocks: FxHashMap::default(),
        });
    }
}

impl<'a> Parser<'a> {
    /// The value for a use of `%name#num` with type `ty`; creates a forward reference if
    /// the name is not defined yet.
    pub(crate) fn resolve_ssa_use(
        &mut self,
        name: &'a str,
        num: u32,
        off: u32,
        ty: Type,
    ) -> PResult<Value> {
        let Some(scope) = self.ssa.isolated.last_mut() else {
            return self.error_at(off, "use of undeclared SSA value name");
        };
        let entries = scope.values.entry(name).or_default();
        if let Some(Some(e)) = entries.get(num as usize) {
            let e = *e;
            let prior = self.ir.value_type(e.value);
            if prior != ty {
                let msg = format!(
                    "use of value '{}' expects different type than prior uses: '{}' vs '{}'",
                    name,
                    self.type_str(ty),
                    self.type_str(prior)
                );
                let note_loc = self.loc_at(e.loc);
                let loc = self.loc_at(off);
                self.emit(crate::Diagnostic::error(loc, msg).with_note(note_loc, "prior use here"));
                return Err(Failed);
            }
            return Ok(e.value);
        }
        let v = self.ir.create_placeholder(ty);
        let scope = self.ssa.isolated.last_mut().expect("scope exists");
        let entries = scope.values.entry(name).or_default();
        if entries.len() <= num as usize {
            entries.resize(num as usize + 1, None);
        }
        entries[num as usize] = Some(ValueEntry { value: v, loc: off });
        self.ssa.forward_refs.insert(v, off);
        Ok(v)
    }

    /// Binds `%name#num` to `value`, resolving a forward reference to it.
    pub(crate) fn define_ssa(
        &mut self,
        name: &'a str,
        num: u32,
        value: Value,
        off: u32,
    ) -> PResult<()> {
        let Some(scope) = self.ssa.isolated.last_mut() else {
            return Ok(());
        };
        let entries = scope.values.entry(name).or_default();
        if entries.len() <= num as usize {
            entries.resize(num as usize + 1, None);
        }
        let prev = entries[num as usize];
        if prev.is_none() {
            entries[num as usize] = Some(ValueEntry { value, loc: off });
            if let Some(level) = scope.defs_per_level.last_mut() {
                level.push(name);
            }
            return Ok(());
        }
        let prev = prev.expect("checked above");
        if self.ir.value(prev.value).def != ValueDef::Placeholder {
            let loc = self.loc_at(off);
            let note = self.loc_at(prev.loc);
            self.emit(
                crate::Diagnostic::error(loc, format!("redefinition of SSA value '{name}'"))
                    .with_note(note, "previously defined here"),
            );
            return Err(Failed);
        }
        let (pt, vt) = (self.ir.value_type(prev.value), self.ir.value_type(value));
        if pt != vt {
            let loc = self.loc_at(off);
            let note = self.loc_at(prev.loc);
            let msg = format!(
                "definition of SSA value '{name}#{num}' has type '{}'",
                self.type_str(vt)
            );
            let nmsg = format!("previously used here with type '{}'", self.type_str(pt));
            self.emit(crate::Diagnostic::error(loc, msg).with_note(note, nmsg));
            return Err(Failed);
        }
        self.ir.replace_all_uses(prev.value, value);
        self.ssa.forward_refs.remove(&prev.value);
        let scope = self.ssa.isolated.last_mut().expect("scope exists");
        scope.values.get_mut(name).expect("entry exists")[num as usize] =
            Some(ValueEntry { value, loc: off });
        if let Some(level) = scope.defs_per_level.last_mut() {
            level.push(name);
        }
        Ok(())
    }

    /// Reports every forward reference still unresolved, sorted by position.
    pub(crate) fn finish_forward_refs(&mut self) -> PResult<()> {
        if self.ssa.forward_refs.is_empty() {
            return Ok(());
        }
        let mut offs: Vec<u32> = self.ssa.forward_refs.values().copied().collect();
        offs.sort_unstable();
        for off in offs {
            let loc = self.loc_at(off);
            self.emit(crate::Diagnostic::error(
                loc,
                "use of undeclared SSA value name",
            ));
        }
        Err(Failed)
    }

    /// The block named `^name` in the current region, created (as a forward
    /// reference) if needed.
    pub(crate) fn block_ref(&mut self, name: &'a str, off: u32) -> PResult<Block> {
        let Some(rb) = self.ssa.regions.last() else {
            return self.error_at(off, "expected block name");
        };
        if let Some(e) = rb.blocks.get(name) {
            return Ok(e.block);
        }
        let b = self.ir.create_block();
        let rb = self.ssa.regions.last_mut().expect("region scope");
        rb.blocks.insert(
            name,
            BlockEntry {
                block: b,
                defined: false,
                loc: off,
            },
        );
        Ok(b)
    }

    /// Defines `^name` at `off`: appends its block to the current region.
    pub(crate) fn define_block(&mut self, name: &'a str, off: u32) -> PResult<Block> {
        let rb = self.ssa.regions.last_mut().expect("region scope");
        let region = rb.region;
        let block = match rb.blocks.get_mut(name) {
            Some(e) if e.defined => {
                return self.error_at(off, format!("redefinition of block '{name}'"));
            }
            Some(e) => {
                e.defined = true;
                e.loc = off;
                e.block
            }
            None => {
                let b = self.ir.create_block();
                let rb = self.ssa.regions.last_mut().expect("region scope");
                rb.blocks.insert(
                    name,
                    BlockEntry {
                        block: b,
                        defined: true,
                        loc: off,
                    },
                );
                b
            }
        };
        self.ir.append_block(region, block);
        Ok(block)
    }

    /// Ends a region's block scope: every referenced block must be defined.
    pub(crate) fn pop_blocks(&mut self) -> PResult<()> {
        let Some(rb) = self.ssa.regions.pop() else {
            return Ok(());
        };
        let first_undefined = rb
            .blocks
            .values()
            .filter(|e| !e.defined)
            .map(|e| e.loc)
            .min();
        if let Some(off) = first_undefined {
            return self.error_at(off, "reference to an undefined block");
        }
        Ok(())
    }
}
