//! Simplifying constructors for affine expressions (MLIR's canonical forms).
//!
//! These mirror the folding MLIR applies whenever an expression is built
//! (`AffineExpr::operator+` and friends), so that the parser produces the
//! same trees mlir-opt would print. Constants end up on the right, sums are
//! left-leaning, `a - b` is `a + b * -1`. Folding two constants that would
//! overflow keeps the expression as written; the other constant folds wrap
//! (both as mlir-opt 22 does).
//!
//! Recursion follows the tree depth; callers (the parser) bound the depth of
//! the trees they build, so plain recursion is fine here.

use super::AffineExpr;
use AffineExpr::{Add, CeilDiv, Const, Dim, FloorDiv, Mod, Mul, Symbol};

fn bin(
    make: fn(Box<AffineExpr>, Box<AffineExpr>) -> AffineExpr,
    lhs: AffineExpr,
    rhs: AffineExpr,
) -> AffineExpr {
    make(Box::new(lhs), Box::new(rhs))
}

fn floor_div_i128(l: i128, r: i128) -> i128 {
    l.div_euclid(r) - i128::from(r < 0 && l.rem_euclid(r) != 0)
}

/// `lhs / rhs` rounded toward negative infinity; `None` for a zero divisor or
/// an overflowing quotient (MLIR keeps those unfolded).
fn floor_div_i64(lhs: i64, rhs: i64) -> Option<i64> {
    if rhs == 0 {
        return None;
    }
    i64::try_from(floor_div_i128(lhs.into(), rhs.into())).ok()
}

/// `lhs / rhs` rounded toward positive infinity, as [`floor_div_i64`].
fn ceil_div_i64(lhs: i64, rhs: i64) -> Option<i64> {
    if rhs == 0 {
        return None;
    }
    i64::try_from(-floor_div_i128(-i128::from(lhs), rhs.into())).ok()
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

// The names mirror MLIR's operators; they take both operands by value, so the
// std::ops traits would not fit the parser's use anyway.
#[allow(clippy::should_implement_trait)]
impl AffineExpr {
    pub fn dim(i: u32) -> AffineExpr {
        Dim(i)
    }

    pub fn symbol(i: u32) -> AffineExpr {
        Symbol(i)
    }

    pub fn constant(c: i64) -> AffineExpr {
        Const(c)
    }

    /// The value if this is a constant.
    pub fn as_const(&self) -> Option<i64> {
        match self {
            Const(c) => Some(*c),
            _ => None,
        }
    }

    /// `lhs + rhs`, simplified.
    pub fn add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_add(&lhs, &rhs).unwrap_or_else(|| bin(Add, lhs, rhs))
    }

    /// `lhs - rhs`, i.e. `lhs + rhs * -1`.
    pub fn sub(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::add(lhs, AffineExpr::neg(rhs))
    }

    /// `-e`, i.e. `e * -1`.
    pub fn neg(e: AffineExpr) -> AffineExpr {
        AffineExpr::mul(e, Const(-1))
    }

    /// `lhs * rhs`, simplified. If neither side is symbolic or constant the result
    /// is not affine; it is built unsimplified (the parser rejects it first).
    pub fn mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_mul(&lhs, &rhs).unwrap_or_else(|| bin(Mul, lhs, rhs))
    }

    /// `lhs floordiv rhs`, simplified. Division by a non-positive constant is kept.
    pub fn floor_div(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_floor_div(&lhs, &rhs).unwrap_or_else(|| bin(FloorDiv, lhs, rhs))
    }

    /// `lhs ceildiv rhs`, simplified. Division by a non-positive constant is kept.
    pub fn ceil_div(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_ceil_div(&lhs, &rhs).unwrap_or_else(|| bin(CeilDiv, lhs, rhs))
    }

    /// `lhs mod rhs`, simplified. Modulo by a non-positive constant is kept.
    pub fn modulo(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_mod(&lhs, &rhs).unwrap_or_else(|| bin(Mod, lhs, rhs))
    }

    /// Made only of symbols and constants (no dimensions).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            Const(_) | Symbol(_) => true,
            Dim(_) => false,
            Add(l, r) | Mul(l, r) | FloorDiv(l, r) | CeilDiv(l, r) | Mod(l, r) => {
                l.is_symbolic_or_constant() && r.is_symbolic_or_constant()
            }
        }
    }

    /// Multiplication, floordiv, ceildiv and mod only with respect to constants.
    pub fn is_pure_affine(&self) -> bool {
        match self {
            Const(_) | Symbol(_) | Dim(_) => true,
            Add(l, r) => l.is_pure_affine() && r.is_pure_affine(),
            Mul(l, r) => {
                l.is_pure_affine()
                    && r.is_pure_affine()
                    && (matches!(**l, Const(_)) || matches!(**r, Const(_)))
            }
            FloorDiv(l, r) | CeilDiv(l, r) | Mod(l, r) => {
                l.is_pure_affine() && matches!(**r, Const(_))
            }
        }
    }

    /// The greatest integer known to divide the expression (MLIR's
    /// `getLargestKnownDivisor`, including its wrap-around on overflow).
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            Dim(_) | Symbol(_) => 1,
            CeilDiv(l, r) | FloorDiv(l, r) => match **r {
                Const(c) if c != 0 => {
                    let l = l.largest_known_divisor();
                    if l.wrapping_rem(c) == 0 {
                        l.wrapping_div(c)
                    } else {
                        1
                    }
                }
                _ => 1,
            },
            Const(c) => c.wrapping_abs(),
            Mul(l, r) => l
                .largest_known_divisor()
                .wrapping_mul(r.largest_known_divisor()),
            Add(l, r) | Mod(l, r) => gcd_u64(
                l.largest_known_divisor() as u64,
                r.largest_known_divisor() as u64,
            ) as i64,
        }
    }
}

/// `(c, e)` for `e * c`, else `(1, expr)`.
fn split_coefficient(expr: &AffineExpr) -> (i64, &AffineExpr) {
    if let Mul(l, r) = expr {
        if let Const(c) = **r {
            return (c, l);
        }
    }
    (1, expr)
}

/// `d1 + d0` / `s1 * s0`: two dims or two symbols are ordered by position.
fn out_of_order(lhs: &AffineExpr, rhs: &AffineExpr) -> bool {
    match (lhs, rhs) {
        (Dim(a), Dim(b)) | (Symbol(a), Symbol(b)) => a > b,
        _ => false,
    }
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    if let (Const(a), Const(b)) = (lhs, rhs) {
        // On overflow MLIR keeps the sum as written.
        return a.checked_add(*b).map(Const);
    }
    // Constants, then symbolic terms, go to the right.
    if matches!(lhs, Const(_)) || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant())
    {
        return Some(AffineExpr::add(rhs.clone(), lhs.clone()));
    }
    if out_of_order(lhs, rhs) {
        return Some(AffineExpr::add(rhs.clone(), lhs.clone()));
    }
    if let Const(0) = rhs {
        return Some(lhs.clone());
    }
    // (e + c1) + c2 -> e + (c1 + c2)
    if let (Add(ll, lr), Const(c2)) = (lhs, rhs) {
        if let Const(c1) = **lr {
            return Some(AffineExpr::add((**ll).clone(), Const(c1.wrapping_add(*c2))));
        }
    }
    // e * c1 + e * c2 -> e * (c1 + c2)
    let (c1, first) = split_coefficient(lhs);
    let (c2, second) = split_coefficient(rhs);
    if first == second {
        return Some(AffineExpr::mul(first.clone(), Const(c1.wrapping_add(c2))));
    }
    // (e + c) + f -> (e + f) + c
    if let Add(ll, lr) = lhs {
        if let Const(_) = **lr {
            let inner = AffineExpr::add((**ll).clone(), rhs.clone());
            return Some(AffineExpr::add(inner, (**lr).clone()));
        }
    }
    // e - (e floordiv q) * q -> e mod q
    let Mul(rl, rr) = rhs else {
        return None;
    };
    if let (Const(-1), Mul(a, q)) = (&**rr, &**rl) {
        let FloorDiv(x, q2) = &**a else {
            return None;
        };
        if q2 == q && **x == *lhs {
            return Some(AffineExpr::modulo(lhs.clone(), (**q).clone()));
        }
    }
    // e + (e floordiv c) * -c -> e mod c
    let FloorDiv(x, c) = &**rl else {
        return None;
    };
    if **x == *lhs && **c == AffineExpr::neg((**rr).clone()) {
        return Some(AffineExpr::modulo(lhs.clone(), (**c).clone()));
    }
    // (a + b) + (x floordiv q) * k -> a + (b + (x floordiv q) * k) when the inner
    // sum simplifies, e.g. (s0 + s1) - (s1 floordiv 4) * 4 -> s0 + s1 mod 4.
    // "Simplifies" includes a mere reordering, as in MLIR.
    if let Add(la, lb) = lhs {
        if let Some(inner) = simplify_add(lb, rhs) {
            return Some(AffineExpr::add((**la).clone(), inner));
        }
    }
    None
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    if let (Const(a), Const(b)) = (lhs, rhs) {
        // On overflow MLIR keeps the product as written.
        return a.checked_mul(*b).map(Const);
    }
    let lsym = lhs.is_symbolic_or_constant();
    let rsym = rhs.is_symbolic_or_constant();
    if !lsym && !rsym {
        // Not affine: MLIR asserts here; keep it as written.
        return None;
    }
    if !rsym || matches!(lhs, Const(_)) {
        return Some(AffineExpr::mul(rhs.clone(), lhs.clone()));
    }
    if out_of_order(lhs, rhs) {
        return Some(AffineExpr::mul(rhs.clone(), lhs.clone()));
    }
    match rhs {
        Const(1) => return Some(lhs.clone()),
        Const(0) => return Some(Const(0)),
        _ => {}
    }
    if let Mul(ll, lr) = lhs {
        if let Const(c1) = **lr {
            // (e * c1) * c2 -> e * (c1 * c2)
            if let Const(c2) = rhs {
                return Some(AffineExpr::mul((**ll).clone(), Const(c1.wrapping_mul(*c2))));
            }
            // (e * c) * f -> (e * f) * c
            let inner = AffineExpr::mul((**ll).clone(), rhs.clone());
            return Some(AffineExpr::mul(inner, Const(c1)));
        }
    }
    None
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    // Division by zero is kept as written; negative divisors simplify too.
    let c = match rhs {
        Const(c) if *c != 0 => *c,
        _ => return None,
    };
    if let Const(a) = lhs {
        return floor_div_i64(*a, c).map(Const);
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    match lhs {
        // (e * k) floordiv c -> e * (k / c) when c divides k
        Mul(ll, lr) => {
            if let Some(q) = exact_quotient(lr, c) {
                return Some(AffineExpr::mul((**ll).clone(), Const(q)));
            }
        }
        // (e + f) floordiv c -> e floordiv c + f floordiv c when c divides e or f
        Add(ll, lr)
            if ll.largest_known_divisor().wrapping_rem(c) == 0
                || lr.largest_known_divisor().wrapping_rem(c) == 0 =>
        {
            return Some(AffineExpr::add(
                AffineExpr::floor_div((**ll).clone(), Const(c)),
                AffineExpr::floor_div((**lr).clone(), Const(c)),
            ));
        }
        _ => {}
    }
    None
}

/// `k / c` for a constant `k` that `c` divides (`None` where MLIR would trap).
fn exact_quotient(k: &AffineExpr, c: i64) -> Option<i64> {
    match *k {
        Const(k) if k.wrapping_rem(c) == 0 => k.checked_div(c),
        _ => None,
    }
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = match rhs {
        Const(c) if *c != 0 => *c,
        _ => return None,
    };
    if let Const(a) = lhs {
        return ceil_div_i64(*a, c).map(Const);
    }
    if c == 1 {
        return Some(lhs.clone());
    }
    if let Mul(ll, lr) = lhs {
        if let Some(q) = exact_quotient(lr, c) {
            return Some(AffineExpr::mul((**ll).clone(), Const(q)));
        }
    }
    None
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let c = match rhs {
        Const(c) if *c >= 1 => *c,
        _ => return None,
    };
    if let Const(a) = lhs {
        return Some(Const(a.rem_euclid(c)));
    }
    if lhs.largest_known_divisor() % c == 0 {
        return Some(Const(0));
    }
    match lhs {
        Add(ll, lr) => {
            if ll.largest_known_divisor() % c == 0 {
                return Some(AffineExpr::modulo((**lr).clone(), Const(c)));
            }
            if lr.largest_known_divisor() % c == 0 {
                return Some(AffineExpr::modulo((**ll).clone(), Const(c)));
            }
        }
        // (e mod k) mod c -> e mod c when c divides k
        Mod(ll, lr) => {
            if let Const(k) = **lr {
                if k >= 1 && k.rem_euclid(c) == 0 {
                    return Some(AffineExpr::modulo((**ll).clone(), Const(c)));
                }
            }
        }
        _ => {}
    }
    None
}
