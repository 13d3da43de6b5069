//! The declarations of `scf.if` and `scf.yield`.

use crate::{syntax, verify};
use xir::dialect::Traits;
use xir::ods::constraints::{ANY_TYPE, I1};
use xir::ods::{OpSpec, RegionSpec, ValueSpec};

pub const IF_NAME: &str = "scf.if";
pub const YIELD_NAME: &str = "scf.yield";

/// `scf.if %c [-> (types)] { then } [else { else }] [attr-dict]`.
pub static IF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("condition", I1)],
    results: &[ValueSpec::many("results", ANY_TYPE)],
    regions: &[RegionSpec::one("thenRegion"), RegionSpec::one("elseRegion")],
    // NO_MEMORY_EFFECT with the walk of nested ops in `is_side_effect_free`
    // is MLIR's `RecursiveMemoryEffects`: an if of pure ops is dead when unused.
    traits: Traits(
        Traits::SINGLE_BLOCK.0 | Traits::NO_REGION_ARGUMENTS.0 | Traits::NO_MEMORY_EFFECT.0,
    ),
    verify: Some(verify::verify_if),
    parse: Some(syntax::parse_if),
    print: Some(syntax::print_if),
    ..OpSpec::new(IF_NAME)
};

/// MLIR's `ParentOneOf` list for `scf.yield` (named in its message, even for
/// the parents xir does not have).
pub const YIELD_PARENTS: &[&str] = &[
    "scf.execute_region",
    "scf.for",
    "scf.if",
    "scf.index_switch",
    "scf.while",
];

pub static YIELD: OpSpec = OpSpec {
    operands: &[ValueSpec::many("results", ANY_TYPE)],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: YIELD_PARENTS,
    format: Some("attr-dict ($results^ `:` type($results))?"),
    ..OpSpec::new(YIELD_NAME)
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 2] = [&IF, &YIELD];
