//! The arith op and predicate names the generators of the differential tests draw
//! from (without the `arith.` prefix).

/// Integer ops of two operands and one result.
pub const INT_BIN: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "ceildivsi",
    "ceildivui",
    "floordivsi",
    "remsi",
    "remui",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrsi",
    "shrui",
    "maxsi",
    "maxui",
    "minsi",
    "minui",
];

/// Float ops of two operands and one result.
pub const FLT_BIN: &[&str] = &[
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
];

/// `cmpi` predicates, in enum order.
pub const CMPI: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `cmpf` predicates, in enum order (`false` = 0 ... `true` = 15).
pub const CMPF: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];
