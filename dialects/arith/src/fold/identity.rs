//! MLIR's folds of integer ops that need not every operand constant
//! (`addi x, 0 → x`, `subi x, x → 0`, `maxsi x, MAX → MAX`, ...), tried before the
//! constant fold as MLIR's op folders do, and the `Idempotent` trait fold tried
//! after it. A result is a value or an attribute exactly where MLIR's is, as that
//! decides whether a new constant gets materialised.

use super::elements::{bool_of_shape, element_type, splat_float, splat_int, zero_attr};
use super::int::Int;
use super::int_of;
use xir::ods::FoldResult;
use xir::store::{Ir, ValueDef};
use xir::{Attr, Context, FloatKind, Op, Type, TypeKind, Value};

struct Folding<'a> {
    ctx: &'a mut Context,
    ir: &'a Ir,
    op: Op,
    operands: &'a [Option<Attr>],
}

impl Folding<'_> {
    fn val(&self, i: usize) -> Value {
        self.ir.operand(self.op, i)
    }
    /// Operand `i` as an integer constant or splat.
    fn cst(&self, i: usize) -> Option<Int> {
        splat_int(self.ctx, (*self.operands.get(i)?)?)
    }
    /// Whether the rhs is a float constant or splat that passes `test`.
    fn rhs_float(&self, test: FloatTest) -> bool {
        self.fcst(1).is_some_and(|(k, b)| float_is(k, b, test))
    }
    /// Operand `i` as a float constant or splat.
    fn fcst(&self, i: usize) -> Option<(FloatKind, u128)> {
        splat_float(self.ctx, (*self.operands.get(i)?)?)
    }
    fn rhs_is(&self, f: impl Fn(&Int) -> bool) -> bool {
        self.cst(1).is_some_and(|c| f(&c))
    }
    fn ty(&self) -> Type {
        self.ir.value_type(self.ir.result(self.op, 0))
    }
    /// The zero of the result type (none for a dynamic shape).
    fn zero(&mut self) -> Option<FoldResult> {
        let ty = self.ty();
        zero_attr(self.ctx, ty).map(FoldResult::Attr)
    }
    /// The (name, lhs, rhs) of the op defining `v`, when it is a binary arith op.
    fn def(&self, v: Value) -> Option<(&str, Value, Value)> {
        let ValueDef::Result { op, .. } = self.ir.value(v).def else {
            return None;
        };
        if self.ir.num_operands(op) != 2 {
            return None;
        }
        let name = self.ctx.str(self.ir.op(op).name);
        Some((name, self.ir.operand(op, 0), self.ir.operand(op, 1)))
    }
    /// `def(v)` is `xori(x, all-ones)`: returns x and the all-ones value.
    fn not_of(&self, v: Value) -> Option<(Value, Value)> {
        let (name, x, ones) = self.def(v)?;
        if name != "arith.xori" {
            return None;
        }
        let c = xir::rewrite::fold::value_constant(self.ctx, self.ir, ones)?;
        let c = splat_int(self.ctx, c)?;
        c.is_all_ones().then_some((x, ones))
    }
}

/// The fold of integer op `name` (without `arith.`) before constant folding.
pub fn before_constant(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    name: &str,
    operands: &[Option<Attr>],
) -> Option<FoldResult> {
    if ir.num_operands(op) != 2 || ir.results(op).len() != 1 {
        return None;
    }
    let mut f = Folding {
        ctx,
        ir,
        op,
        operands,
    };
    let (l, r) = (f.val(0), f.val(1));
    let v = FoldResult::Value;
    match name {
        "addi" => f.addi(l, r),
        "subi" => f.subi(l, r),
        "muli" if f.rhs_is(Int::is_zero) => Some(v(r)),
        "muli" | "divui" | "divsi" | "ceildivui" | "ceildivsi" | "floordivsi"
            if f.rhs_is(Int::is_one) =>
        {
            Some(v(l))
        }
        "divui" | "divsi" => f.div_of_mul(name == "divui", l, r),
        "remui" | "remsi" if f.rhs_is(Int::is_one) => f.zero(),
        "andi" => f.andi(l, r),
        "ori" => f.ori(l, r),
        "xori" => f.xori(l, r),
        "shli" | "shrui" | "shrsi" if f.rhs_is(Int::is_zero) => Some(v(l)),
        "maxsi" | "maxui" | "minsi" | "minui" => f.int_min_max(name, l, r),
        "cmpi" => cmpi(&mut f),
        "addf" if f.rhs_float(FloatTest::NegZero) => Some(v(l)),
        "subf" if f.rhs_float(FloatTest::PosZero) => Some(v(l)),
        "mulf" | "divf" if f.rhs_float(FloatTest::One) => Some(v(l)),
        "mulf"
            if fastmath(f.ctx, ir, op) & NNAN_NSZ == NNAN_NSZ
                && f.rhs_float(FloatTest::AnyZero) =>
        {
            Some(v(r))
        }
        "maximumf" | "maxnumf" | "minimumf" | "minnumf" => f.float_min_max(name, l, r),
        _ => None,
    }
}

/// The folds of each op with more than one rule (`l`, `r`: its operands).
impl Folding<'_> {
    fn addi(&self, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if self.rhs_is(Int::is_zero) {
            return Some(v(l));
        }
        if let Some(("arith.subi", a, b)) = self.def(l) {
            if b == r {
                return Some(v(a));
            }
        }
        match self.def(r) {
            Some(("arith.subi", a, b)) if b == l => Some(v(a)),
            _ => None,
        }
    }

    fn subi(&mut self, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if l == r {
            if let Some(z) = self.zero() {
                return Some(z);
            }
        }
        if self.rhs_is(Int::is_zero) {
            return Some(v(l));
        }
        match self.def(l) {
            Some(("arith.addi", a, b)) if b == r => Some(v(a)),
            Some(("arith.addi", a, b)) if a == r => Some(v(b)),
            _ => None,
        }
    }

    /// (a * b) / b → a when the multiplication cannot wrap (nuw for
    /// `unsigned`, else nsw).
    fn div_of_mul(&self, unsigned: bool, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        let (_, a, b) = self.def(l).filter(|d| d.0 == "arith.muli")?;
        let ValueDef::Result { op: mul, .. } = self.ir.value(l).def else {
            return None;
        };
        let need = if unsigned { 2 } else { 1 };
        let flags = xir::symbol::op_attr(self.ctx, self.ir, mul, "overflowFlags")
            .and_then(|a| crate::constraints::OVERFLOW.value(self.ctx, a))
            .unwrap_or(0);
        if flags & need != need {
            return None;
        }
        if a == r {
            Some(v(b))
        } else if b == r {
            Some(v(a))
        } else {
            None
        }
    }

    fn andi(&mut self, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if self.rhs_is(Int::is_zero) {
            return Some(v(r));
        }
        if self.rhs_is(Int::is_all_ones) {
            return Some(v(l));
        }
        if self.not_of(r).is_some_and(|(x, _)| x == l)
            || self.not_of(l).is_some_and(|(x, _)| x == r)
        {
            return self.zero();
        }
        // and(a, and(a, b)) → and(a, b), and the mirrored forms.
        for (x, y) in [(l, r), (r, l)] {
            if let Some(("arith.andi", a, b)) = self.def(y) {
                if a == x || b == x {
                    return Some(v(y));
                }
            }
        }
        None
    }

    fn ori(&self, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if self.rhs_is(Int::is_zero) {
            return Some(v(l));
        }
        if self.rhs_is(Int::is_all_ones) {
            return Some(FoldResult::Attr(self.operands[1].expect("constant rhs")));
        }
        if let Some((x, ones)) = self.not_of(r) {
            if x == l {
                return Some(v(ones));
            }
        }
        match self.not_of(l) {
            Some((x, ones)) if x == r => Some(v(ones)),
            _ => None,
        }
    }

    fn xori(&mut self, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if self.rhs_is(Int::is_zero) {
            return Some(v(l));
        }
        if l == r {
            return self.zero();
        }
        if let Some(("arith.xori", a, b)) = self.def(l) {
            if b == r {
                return Some(v(a));
            }
            if a == r {
                return Some(v(b));
            }
        }
        match self.def(r) {
            Some(("arith.xori", a, b)) if b == l => Some(v(a)),
            Some(("arith.xori", a, b)) if a == l => Some(v(b)),
            _ => None,
        }
    }

    /// `maxsi`, `maxui`, `minsi`, `minui`: x op x, and a constant rhs that
    /// absorbs or is neutral.
    fn int_min_max(&self, name: &str, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if l == r {
            return Some(v(r));
        }
        let c = self.cst(1)?;
        let (absorbing, neutral) = match name {
            "maxsi" => (c.is_signed_max(), c.is_signed_min()),
            "minsi" => (c.is_signed_min(), c.is_signed_max()),
            "maxui" => (c.is_all_ones(), c.is_zero()),
            _ => (c.is_zero(), c.is_all_ones()),
        };
        if absorbing {
            Some(v(r))
        } else if neutral {
            Some(v(l))
        } else {
            None
        }
    }

    /// `maximumf`, `maxnumf`, `minimumf`, `minnumf`: x op x, and a neutral
    /// constant rhs.
    fn float_min_max(&self, name: &str, l: Value, r: Value) -> Option<FoldResult> {
        let v = FoldResult::Value;
        if l == r {
            return Some(v(r));
        }
        let test = match name {
            "maximumf" => FloatTest::NegInf,
            "minimumf" => FloatTest::PosInf,
            _ => FloatTest::NaN,
        };
        if self.rhs_float(test) {
            Some(v(l))
        } else {
            None
        }
    }
}

#[derive(Copy, Clone)]
enum FloatTest {
    NegZero,
    PosZero,
    AnyZero,
    One,
    NegInf,
    PosInf,
    NaN,
}

/// MLIR's float constant matchers (`m_NegZeroFloat`, `m_OneFloat`, ...).
fn float_is(kind: FloatKind, bits: u128, test: FloatTest) -> bool {
    let Some(cls) = super::float::classify(kind, bits) else {
        return false;
    };
    match test {
        FloatTest::NegZero => cls.zero && cls.negative,
        FloatTest::PosZero => cls.zero && !cls.negative,
        FloatTest::AnyZero => cls.zero,
        FloatTest::One => cls.one,
        FloatTest::NegInf => cls.inf && cls.negative,
        FloatTest::PosInf => cls.inf && !cls.negative,
        FloatTest::NaN => cls.nan,
    }
}

const NNAN_NSZ: u64 = 2 | 8;

/// The op's `#arith.fastmath` flags (0 when absent).
fn fastmath(ctx: &Context, ir: &Ir, op: Op) -> u64 {
    xir::symbol::op_attr(ctx, ir, op, "fastmath")
        .and_then(|a| crate::constraints::FASTMATH.value(ctx, a))
        .unwrap_or(0)
}

/// Folds of one-operand ops that need no constant: `negf(negf x) → x`, a cast to
/// its operand's own type (the `CastOpInterface` trait fold), `index_cast` of
/// `index_cast` back to the original type when the middle type is not narrower,
/// `extf(truncf x) → x` when both carry `contract`, `truncf(extf x) → x` and
/// `trunci(ext x) → x` back to the original type.
pub fn unary(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Option<FoldResult> {
    if ir.num_operands(op) != 1 || ir.results(op).len() != 1 {
        return None;
    }
    let x = ir.operand(op, 0);
    let res_ty = ir.value_type(ir.result(op, 0));
    let def = |v: Value| -> Option<(&str, Op)> {
        let ValueDef::Result { op: d, .. } = ir.value(v).def else {
            return None;
        };
        Some((ctx.str(ir.op(d).name), d))
    };
    let inner = def(x);
    let src_of = |d: Op| ir.operand(d, 0);
    match (name, inner) {
        ("negf", Some(("arith.negf", d))) => Some(FoldResult::Value(src_of(d))),
        ("trunci", Some(("arith.extui" | "arith.extsi", d))) => {
            let src = src_of(d);
            let (st, dt) = (
                element_type(ctx, ir.value_type(src)),
                element_type(ctx, res_ty),
            );
            (st == dt).then_some(FoldResult::Value(src))
        }
        ("truncf", Some(("arith.extf", d))) => {
            let src = src_of(d);
            let st = element_type(ctx, ir.value_type(src));
            let mid = element_type(ctx, ir.value_type(x));
            let dt = element_type(ctx, res_ty);
            (st == dt && representable(ctx, st, mid)).then_some(FoldResult::Value(src))
        }
        ("extf", Some(("arith.truncf", d))) => {
            let src = src_of(d);
            let contract = |o: Op| fastmath(ctx, ir, o) & CONTRACT != 0;
            (ir.value_type(src) == res_ty && contract(d) && contract(op))
                .then_some(FoldResult::Value(src))
        }
        ("index_cast" | "index_castui", Some((inner_name, d)))
            if inner_name.strip_prefix("arith.") == Some(name) =>
        {
            let src = src_of(d);
            let w = |t: Type| match ctx.type_kind(element_type(ctx, t)) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            (ir.value_type(src) == res_ty && w(ir.value_type(x)) >= w(ir.value_type(src)))
                .then_some(FoldResult::Value(src))
        }
        _ => None,
    }
}

/// The trait fold of `CastOpInterface` ops: a cast to the operand's own type.
pub fn identity_cast(ir: &Ir, op: Op) -> Option<FoldResult> {
    let x = ir.operand(op, 0);
    (ir.value_type(x) == ir.value_type(ir.result(op, 0))).then_some(FoldResult::Value(x))
}

const CONTRACT: u64 = 32;

/// Whether every value of float type `from` is exact in `to`
/// (`APFloatBase::isRepresentableBy`).
fn representable(ctx: &Context, from: Type, to: Type) -> bool {
    match (ctx.type_kind(from), ctx.type_kind(to)) {
        (TypeKind::Float(a), TypeKind::Float(b)) => super::float::representable_by(*a, *b),
        _ => false,
    }
}

/// `cmpi` folds before the constant fold (the swap of a constant lhs is in-place,
/// a canonicalisation pattern).
fn cmpi(f: &mut Folding<'_>) -> Option<FoldResult> {
    let (l, r) = (f.val(0), f.val(1));
    let pred = xir::symbol::op_attr(f.ctx, f.ir, f.op, "predicate")
        .and_then(|a| int_of(f.ctx, a))?
        .low_u128();
    if l == r {
        // eq, sle, sge, ule, uge hold for equal operands; a dynamic shape has no
        // constant, and then nothing folds.
        let holds = matches!(pred, 0 | 3 | 5 | 7 | 9);
        let ty = f.ty();
        return bool_of_shape(f.ctx, ty, holds).map(FoldResult::Attr);
    }
    let is_i1 = |f: &Folding<'_>, v: Value| {
        let t = element_type(f.ctx, f.ir.value_type(v));
        matches!(f.ctx.type_kind(t), TypeKind::Integer { width: 1, .. })
    };
    if f.rhs_is(Int::is_zero) {
        // cmpi ne, ext(%x : i1), 0 → %x (scalars and vectors, not tensors)
        if let ValueDef::Result { op: ext, .. } = f.ir.value(l).def {
            let name = f.ctx.str(f.ir.op(ext).name);
            if (name == "arith.extsi" || name == "arith.extui") && pred == 1 {
                let x = f.ir.operand(ext, 0);
                let xt = f.ir.value_type(x);
                let w1 = match f.ctx.type_kind(xt) {
                    TypeKind::Integer { width, .. } => *width == 1,
                    TypeKind::Vector { element, .. } => matches!(
                        f.ctx.type_kind(*element),
                        TypeKind::Integer { width: 1, .. }
                    ),
                    _ => false,
                };
                if w1 {
                    return Some(FoldResult::Value(x));
                }
            }
        }
        if is_i1(f, l) && pred == 1 {
            return Some(FoldResult::Value(l));
        }
    }
    if f.rhs_is(Int::is_one) && is_i1(f, l) && pred == 0 {
        return Some(FoldResult::Value(l));
    }
    None
}

/// The `Idempotent` trait fold (after the constant fold): `op(x, x) → x`.
pub fn idempotent(ir: &Ir, op: Op, name: &str) -> Option<FoldResult> {
    if !matches!(name, "andi" | "ori") || ir.num_operands(op) != 2 {
        return None;
    }
    let (l, r) = (ir.operand(op, 0), ir.operand(op, 1));
    (l == r).then_some(FoldResult::Value(l))
}
