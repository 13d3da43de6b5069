//! Printing affine expressions, maps and sets as MLIR does.
//!
//! Recursion follows the tree depth, which the parser bounds.

use super::{AffineExpr, AffineMap, IntegerSet};
use std::fmt::Write;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Binding {
    Weak,
    Strong,
}

/// Prints `e` with dims as `d<i>` and symbols as `s<i>`.
pub fn print_affine_expr(e: &AffineExpr, out: &mut String) {
    print_affine_expr_with(e, out, &mut default_name);
}

/// Prints `e`, naming dim/symbol `i` through `name(i, is_symbol, out)` (custom
/// op syntaxes print SSA operands in place of `d0`/`s0`).
pub fn print_affine_expr_with(
    e: &AffineExpr,
    out: &mut String,
    name: &mut dyn FnMut(u32, bool, &mut String),
) {
    print_expr(e, Binding::Weak, out, name);
}

fn default_name(i: u32, is_symbol: bool, out: &mut String) {
    let _ = write!(out, "{}{}", if is_symbol { 's' } else { 'd' }, i);
}

fn print_expr(
    e: &AffineExpr,
    enclosing: Binding,
    out: &mut String,
    name: &mut dyn FnMut(u32, bool, &mut String),
) {
    let (lhs, rhs, spelling) = match e {
        AffineExpr::Dim(i) => return name(*i, false, out),
        AffineExpr::Symbol(i) => return name(*i, true, out),
        AffineExpr::Const(c) => {
            let _ = write!(out, "{c}");
            return;
        }
        AffineExpr::Add(l, r) => (l, r, " + "),
        AffineExpr::Mul(l, r) => (l, r, " * "),
        AffineExpr::FloorDiv(l, r) => (l, r, " floordiv "),
        AffineExpr::CeilDiv(l, r) => (l, r, " ceildiv "),
        AffineExpr::Mod(l, r) => (l, r, " mod "),
    };
    let strong = enclosing == Binding::Strong;
    if strong {
        out.push('(');
    }
    if !matches!(e, AffineExpr::Add(..)) {
        if matches!(e, AffineExpr::Mul(..)) && **rhs == AffineExpr::Const(-1) {
            // `e * -1` prints as `-e`.
            out.push('-');
            print_expr(lhs, Binding::Strong, out, name);
        } else {
            print_expr(lhs, Binding::Strong, out, name);
            out.push_str(spelling);
            print_expr(rhs, Binding::Strong, out, name);
        }
    } else {
        print_add(lhs, rhs, out, name);
    }
    if strong {
        out.push(')');
    }
}

/// `l + r`, with additions of negated terms printed as subtractions.
fn print_add(
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    out: &mut String,
    name: &mut dyn FnMut(u32, bool, &mut String),
) {
    if let AffineExpr::Mul(rl, rr) = rhs {
        if let AffineExpr::Const(c) = **rr {
            if c == -1 {
                print_expr(lhs, Binding::Weak, out, name);
                out.push_str(" - ");
                let b = if matches!(**rl, AffineExpr::Add(..)) {
                    Binding::Strong
                } else {
                    Binding::Weak
                };
                print_expr(rl, b, out, name);
                return;
            }
            if c < -1 {
                print_expr(lhs, Binding::Weak, out, name);
                out.push_str(" - ");
                print_expr(rl, Binding::Strong, out, name);
                let _ = write!(out, " * {}", c.wrapping_neg());
                return;
            }
        }
    }
    if let AffineExpr::Const(c) = *rhs {
        if c < 0 {
            print_expr(lhs, Binding::Weak, out, name);
            let _ = write!(out, " - {}", c.wrapping_neg());
            return;
        }
    }
    print_expr(lhs, Binding::Weak, out, name);
    out.push_str(" + ");
    print_expr(rhs, Binding::Weak, out, name);
}

fn print_ids(out: &mut String, num_dims: u32, num_symbols: u32) {
    out.push('(');
    for i in 0..num_dims {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "d{i}");
    }
    out.push(')');
    if num_symbols != 0 {
        out.push('[');
        for i in 0..num_symbols {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "s{i}");
        }
        out.push(']');
    }
}

/// `(d0, d1)[s0] -> (d0 + s0, d1)` (without the `affine_map<...>` wrapper).
pub fn print_affine_map(m: &AffineMap, out: &mut String) {
    print_ids(out, m.num_dims, m.num_symbols);
    out.push_str(" -> (");
    for (i, e) in m.results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_affine_expr(e, out);
    }
    out.push(')');
}

/// `(d0)[s0] : (d0 - s0 >= 0)` (without the `affine_set<...>` wrapper). No
/// constraints print `()`; MLIR's parser turns `affine_set<() : ()>` into the
/// single constraint `0 == 0`.
pub fn print_integer_set(s: &IntegerSet, out: &mut String) {
    print_ids(out, s.num_dims, s.num_symbols);
    out.push_str(" : (");
    for (i, c) in s.constraints.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_affine_expr(&c.expr, out);
        out.push_str(if c.is_eq { " == 0" } else { " >= 0" });
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::affine::AffineConstraint;

    /// Test-only parser of affine expressions with MLIR's precedence that builds
    /// trees through the simplifying constructors, the way the real parser does.
    struct P<'a> {
        s: &'a [u8],
        i: usize,
    }

    impl P<'_> {
        fn ws(&mut self) {
            while self.i < self.s.len() && self.s[self.i] == b' ' {
                self.i += 1;
            }
        }
        fn eat(&mut self, t: &str) -> bool {
            self.ws();
            if self.s[self.i..].starts_with(t.as_bytes()) {
                self.i += t.len();
                true
            } else {
                false
            }
        }
        fn num(&mut self) -> u64 {
            let st = self.i;
            while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                self.i += 1;
            }
            std::str::from_utf8(&self.s[st..self.i])
                .unwrap()
                .parse()
                .unwrap()
        }
        fn primary(&mut self) -> AffineExpr {
            self.ws();
            if self.eat("(") {
                let e = self.expr();
                assert!(self.eat(")"));
                return e;
            }
            if self.eat("-") {
                return AffineExpr::neg(self.primary());
            }
            if self.eat("d") {
                return AffineExpr::dim(self.num() as u32);
            }
            if self.eat("s") {
                return AffineExpr::symbol(self.num() as u32);
            }
            AffineExpr::constant(self.num() as i64)
        }
        fn term(&mut self) -> AffineExpr {
            let mut e = self.primary();
            loop {
                if self.eat("*") {
                    e = AffineExpr::mul(e, self.primary());
                } else if self.eat("floordiv") {
                    e = AffineExpr::floor_div(e, self.primary());
                } else if self.eat("ceildiv") {
                    e = AffineExpr::ceil_div(e, self.primary());
                } else if self.eat("mod") {
                    e = AffineExpr::modulo(e, self.primary());
                } else {
                    return e;
                }
            }
        }
        fn expr(&mut self) -> AffineExpr {
            let mut e = self.term();
            loop {
                if self.eat("+") {
                    e = AffineExpr::add(e, self.term());
                } else if self.eat("-") {
                    e = AffineExpr::sub(e, self.term());
                } else {
                    return e;
                }
            }
        }
    }

    fn parse(s: &str) -> AffineExpr {
        let mut p = P {
            s: s.as_bytes(),
            i: 0,
        };
        let e = p.expr();
        p.ws();
        assert_eq!(p.i, s.len(), "trailing input in {s}");
        e
    }

    /// (input as written in `affine_map<(d0, d1, d2)[s0, s1] -> (...)>`, mlir-opt 22's output).
    const TABLE: &[(&str, &str)] = &[
        ("d1 + d0", "d0 + d1"),
        ("s1 + s0", "s0 + s1"),
        ("d2 + d1 + d0", "d1 + d2 + d0"),
        ("d1 + d0 + 1", "d0 + d1 + 1"),
        ("d1 + d0 * 2", "d1 + d0 * 2"),
        ("d1 * 2 + d0", "d1 * 2 + d0"),
        ("d2 + d0 + d1", "d0 + d2 + d1"),
        ("(d1 + d2) + d0", "d1 + d2 + d0"),
        ("d1 + (d0 + d2)", "d1 + d0 + d2"),
        ("s1 + s0 + d1 + d0", "d1 + s0 + s1 + d0"),
        ("d1 + 1 + d0", "d0 + d1 + 1"),
        ("(d1 + 1) + (d0 + 2)", "d1 + d0 + 2 + 1"),
        ("d1 + d0 + d1", "d0 + d1 + d1"),
        ("d1 * 2 + d1 + d0", "d1 * 3 + d0"),
        ("d1 + (d1 + d0)", "d1 + d0 + d1"),
        ("d1 + 2 + d0 * 3", "d1 + d0 * 3 + 2"),
        ("s1 * s0", "s0 * s1"),
        ("d0 * (s1 * s0)", "d0 * (s0 * s1)"),
        ("s1 + d0", "d0 + s1"),
        ("1 + s1 + s0", "s0 + s1 + 1"),
        ("s1 floordiv 2 + s0", "s1 floordiv 2 + s0"),
        ("d1 + 0 + d0", "d0 + d1"),
        ("d0", "d0"),
        ("s0", "s0"),
        ("42", "42"),
        ("-7", "-7"),
        ("d0 + 1", "d0 + 1"),
        ("1 + d0", "d0 + 1"),
        ("d0 + 1 + d1 * 2", "d0 + d1 * 2 + 1"),
        ("d0 + d1 * 2 - s0", "d0 + d1 * 2 - s0"),
        ("d0 - 1", "d0 - 1"),
        ("d0 - d1", "d0 - d1"),
        ("-d0", "-d0"),
        ("d0 * -1", "-d0"),
        ("-(d0 + d1)", "-(d0 + d1)"),
        ("d0 - (d1 + d0)", "d0 - (d0 + d1)"),
        ("d0 * 2", "d0 * 2"),
        ("2 * d0", "d0 * 2"),
        ("d0 * -3", "d0 * -3"),
        ("d0 - d1 * 3", "d0 - d1 * 3"),
        ("d0 + d1 * -3", "d0 - d1 * 3"),
        ("3 * d0 * 4", "d0 * 12"),
        ("(d0 * 2) * s0", "(d0 * s0) * 2"),
        ("s0 * d0", "d0 * s0"),
        ("d0 * s0", "d0 * s0"),
        ("d0 * s0 * 2", "(d0 * s0) * 2"),
        ("d0 * 2 * s0", "(d0 * s0) * 2"),
        ("d0 floordiv 2", "d0 floordiv 2"),
        ("d0 ceildiv 2", "d0 ceildiv 2"),
        ("d0 mod 2", "d0 mod 2"),
        ("d0 floordiv 1", "d0"),
        ("d0 ceildiv 1", "d0"),
        ("d0 mod 1", "0"),
        ("d0 floordiv 0", "d0 floordiv 0"),
        ("d0 mod 0", "d0 mod 0"),
        ("d0 ceildiv 0", "d0 ceildiv 0"),
        ("d0 floordiv -2", "d0 floordiv -2"),
        ("d0 mod -3", "d0 mod -3"),
        ("7 floordiv 2", "3"),
        ("-7 floordiv 2", "-4"),
        ("7 ceildiv 2", "4"),
        ("-7 ceildiv 2", "-3"),
        ("7 mod 3", "1"),
        ("-7 mod 3", "2"),
        ("(d0 * 128) floordiv 64", "d0 * 2"),
        ("(d0 * 128) ceildiv 64", "d0 * 2"),
        ("(d0 * 128) mod 64", "0"),
        ("(d0 * 6) floordiv 4", "(d0 * 6) floordiv 4"),
        ("(d0 * 4 + d1) floordiv 4", "d0 + d1 floordiv 4"),
        ("(d0 + d1 * 4) floordiv 4", "d0 floordiv 4 + d1"),
        ("(d0 * 4 + d1) mod 4", "d1 mod 4"),
        ("(d0 + d1 * 4) mod 4", "d0 mod 4"),
        ("(d0 mod 8) mod 4", "d0 mod 4"),
        ("(d0 mod 6) mod 4", "(d0 mod 6) mod 4"),
        ("d0 + 2 + 3", "d0 + 5"),
        ("d0 + 2 + d1", "d0 + d1 + 2"),
        ("d0 + d0", "d0 * 2"),
        ("d0 * 2 + d0 * 3", "d0 * 5"),
        ("d0 - d0", "0"),
        ("d0 * 2 - d0 * 2", "0"),
        ("d0 - (d0 floordiv 4) * 4", "d0 mod 4"),
        ("d0 - (d0 floordiv s0) * s0", "d0 mod s0"),
        ("d0 + (d0 floordiv 4) * -4", "d0 mod 4"),
        ("d0 floordiv s0", "d0 floordiv s0"),
        ("d0 mod s0", "d0 mod s0"),
        ("d0 ceildiv s0", "d0 ceildiv s0"),
        ("(d0 + d1) floordiv 2", "(d0 + d1) floordiv 2"),
        ("(d0 + d1) * 2", "(d0 + d1) * 2"),
        ("((d0 + d1) floordiv 2) * 3", "((d0 + d1) floordiv 2) * 3"),
        ("d0 * 3 floordiv 2", "(d0 * 3) floordiv 2"),
        ("(d0 floordiv 2) floordiv 3", "(d0 floordiv 2) floordiv 3"),
        ("d0 floordiv (2 * 3)", "d0 floordiv 6"),
        ("s0 + d0", "d0 + s0"),
        ("s0 + 1 + d0", "d0 + s0 + 1"),
        ("1 + s0 + d0 + 2", "d0 + s0 + 1 + 2"),
        ("d0 * (s0 + 1)", "d0 * (s0 + 1)"),
        ("(s0 + 1) * d0", "d0 * (s0 + 1)"),
        ("(d0 + 1) * -1", "-(d0 + 1)"),
        ("d0 - (d1 + 1)", "d0 - (d1 + 1)"),
        ("d0 + (d1 + 1) * -2", "d0 - (d1 + 1) * 2"),
        ("d0 + s0 * -2", "d0 - s0 * 2"),
        ("0 + d0", "d0"),
        ("d0 * 0", "0"),
        ("d0 * 1", "d0"),
        ("0 * d0", "0"),
        ("d0 + 0", "d0"),
        ("(d0 + d1) mod 2 + 1", "(d0 + d1) mod 2 + 1"),
        ("-(d0 mod 2)", "-(d0 mod 2)"),
        ("-(d0 floordiv 2)", "-(d0 floordiv 2)"),
        ("d0 - (d1 mod 2)", "d0 - d1 mod 2"),
        ("d0 - (d1 floordiv 2) * 3", "d0 - (d1 floordiv 2) * 3"),
        ("-d0 + 1", "-d0 + 1"),
        ("-d0 - d1", "-d0 - d1"),
        ("-(d0 * 2)", "d0 * -2"),
        ("(d0 * s0) floordiv 2", "(d0 * s0) floordiv 2"),
        ("(d0 * s0) mod s0", "(d0 * s0) mod s0"),
        ("(d0 * s0) floordiv s0", "(d0 * s0) floordiv s0"),
        ("d0 * s0 * s1", "(d0 * s0) * s1"),
        ("s0 * s1 * d0", "d0 * (s0 * s1)"),
        ("d1 + d0", "d0 + d1"),
        ("d0 + s0 + d1", "d0 + s0 + d1"),
        ("d0 + (d1 + d2)", "d0 + d1 + d2"),
        ("(d0 + 1) + (d1 + 2)", "d0 + d1 + 2 + 1"),
        ("d0 + (d1 + 2)", "d0 + d1 + 2"),
        ("9223372036854775807 + 1", "9223372036854775807 + 1"),
        ("(-9223372036854775807 - 1) * -1", "--9223372036854775808"),
        (
            "d0 + (-9223372036854775807 - 1)",
            "d0 - -9223372036854775808",
        ),
        (
            "d0 * (-9223372036854775807 - 1)",
            "d0 * -9223372036854775808",
        ),
        ("d0 - 9223372036854775807", "d0 - 9223372036854775807"),
        ("(d0 + 2) floordiv 2", "d0 floordiv 2 + 1"),
        ("(d0 * 2 + 3) floordiv 2", "d0 + 1"),
        ("(d0 * 2 + 4) floordiv 2", "d0 + 2"),
        ("(d0 * 2 + 4) mod 2", "0"),
        ("(d0 * 2 + 3) mod 2", "1"),
        ("d0 * 4 mod 6", "(d0 * 4) mod 6"),
        (
            "(d0 floordiv 3) * 3 + d0 mod 3",
            "(d0 floordiv 3) * 3 + d0 mod 3",
        ),
        ("d0 ceildiv 4 * 4", "(d0 ceildiv 4) * 4"),
        ("d0 mod 4 * -1", "-(d0 mod 4)"),
        ("(d0 + d1) * -1 + d2", "-(d0 + d1) + d2"),
        ("d2 - (d0 + d1)", "d2 - (d0 + d1)"),
        ("d0 - (d1 - d2)", "d0 - (d1 - d2)"),
        ("s0 - s1", "s0 - s1"),
        ("s0 * -1", "-s0"),
        ("-s0 - 1", "-s0 - 1"),
        ("-1 - s0", "-s0 - 1"),
        ("d0 * s0 + d1 * s0", "d0 * s0 + d1 * s0"),
        ("d0 + 9223372036854775807 + 1", "d0 - -9223372036854775808"),
        ("d0 + 9223372036854775807 + 9223372036854775807", "d0 - 2"),
        ("d0 * 9223372036854775807 + d0", "d0 * -9223372036854775808"),
        (
            "d0 * 9223372036854775807 + d0 * 9223372036854775807",
            "d0 * -2",
        ),
        ("d0 * 4611686018427387904 * 2", "d0 * -9223372036854775808"),
        ("d0 * 4611686018427387904 * 4", "0"),
        (
            "(d0 * 4611686018427387904 * 2) floordiv 3",
            "(d0 * -9223372036854775808) floordiv 3",
        ),
        ("(d0 * 4611686018427387904) * 4 mod 3", "0"),
        (
            "d0 + 9223372036854775807 + d1",
            "d0 + d1 + 9223372036854775807",
        ),
        (
            "(d0 * 2 + d1 * 4611686018427387904 * 2) mod 4",
            "(d0 * 2) mod 4",
        ),
        (
            "(d0 * 4611686018427387904 + d1 * 4611686018427387904) mod 5",
            "(d0 * 4611686018427387904 + d1 * 4611686018427387904) mod 5",
        ),
        ("-(-9223372036854775807 - 1)", "--9223372036854775808"),
        (
            "d0 - (-9223372036854775807 - 1)",
            "d0 - -9223372036854775808",
        ),
        (
            "(-9223372036854775807 - 1) floordiv 2",
            "-4611686018427387904",
        ),
        (
            "(-9223372036854775807 - 1) ceildiv 2",
            "-4611686018427387904",
        ),
        (
            "(-9223372036854775807 - 1) ceildiv 3",
            "-3074457345618258602",
        ),
        ("(-9223372036854775807 - 1) mod 3", "1"),
        ("9223372036854775807 ceildiv 2", "4611686018427387904"),
        (
            "(-9223372036854775807 - 1) floordiv 3",
            "-3074457345618258603",
        ),
        (
            "(d0 * (-9223372036854775807 - 1)) floordiv 2",
            "d0 * -4611686018427387904",
        ),
        ("(d0 * (-9223372036854775807 - 1)) mod 2", "0"),
        (
            "((d0 * (-9223372036854775807 - 1)) floordiv 3) mod 2",
            "((d0 * -9223372036854775808) floordiv 3) mod 2",
        ),
        ("(d0 * 6) floordiv 3 mod 2", "0"),
        ("(d0 * 6) floordiv 3 mod 4", "(d0 * 2) mod 4"),
        ("d0 floordiv s0 floordiv 3", "(d0 floordiv s0) floordiv 3"),
        ("(d0 + s0) floordiv 2", "(d0 + s0) floordiv 2"),
        ("(d0 * 2 + s0 * 2) floordiv 2", "d0 + s0"),
        ("(d0 * 2 + s0 * 2) mod 2", "0"),
        ("(d0 * 2 + s0) mod 2", "s0 mod 2"),
        ("(s0 * 4) mod 2", "0"),
        ("(d0 mod 4) floordiv 2", "(d0 mod 4) floordiv 2"),
        ("(d0 ceildiv 2) * 2", "(d0 ceildiv 2) * 2"),
        ("d0 + d1 + d2 + s0 + s1 + 1", "d0 + d1 + d2 + s0 + s1 + 1"),
        ("d0 * 3 + d1 * 2 - d0 * 3", "d0 * 3 + d1 * 2 - d0 * 3"),
        ("d0 + d1 - d0", "d0 + d1 - d0"),
        ("(d0 + 1) * 2", "(d0 + 1) * 2"),
        ("5 floordiv 0", "5 floordiv 0"),
        ("5 ceildiv 0", "5 ceildiv 0"),
        ("5 mod 0", "5 mod 0"),
        ("7 mod -3", "7 mod -3"),
        ("-7 mod -3", "-7 mod -3"),
        ("7 floordiv -2", "-4"),
        ("-7 floordiv -2", "3"),
        ("7 ceildiv -2", "-3"),
        ("-7 ceildiv -2", "4"),
        (
            "(-9223372036854775807 - 1) floordiv -1",
            "-9223372036854775808 floordiv -1",
        ),
        (
            "(-9223372036854775807 - 1) ceildiv -1",
            "-9223372036854775808 ceildiv -1",
        ),
        (
            "(-9223372036854775807 - 1) mod -1",
            "-9223372036854775808 mod -1",
        ),
        ("9223372036854775807 mod -1", "9223372036854775807 mod -1"),
        ("0 mod -5", "0 mod -5"),
        ("0 floordiv -5", "0"),
        ("s0 floordiv -2", "s0 floordiv -2"),
        ("1 floordiv -64", "-1"),
        ("16 ceildiv -2 ceildiv (s1 + s1)", "-8 ceildiv (s1 * 2)"),
        ("d0 floordiv -1", "d0 floordiv -1"),
        ("d0 ceildiv -1", "d0 ceildiv -1"),
        ("(d0 * 4) floordiv -2", "d0 * -2"),
        ("(d0 * 4 + d1) floordiv -4", "-d0 + d1 floordiv -4"),
        ("(d0 * -4) ceildiv -2", "d0 * 2"),
        ("(d0 * 3) floordiv -2", "(d0 * 3) floordiv -2"),
        (
            "(d0 + s0) + (d1 floordiv 2) * s1",
            "d0 + (d1 floordiv 2) * s1 + s0",
        ),
        (
            "(d0 + s0) + (d1 floordiv s1) * 2",
            "d0 + (d1 floordiv s1) * 2 + s0",
        ),
        ("(d0 + s1) - (s1 floordiv 4) * 4", "d0 + s1 mod 4"),
        ("(d0 + d1) - (d1 floordiv 4) * 4", "d0 + d1 mod 4"),
        ("(d1 + d0) - (d1 floordiv 4) * 4", "d0 + d1 mod 4"),
        (
            "((d0 + d2) + d1) - (d1 floordiv 4) * 4",
            "d0 + d2 + d1 mod 4",
        ),
        ("(d0 + d1 + 3) - (d1 floordiv 4) * 4", "d0 + d1 mod 4 + 3"),
        ("(d0 + s0) + (d1 floordiv 2) * 0", "d0 + s0"),
        (
            "(d0 + s0 + s1) - (d1 floordiv 2)",
            "d0 + s0 + -(d1 floordiv 2) + s1",
        ),
        ("(d0 * 2 + 3) floordiv -2", "-d0 - 2"),
        ("(d0 * 2) ceildiv -2", "-d0"),
        ("(d0 + 2) ceildiv -2", "(d0 + 2) ceildiv -2"),
        ("((d0 * 8) floordiv -2) mod 4", "0"),
        ("((d0 * 6) floordiv -2) floordiv 3", "-d0"),
        ("s0 floordiv s0", "s0 floordiv s0"),
        ("d0 + (d0 floordiv 3) * -3 + s0", "d0 mod 3 + s0"),
        (
            "(s0 + d0) - (d0 floordiv 3) * 3",
            "d0 + (d0 floordiv 3) * -3 + s0",
        ),
        ("(d0 + s0) + -(d1 floordiv 2)", "d0 + -(d1 floordiv 2) + s0"),
        (
            "(d0 + s0) + (d1 floordiv 2) * 3",
            "d0 + (d1 floordiv 2) * 3 + s0",
        ),
        ("(d0 + s0) - (d0 mod 2)", "d0 + s0 - d0 mod 2"),
        (
            "(d0 + s0) - ((d0 floordiv 2) * s1)",
            "d0 + s0 - (d0 floordiv 2) * s1",
        ),
        ("(d0 + s0) + d1 floordiv 2", "d0 + s0 + d1 floordiv 2"),
        (
            "(d1 * s1) ceildiv s0 + s1 - d2 floordiv 10",
            "(d1 * s1) ceildiv s0 + -(d2 floordiv 10) + s1",
        ),
        ("(s0 + s1) - d1 floordiv 2", "-(d1 floordiv 2) + s0 + s1"),
        (
            "d0 + s0 - d0 floordiv 4 * 4",
            "d0 + (d0 floordiv 4) * -4 + s0",
        ),
        (
            "(d0 + (-(d1 floordiv 2))) - d2 floordiv 2",
            "d0 - d1 floordiv 2 - d2 floordiv 2",
        ),
    ];

    #[test]
    fn expressions_match_mlir_opt() {
        let mut failures = Vec::new();
        for (input, expected) in TABLE {
            let mut out = String::new();
            print_affine_expr(&parse(input), &mut out);
            if out != *expected {
                failures.push(format!("{input}: got `{out}`, want `{expected}`"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn maps_and_sets() {
        let m = |nd, ns, results: Vec<AffineExpr>| {
            let mut out = String::new();
            print_affine_map(
                &AffineMap {
                    num_dims: nd,
                    num_symbols: ns,
                    results,
                },
                &mut out,
            );
            out
        };
        assert_eq!(m(0, 0, vec![]), "() -> ()");
        assert_eq!(m(0, 0, vec![parse("0")]), "() -> (0)");
        assert_eq!(m(1, 0, vec![]), "(d0) -> ()");
        assert_eq!(m(0, 2, vec![parse("s1")]), "()[s0, s1] -> (s1)");
        assert_eq!(
            m(2, 1, vec![parse("d0 + s0"), parse("d1")]),
            "(d0, d1)[s0] -> (d0 + s0, d1)"
        );
        let set = |nd, ns, cs: Vec<(&str, bool)>| {
            let mut out = String::new();
            print_integer_set(
                &IntegerSet {
                    num_dims: nd,
                    num_symbols: ns,
                    constraints: cs
                        .into_iter()
                        .map(|(e, is_eq)| AffineConstraint {
                            expr: parse(e),
                            is_eq,
                        })
                        .collect(),
                },
                &mut out,
            );
            out
        };
        assert_eq!(
            set(1, 1, vec![("d0 - s0", false), ("d0", true)]),
            "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)"
        );
        assert_eq!(set(0, 0, vec![("1", true)]), "() : (1 == 0)");
        assert_eq!(set(0, 0, vec![("0", true)]), "() : (0 == 0)");
        assert_eq!(
            set(1, 0, vec![("d0 * 2 - 4", true), ("0", false)]),
            "(d0) : (d0 * 2 - 4 == 0, 0 >= 0)"
        );
        assert_eq!(
            set(2, 0, vec![("d0 * -1 + 10", false)]),
            "(d0, d1) : (-d0 + 10 >= 0)"
        );
    }

    #[test]
    fn custom_names() {
        let mut out = String::new();
        print_affine_expr_with(&parse("d0 + s0 * 2"), &mut out, &mut |i, sym, o| {
            o.push_str(if sym { "%sym" } else { "%dim" });
            o.push_str(&i.to_string());
        });
        assert_eq!(out, "%dim0 + %sym0 * 2");
    }
}
