//! The declaration of one op: operands, results, properties, regions, successors,
//! traits, type relations, verifier, folder and assembly format. Declarations are
//! `static` data; [`super::register_op`] compiles the format once. The custom
//! directives a format may name (`custom<Name>(...)`) are part of the declaration,
//! with the state their parsers fill ([`ParseState`]).

use crate::context::Context;
use crate::dialect::{Traits, VerifyFn};
use crate::entity::{Attr, Block, Ident, Op, Region, Type};
use crate::parser::{OpParseFn, PResult, Parser};
use crate::printer::{Printer, ResultNamesFn};
use crate::store::Ir;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// A type constraint: MLIR's description (used in messages) and its predicate.
#[derive(Copy, Clone)]
pub struct TypeConstraint {
    pub desc: &'static str,
    pub check: fn(&Context, Type) -> bool,
    /// MLIR's buildable types (`index`, `i1`): the custom form may leave
    /// out what such an operand's type is.
    pub buildable: Option<fn(&mut Context) -> Type>,
}

/// An operand or result group.
#[derive(Copy, Clone)]
pub struct ValueSpec {
    pub name: &'static str,
    pub arity: Arity,
    pub ty: TypeConstraint,
}

impl ValueSpec {
    /// Exactly one value.
    pub const fn one(name: &'static str, ty: TypeConstraint) -> ValueSpec {
        ValueSpec {
            name,
            arity: Arity::Single,
            ty,
        }
    }

    /// Zero or one value.
    pub const fn optional(name: &'static str, ty: TypeConstraint) -> ValueSpec {
        ValueSpec {
            name,
            arity: Arity::Optional,
            ty,
        }
    }

    /// Any number of values.
    pub const fn many(name: &'static str, ty: TypeConstraint) -> ValueSpec {
        ValueSpec {
            name,
            arity: Arity::Variadic,
            ty,
        }
    }
}

/// How an attribute is written where a format names it (`$attr`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AttrForm {
    /// Any attribute, with its type.
    Generic,
    /// A string written as a symbol name: `@name` (`SymbolNameAttr`).
    SymbolName,
    /// A flat symbol reference `@name`.
    SymbolRef,
    /// A `TypeAttr`, written as the bare type.
    TypeAttr,
    /// An integer or float attribute of a fixed type, written without it.
    WithoutType,
    /// A string attribute written as a bare keyword or a quoted string.
    Keyword,
    /// An enum: a keyword (or `<kw, kw>` for bit enums) stored as MLIR stores it.
    Enum(&'static super::enum_attr::EnumAttr),
}

/// An attribute constraint. `storage` is the attribute kind the property holds
/// (a mismatch is a property-conversion error); `check` the full predicate.
#[derive(Copy, Clone)]
pub struct AttrConstraint {
    pub desc: &'static str,
    pub storage: fn(&Context, Attr) -> bool,
    pub check: fn(&Context, Attr) -> bool,
    pub form: AttrForm,
    /// The type of `WithoutType` attributes when parsed (`None`: i64).
    pub value_type: Option<fn(&mut Context) -> Type>,
}

/// A property (inherent attribute).
#[derive(Copy, Clone)]
pub struct AttrSpec {
    pub name: &'static str,
    pub constraint: AttrConstraint,
    pub optional: bool,
}

impl AttrSpec {
    pub const fn required(name: &'static str, constraint: AttrConstraint) -> AttrSpec {
        AttrSpec {
            name,
            constraint,
            optional: false,
        }
    }

    pub const fn optional(name: &'static str, constraint: AttrConstraint) -> AttrSpec {
        AttrSpec {
            name,
            constraint,
            optional: true,
        }
    }
}

#[derive(Copy, Clone)]
pub struct RegionSpec {
    pub name: &'static str,
    pub variadic: bool,
}

impl RegionSpec {
    /// One region (not a variadic group).
    pub const fn one(name: &'static str) -> RegionSpec {
        RegionSpec {
            name,
            variadic: false,
        }
    }
}

#[derive(Copy, Clone)]
pub struct SuccessorSpec {
    pub name: &'static str,
    pub variadic: bool,
}

/// `TypesMatchWith`: the types of `rhs` are a function of the (single) type of
/// `lhs`. `infer` builds them when parsing; `matches` checks them when verifying.
#[derive(Copy, Clone)]
pub struct TypeRule {
    pub lhs: &'static str,
    pub rhs: &'static str,
    /// The message after "failed to verify that ".
    pub desc: &'static str,
    pub infer: fn(&mut Context, Type) -> Option<Vec<Type>>,
    pub matches: fn(&Context, Type, &[Type]) -> bool,
}

/// `DefaultValuedAttr`: the value an absent property takes when the op is
/// created; the custom form elides it.
#[derive(Copy, Clone)]
pub struct AttrDefault {
    pub name: &'static str,
    pub value: fn(&mut Context) -> Attr,
    /// Whether an attribute equals the default (the printer cannot intern).
    pub is: fn(&Context, Attr) -> bool,
}

/// A folder: constant attributes of the operands (`None` when not constant) to
/// the folded results (attributes or existing values).
pub type FoldFn = fn(&mut Context, &Ir, Op, &[Option<Attr>]) -> Option<Vec<FoldResult>>;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FoldResult {
    Attr(Attr),
    Value(crate::entity::Value),
}

/// One op, declared once.
pub struct OpSpec {
    pub name: &'static str,
    pub operands: &'static [ValueSpec],
    pub results: &'static [ValueSpec],
    pub attrs: &'static [AttrSpec],
    /// Defaults of `DefaultValuedAttr` properties.
    pub defaults: &'static [AttrDefault],
    pub regions: &'static [RegionSpec],
    pub successors: &'static [SuccessorSpec],
    pub traits: Traits,
    /// `AllTypesMatch` groups (operand/result names).
    pub same_types: &'static [&'static [&'static str]],
    pub type_rules: &'static [TypeRule],
    /// Operand groups whose types the custom form checks against their
    /// constraints before inferring other types from them (sources of a
    /// `TypesMatchWith` transformer): `custom op '...' 'lhs' must be ...`.
    pub parse_checked: &'static [&'static str],
    /// `HasParent<...>`: the op must be nested directly in one of these.
    pub parents: &'static [&'static str],
    /// The op's own verifier, run after the checks derived from the declaration.
    pub verify: Option<VerifyFn>,
    pub fold: Option<FoldFn>,
    /// The assembly format; `None` with `parse`/`print` for hand-written syntax,
    /// `None` without them for generic-form-only ops.
    pub format: Option<&'static str>,
    /// The `custom<Name>` directives the format uses.
    pub custom: &'static [CustomDirective],
    pub parse: Option<OpParseFn>,
    pub print: Option<fn(&mut Printer<'_>, Op)>,
    /// Prefix dropped from op names inside this op's regions (`func`).
    pub default_dialect: &'static str,
    /// Names of results in the custom form (`%cst`), see [`ResultNamesFn`].
    pub result_names: Option<ResultNamesFn>,
}

impl OpSpec {
    /// A declaration with nothing but a name; fill the rest with struct update syntax.
    pub const fn new(name: &'static str) -> OpSpec {
        OpSpec {
            name,
            operands: &[],
            results: &[],
            attrs: &[],
            defaults: &[],
            regions: &[],
            successors: &[],
            traits: Traits::NONE,
            same_types: &[],
            type_rules: &[],
            parse_checked: &[],
            parents: &[],
            verify: None,
            fold: None,
            format: None,
            custom: &[],
            parse: None,
            print: None,
            default_dialect: "",
            result_names: None,
        }
    }

    /// Whether `op` is an instance of this op.
    pub fn is(&self, ctx: &Context, ir: &Ir, op: Op) -> bool {
        ctx.str(ir.op(op).name) == self.name
    }

    pub fn operand_index(&self, name: &str) -> Option<usize> {
        self.operands.iter().position(|o| o.name == name)
    }

    pub fn result_index(&self, name: &str) -> Option<usize> {
        self.results.iter().position(|o| o.name == name)
    }

    pub fn attr_index(&self, name: &str) -> Option<usize> {
        self.attrs.iter().position(|o| o.name == name)
    }

    /// More than one operand group of variable length: sizes are stored in the
    /// `operandSegmentSizes` property.
    pub fn has_operand_segments(&self) -> bool {
        self.operands
            .iter()
            .filter(|o| o.arity != Arity::Single)
            .count()
            > 1
    }

    pub fn has_result_segments(&self) -> bool {
        self.results
            .iter()
            .filter(|o| o.arity != Arity::Single)
            .count()
            > 1
    }
}

/// A hand-written piece of syntax inside a format: `custom<Name>(args)`.
#[derive(Copy, Clone)]
pub struct CustomDirective {
    pub name: &'static str,
    pub parse: for<'a, 'b> fn(&'b mut Parser<'a>, &'b mut ParseState<'a>, &'b [Arg]) -> PResult<()>,
    pub print: fn(&mut Printer<'_>, Op, &[Arg]),
    /// Whether the directive's syntax starts at the current token (when it is the
    /// first element of an optional group).
    pub starts: Option<fn(&Parser<'_>) -> bool>,
}

/// What a `type(...)` / `functional-type(...)` directive refers to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TypeArg {
    Operand(usize),
    Result(usize),
    AllOperands,
    AllResults,
}

/// An argument of a custom directive.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Arg {
    Operand(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
    Type(TypeArg),
    AttrDict,
    Ref(Box<Arg>),
}

impl Arg {
    /// The argument a `ref(...)` wraps (any depth), or the argument itself.
    pub fn unref(&self) -> &Arg {
        let mut a = self;
        while let Arg::Ref(b) = a {
            a = b;
        }
        a
    }

    /// The operand group of directive argument `k`, looking through `ref`.
    pub fn operand_at(args: &[Arg], k: usize) -> Option<usize> {
        match args.get(k).map(Arg::unref) {
            Some(Arg::Operand(i)) => Some(*i),
            _ => None,
        }
    }

    /// The type argument at `k`, looking through `ref`.
    pub fn type_at(args: &[Arg], k: usize) -> Option<TypeArg> {
        match args.get(k).map(Arg::unref) {
            Some(Arg::Type(t)) => Some(*t),
            _ => None,
        }
    }
}

/// An operand as written: `%name#num` at byte offset `off`.
#[derive(Copy, Clone, Debug)]
pub struct OperandRef<'a> {
    pub name: &'a str,
    pub num: u32,
    pub off: u32,
}

/// What the elements parsed so far produced. Custom directives fill it too.
pub struct ParseState<'a> {
    pub spec: &'a OpSpec,
    pub operands: Vec<Vec<OperandRef<'a>>>,
    pub all_operands: Option<Vec<OperandRef<'a>>>,
    pub operand_types: Vec<Option<Vec<Type>>>,
    pub all_operand_types: Option<Vec<Type>>,
    pub result_types: Vec<Option<Vec<Type>>>,
    pub all_result_types: Option<Vec<Type>>,
    pub attrs: Vec<Option<Attr>>,
    /// Discardable attributes from `attr-dict`.
    pub dict: Vec<(Ident, Attr)>,
    pub regions: Vec<Vec<Region>>,
    pub all_regions: Option<Vec<Region>>,
    pub successors: Vec<Vec<Block>>,
    pub all_successors: Option<Vec<Block>>,
    /// Where the op starts (for errors about the op as a whole).
    pub start: u32,
}

impl<'a> ParseState<'a> {
    pub fn new(spec: &'a OpSpec, start: u32) -> Self {
        ParseState {
            spec,
            operands: vec![Vec::new(); spec.operands.len()],
            all_operands: None,
            operand_types: vec![None; spec.operands.len()],
            all_operand_types: None,
            result_types: vec![None; spec.results.len()],
            all_result_types: None,
            attrs: vec![None; spec.attrs.len()],
            dict: Vec::new(),
            regions: vec![Vec::new(); spec.regions.len()],
            all_regions: None,
            successors: vec![Vec::new(); spec.successors.len()],
            all_successors: None,
            start,
        }
    }
}
