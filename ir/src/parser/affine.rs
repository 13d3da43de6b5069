//! `affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>` and `affine_set<(d0) : (d0 >= 0)>`.
//! Expressions are built with the simplifying constructors, so they come out in
//! MLIR's canonical form.

use super::{PResult, Parser};
use crate::affine::{AffineConstraint, AffineExpr, AffineMap, IntegerSet};
use crate::entity::Attr;
use crate::lexer::Tok;
use crate::AttrKind;

/// Upper bound on the size-weighted depth of one expression, so that the recursive
/// simplifier (and dropping the tree) stays within the stack.
const MAX_EXPR_WEIGHT: u32 = 1000;

struct Ids<'a> {
    names: Vec<(&'a str, AffineExpr)>,
    num_dims: u32,
    num_symbols: u32,
}

#[derive(Copy, Clone, PartialEq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_affine_attr(&mut self) -> PResult<Attr> {
        let is_map = self.cur_text() == "affine_map";
        self.bump();
        self.expect(Tok::Less, "expected '<' in affine map")?;
        let a = if is_map {
            let m = self.parse_affine_map_body()?;
            AttrKind::AffineMap(m)
        } else {
            let s = self.parse_integer_set_body()?;
            AttrKind::IntegerSet(s)
        };
        self.expect(Tok::Greater, "expected '>' in affine map")?;
        Ok(self.ctx.intern_attr(a))
    }

    fn parse_affine_ids(&mut self) -> PResult<Ids<'a>> {
        let mut ids = Ids {
            names: Vec::new(),
            num_dims: 0,
            num_symbols: 0,
        };
        self.expect(
            Tok::LParen,
            "expected '(' at start of dimensional identifiers list",
        )?;
        if !self.consume_if(Tok::RParen) {
            loop {
                let e = AffineExpr::dim(ids.num_dims);
                self.parse_affine_id(&mut ids, e)?;
                ids.num_dims += 1;
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "expected ')'")?;
        }
        if self.consume_if(Tok::LSquare) && !self.consume_if(Tok::RSquare) {
            loop {
                let e = AffineExpr::symbol(ids.num_symbols);
                self.parse_affine_id(&mut ids, e)?;
                ids.num_symbols += 1;
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "expected ']'")?;
        }
        Ok(ids)
    }

    fn parse_affine_id(&mut self, ids: &mut Ids<'a>, e: AffineExpr) -> PResult<()> {
        if !self.is(Tok::BareIdent) {
            return self.wrong_token("expected bare identifier");
        }
        let t = self.tok;
        let name = self.text(t);
        if ids.names.iter().any(|(n, _)| *n == name) {
            return self.error_at(t.start, format!("redefinition of identifier '{name}'"));
        }
        ids.names.push((name, e));
        self.bump();
        Ok(())
    }

    fn parse_affine_map_body(&mut self) -> PResult<AffineMap> {
        let ids = self.parse_affine_ids()?;
        self.expect(Tok::Arrow, "expected '->' or '['")?;
        self.expect(Tok::LParen, "expected '(' at start of affine map range")?;
        let mut results = Vec::new();
        if !self.consume_if(Tok::RParen) {
            loop {
                results.push(self.parse_affine_expr(&ids)?.0);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "expected ')'")?;
        }
        Ok(AffineMap {
            num_dims: ids.num_dims,
            num_symbols: ids.num_symbols,
            results,
        })
    }

    fn parse_integer_set_body(&mut self) -> PResult<IntegerSet> {
        let ids = self.parse_affine_ids()?;
        self.expect(Tok::Colon, "expected ':' or '['")?;
        self.expect(Tok::LParen, "expected '(' in integer set constraint list")?;
        let mut constraints = Vec::new();
        if !self.consume_if(Tok::RParen) {
            loop {
                let lhs = self.parse_affine_expr(&ids)?.0;
                let c = match self.tok.kind {
                    Tok::Greater | Tok::Less => {
                        let ge = self.is(Tok::Greater);
                        self.bump();
                        self.expect(Tok::Equal, "expected '>=' or '<='")?;
                        let rhs = self.parse_affine_expr(&ids)?.0;
                        let expr = if ge {
                            AffineExpr::sub(lhs, rhs)
                        } else {
                            AffineExpr::sub(rhs, lhs)
                        };
                        AffineConstraint { expr, is_eq: false }
                    }
                    Tok::Equal => {
                        self.bump();
                        self.expect(Tok::Equal, "expected '=='")?;
                        let rhs = self.parse_affine_expr(&ids)?.0;
                        AffineConstraint {
                            expr: AffineExpr::sub(lhs, rhs),
                            is_eq: true,
                        }
                    }
                    _ => return self.wrong_token(
                        "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
                    ),
                };
                constraints.push(c);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "expected ')'")?;
        } else {
            // MLIR builds an empty constraint list as the trivially true `0 == 0`.
            constraints.push(AffineConstraint {
                expr: AffineExpr::Const(0),
                is_eq: true,
            });
        }
        Ok(IntegerSet {
            num_dims: ids.num_dims,
            num_symbols: ids.num_symbols,
            constraints,
        })
    }

    /// An expression and its weight (a bound on the depth of the built tree).
    fn parse_affine_expr(&mut self, ids: &Ids<'a>) -> PResult<(AffineExpr, u32)> {
        self.enter()?;
        let r = self.parse_affine_low(ids);
        self.exit();
        r
    }

    fn parse_affine_low(&mut self, ids: &Ids<'a>) -> PResult<(AffineExpr, u32)> {
        let mut lhs = self.parse_affine_high(ids)?;
        loop {
            let op = match self.tok.kind {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(lhs),
            };
            let at = self.tok.start;
            self.bump();
            let rhs = self.parse_affine_high_operand(ids)?;
            lhs = self.combine(op, lhs, rhs, at)?;
        }
    }

    fn parse_affine_high_operand(&mut self, ids: &Ids<'a>) -> PResult<(AffineExpr, u32)> {
        if matches!(
            self.tok.kind,
            Tok::RParen | Tok::Comma | Tok::RSquare | Tok::Greater | Tok::Eof
        ) {
            return self.error_here("missing right operand of binary operator");
        }
        self.parse_affine_high(ids)
    }

    fn parse_affine_high(&mut self, ids: &Ids<'a>) -> PResult<(AffineExpr, u32)> {
        let mut lhs = self.parse_affine_operand(ids)?;
        loop {
            let op = match self.tok.kind {
                Tok::Star => BinOp::Mul,
                Tok::BareIdent => match self.cur_text() {
                    "floordiv" => BinOp::FloorDiv,
                    "ceildiv" => BinOp::CeilDiv,
                    "mod" => BinOp::Mod,
                    _ => return Ok(lhs),
                },
                _ => return Ok(lhs),
            };
            let at = self.tok.start;
            self.bump();
            if matches!(
                self.tok.kind,
                Tok::RParen | Tok::Comma | Tok::RSquare | Tok::Greater | Tok::Eof
            ) {
                return self.error_here("missing right operand of binary operator");
            }
            let rhs = self.parse_affine_operand(ids)?;
            lhs = self.combine(op, lhs, rhs, at)?;
        }
    }

    fn parse_affine_operand(&mut self, ids: &Ids<'a>) -> PResult<(AffineExpr, u32)> {
        match self.tok.kind {
            Tok::BareIdent => {
                let t = self.tok;
                let name = self.text(t);
                match ids.names.iter().find(|(n, _)| *n == name) {
                    Some((_, e)) => {
                        let e = e.clone();
                        self.bump();
                        Ok((e, 1))
                    }
                    None => self.error_at(t.start, "use of undeclared identifier"),
                }
            }
            Tok::Integer => {
                let t = self.tok;
                match self.text(t).parse::<i64>() {
                    Ok(v) => {
                        self.bump();
                        Ok((AffineExpr::constant(v), 1))
                    }
                    Err(_) => self.error_at(t.start, "constant too large for index"),
                }
            }
            Tok::LParen => {
                self.bump();
                if self.is(Tok::RParen) {
                    return self.error_here("no expression inside parentheses");
                }
                let e = self.parse_affine_expr(ids)?;
                self.expect(Tok::RParen, "expected ')'")?;
                Ok(e)
            }
            Tok::Minus => {
                self.bump();
                self.enter()?;
                let r = self.parse_affine_operand(ids);
                self.exit();
                let (e, w) = r?;
                if w + 1 > MAX_EXPR_WEIGHT {
                    return self.error_here("nesting too deep");
                }
                Ok((AffineExpr::neg(e), w + 1))
            }
            Tok::Plus | Tok::Star => self.wrong_token("missing left operand of binary op"),
            _ => self.wrong_token("expected affine expression"),
        }
    }

    fn combine(
        &mut self,
        op: BinOp,
        lhs: (AffineExpr, u32),
        rhs: (AffineExpr, u32),
        at: u32,
    ) -> PResult<(AffineExpr, u32)> {
        let w = lhs.1 + rhs.1 + 1;
        if w > MAX_EXPR_WEIGHT {
            return self.error_at(at, "nesting too deep");
        }
        let (l, r) = (lhs.0, rhs.0);
        let e = match op {
            BinOp::Add => AffineExpr::add(l, r),
            BinOp::Sub => AffineExpr::sub(l, r),
            BinOp::Mul => {
                if !l.is_symbolic_or_constant() && !r.is_symbolic_or_constant() {
                    return self.error_at(at, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
                }
                AffineExpr::mul(l, r)
            }
            BinOp::FloorDiv | BinOp::CeilDiv | BinOp::Mod => {
                if !r.is_symbolic_or_constant() {
                    let name = match op {
                        BinOp::FloorDiv => "floordiv",
                        BinOp::CeilDiv => "ceildiv",
                        _ => "mod",
                    };
                    return self.error_at(at, format!("non-affine expression: right operand of {name} has to be either a constant or symbolic"));
                }
                match op {
                    BinOp::FloorDiv => AffineExpr::floor_div(l, r),
                    BinOp::CeilDiv => AffineExpr::ceil_div(l, r),
                    _ => AffineExpr::modulo(l, r),
                }
            }
        };
        Ok((e, w))
    }
}
