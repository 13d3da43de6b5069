//! The dialect registry: which ops exist, their traits and verifiers.
//!
//! This is the registry of the core layer: every type it names is a core type.
//! The layers above it (the parser's and printer's syntax hooks, the declarative
//! op definitions of `crate::ods`) keep what they know of one op on that op's own
//! [`OpDef`], as typed [`interfaces`](OpDef::interfaces) (the ods entry, the
//! custom printer and parser, the result-name hook), so a lookup by op name is
//! one lookup of the record; their per-dialect tables live in the registry's
//! [`extensions`](DialectRegistry::extension), one value per table type. Either
//! way the core never names their types; each layer adds typed accessors
//! (`DialectRegistry::parse_hooks`, `DialectRegistry::op_printer`,
//! `DialectRegistry::ods`).

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::{Ident, Op};
use crate::store::Ir;
use rustc_hash::FxHashMap;

/// Op traits as bit flags.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Traits(pub u32);

impl Traits {
    pub const NONE: Traits = Traits(0);
    pub const TERMINATOR: Traits = Traits(1 << 0);
    /// Blocks of its regions need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 1);
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 2);
    pub const SYMBOL_TABLE: Traits = Traits(1 << 3);
    pub const SYMBOL: Traits = Traits(1 << 4);
    /// Its regions are graph regions: no dominance requirement (RegionKindInterface).
    pub const GRAPH_REGION: Traits = Traits(1 << 5);
    pub const SINGLE_BLOCK: Traits = Traits(1 << 6);
    pub const PURE: Traits = Traits(1 << 7);
    pub const NO_REGION_ARGUMENTS: Traits = Traits(1 << 8);
    pub const RETURN_LIKE: Traits = Traits(1 << 9);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 10);
    pub const CALL_LIKE: Traits = Traits(1 << 11);
    pub const CONSTANT_LIKE: Traits = Traits(1 << 12);
    /// No memory effects, but not always speculatable (`arith.divsi`): CSE and
    /// dead-code removal may touch it, hoisting may not.
    pub const NO_MEMORY_EFFECT: Traits = Traits(1 << 13);
    /// Its operands may be swapped (MLIR's `Commutative`): CSE compares them
    /// unordered and canonicalize moves a constant to the right.
    pub const COMMUTATIVE: Traits = Traits(1 << 14);
    /// The result has the shape of each operand, and element `i` of the result
    /// reads only element `i` of the operands (MLIR's `Elementwise`).
    pub const ELEMENTWISE: Traits = Traits(1 << 15);

    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

pub type VerifyFn = fn(&Context, &Ir, Op) -> Result<(), Diagnostic>;

pub struct OpDef {
    pub name: &'static str,
    pub traits: Traits,
    pub verify: Option<VerifyFn>,
    /// Typed interfaces other crates attach after registration (MLIR's
    /// external models): an interpreter's per-op evaluation, a backend's
    /// per-op code generation. See [`Context::attach_interface`].
    pub interfaces: Interfaces,
}

/// The interfaces attached to one op, at most one value per type.
pub type Interfaces = TypeMap;

/// Values keyed by their type, at most one per type: an op's interfaces, and the
/// registry's tables of the layers above the core.
#[derive(Default)]
pub struct TypeMap(Vec<(std::any::TypeId, Box<dyn std::any::Any + Send + Sync>)>);

impl TypeMap {
    pub fn get<I: std::any::Any>(&self) -> Option<&I> {
        let id = std::any::TypeId::of::<I>();
        self.0
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, v)| v.downcast_ref())
    }

    /// The value of type `I`, inserting `I::default()` first if there is none.
    pub fn get_or_default<I: std::any::Any + Send + Sync + Default>(&mut self) -> &mut I {
        let id = std::any::TypeId::of::<I>();
        let i = match self.0.iter().position(|(t, _)| *t == id) {
            Some(i) => i,
            None => {
                self.0.push((id, Box::new(I::default())));
                self.0.len() - 1
            }
        };
        self.0[i].1.downcast_mut().expect("keyed by its type")
    }

    /// Sets the value of interface `I` (replacing an earlier one).
    pub fn set<I: std::any::Any + Send + Sync>(&mut self, value: I) {
        let id = std::any::TypeId::of::<I>();
        self.0.retain(|(t, _)| *t != id);
        self.0.push((id, Box::new(value)));
    }
}

pub struct DialectDef {
    pub name: &'static str,
    /// Accepts any op of its namespace as a shape-less op (the `test` dialect).
    pub open: bool,
}

#[derive(Default)]
pub struct DialectRegistry {
    dialects: Vec<DialectDef>,
    ops: FxHashMap<Ident, OpDef>,
    /// The tables of the layers above the core, by type: custom-form parsers and
    /// printers, result-name hints, declarative op definitions.
    extensions: TypeMap,
    /// MLIR's `Dialect::verifyOperationAttribute`: checks a discardable attribute
    /// whose name has the dialect's prefix (`device.affinity`), keyed by namespace.
    pub attr_verifiers: FxHashMap<&'static str, DialectAttrVerifyFn>,
    /// MLIR's `Dialect::materializeConstant`, by dialect namespace: builds a
    /// detached constant op of the given value and type (`None`: cannot).
    pub materializers: FxHashMap<&'static str, MaterializeFn>,
}

/// See [`DialectRegistry::materializers`]: value, result type, location.
pub type MaterializeFn = fn(
    &mut Context,
    &mut Ir,
    crate::entity::Attr,
    crate::entity::Type,
    crate::entity::Attr,
) -> Option<Op>;

/// See [`DialectRegistry::attr_verifiers`]: the op, the attribute's name and value.
pub type DialectAttrVerifyFn =
    fn(&Context, &Ir, Op, Ident, crate::entity::Attr) -> Result<(), Diagnostic>;

/// Conversion of a generic form's `<{properties}>` and `{attributes}` for a
/// registered op: inherent attributes move into properties, unknown property keys
/// are dropped; `Err` is reported at the op name. Kept on the op's [`OpDef`] as the
/// [`GenericProps`] interface ([`DialectRegistry::generic_props`]).
pub type GenericPropsFn = fn(
    &mut Context,
    Ident,
    Option<crate::entity::Attr>,
    crate::entity::Attr,
) -> Result<(Option<crate::entity::Attr>, crate::entity::Attr), String>;

/// The op interface holding an op's [`GenericPropsFn`].
#[derive(Clone, Copy)]
pub struct GenericProps(pub GenericPropsFn);

impl DialectRegistry {
    pub fn dialects(&self) -> &[DialectDef] {
        &self.dialects
    }

    #[inline]
    pub fn op_def(&self, name: Ident) -> Option<&OpDef> {
        self.ops.get(&name)
    }

    /// The registered op `name`, to attach interfaces to it.
    pub fn op_def_mut(&mut self, name: Ident) -> Option<&mut OpDef> {
        self.ops.get_mut(&name)
    }

    /// Interface `I` of an op name: one lookup of the op's record, then the
    /// typed value; unregistered ops have none.
    #[inline]
    pub fn op_interface<I: std::any::Any>(&self, name: Ident) -> Option<&I> {
        self.ops.get(&name)?.interfaces.get()
    }

    /// The generic-form property conversion of a registered op, if it has one.
    #[inline]
    pub fn generic_props(&self, name: Ident) -> Option<GenericPropsFn> {
        self.op_interface::<GenericProps>(name).map(|g| g.0)
    }

    pub fn dialect(&self, name: &str) -> Option<&DialectDef> {
        self.dialects.iter().find(|d| d.name == name)
    }

    /// All registered ops, sorted by name.
    pub fn op_defs(&self) -> Vec<&OpDef> {
        let mut v: Vec<&OpDef> = self.ops.values().collect();
        v.sort_by_key(|d| d.name);
        v
    }

    /// The table of type `T` that a layer above the core keeps here, if created.
    #[inline]
    pub fn extension<T: std::any::Any>(&self) -> Option<&T> {
        self.extensions.get()
    }

    /// The table of type `T`, created empty on first use.
    pub fn extension_mut<T: std::any::Any + Send + Sync + Default>(&mut self) -> &mut T {
        self.extensions.get_or_default()
    }
}

impl Context {
    pub fn register_dialect(&mut self, def: DialectDef) {
        if self.registry.dialect(def.name).is_none() {
            self.registry.dialects.push(def);
        }
    }

    pub fn register_op(&mut self, def: OpDef) {
        let id = self.ident(def.name);
        self.registry.ops.insert(id, def);
    }

    /// Attaches interface `I` to the registered op `op` (its full name);
    /// `false` if no such op is registered.
    pub fn attach_interface<I: std::any::Any + Send + Sync>(&mut self, op: &str, value: I) -> bool {
        let Some(id) = self.find_ident(op) else {
            return false;
        };
        match self.registry.op_def_mut(id) {
            Some(def) => {
                def.interfaces.set(value);
                true
            }
            None => false,
        }
    }

    /// Interface `I` of an op name, if attached.
    pub fn op_interface<I: std::any::Any>(&self, name: Ident) -> Option<&I> {
        self.registry.op_interface(name)
    }

    /// The traits of an op name; unregistered ops have none.
    pub fn op_traits(&self, name: Ident) -> Traits {
        self.registry
            .op_def(name)
            .map(|d| d.traits)
            .unwrap_or_default()
    }

    /// Whether an op name is known: registered, or in an open dialect.
    pub fn is_registered_op(&self, name: Ident) -> bool {
        if self.registry.op_def(name).is_some() {
            return true;
        }
        let s = self.str(name);
        let dialect = s.split('.').next().unwrap_or("");
        self.registry.dialect(dialect).is_some_and(|d| d.open)
    }
}
