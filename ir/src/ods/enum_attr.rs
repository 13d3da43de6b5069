//! Enum attributes (MLIR's `EnumAttr`): a keyword in the custom form, stored as
//! MLIR stores it. Plain enums are integer attributes (`predicate = 2 : i64`);
//! bit enums are dialect attributes (`#arith.fastmath<nnan,ninf>`), kept as
//! opaque attributes in the canonical spelling so they print back unchanged.

use crate::attributes::AttrKind;
use crate::context::Context;
use crate::entity::Attr;
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::types::Signedness;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EnumStorage {
    /// An integer attribute of this signless width.
    Int { width: u32 },
    /// A bit enum stored as `#dialect.mnemonic<case,case>` (cases joined by `sep`).
    Bits {
        dialect: &'static str,
        mnemonic: &'static str,
        sep: &'static str,
    },
}

/// One enum. Bit enum cases are listed in print order; a case of several bits
/// (`fast`) is printed instead of its parts, and a zero case names "no bits".
#[derive(PartialEq, Eq, Debug)]
pub struct EnumAttr {
    /// The C++ name MLIR uses in parse errors (`::mlir::arith::FastMathFlags`).
    pub cpp_name: &'static str,
    /// The attribute's TableGen name, in the second parse error (`Arith_FastMathAttr`).
    pub def_name: &'static str,
    pub storage: EnumStorage,
    pub cases: &'static [(&'static str, u64)],
}

impl EnumAttr {
    pub fn case(&self, kw: &str) -> Option<u64> {
        self.cases.iter().find(|c| c.0 == kw).map(|c| c.1)
    }

    fn keywords(&self, sep: &str) -> String {
        self.cases.iter().map(|c| c.0).collect::<Vec<_>>().join(sep)
    }

    /// The stored attribute of `value`.
    pub fn attr(&self, ctx: &mut Context, value: u64) -> Attr {
        match self.storage {
            EnumStorage::Int { width } => {
                let ty = ctx.integer_type(width, Signedness::Signless);
                ctx.intern_attr(AttrKind::Integer {
                    ty,
                    value: value.into(),
                })
            }
            EnumStorage::Bits {
                dialect, mnemonic, ..
            } => {
                let body = format!("{mnemonic}<{}>", self.bits_text(value));
                let dialect = ctx.ident(dialect);
                ctx.intern_attr(AttrKind::Opaque {
                    dialect,
                    body: body.into_bytes().into(),
                })
            }
        }
    }

    /// The value held by a stored attribute, if it is one of this enum.
    pub fn value(&self, ctx: &Context, a: Attr) -> Option<u64> {
        match (self.storage, ctx.attr_kind(a)) {
            (EnumStorage::Int { width }, AttrKind::Integer { ty, value }) => {
                let ok = matches!(ctx.type_kind(*ty), crate::types::TypeKind::Integer { width: w, signedness: Signedness::Signless } if *w == width);
                let v = u64::try_from(value).ok()?;
                (ok && self.cases.iter().any(|c| c.1 == v)).then_some(v)
            }
            (
                EnumStorage::Bits {
                    dialect,
                    mnemonic,
                    sep,
                },
                AttrKind::Opaque { dialect: d, body },
            ) => {
                if ctx.str(*d) != dialect {
                    return None;
                }
                let body = std::str::from_utf8(body).ok()?;
                let inner = body
                    .strip_prefix(mnemonic)?
                    .strip_prefix('<')?
                    .strip_suffix('>')?;
                let mut v = 0;
                for kw in inner.split(sep.trim()) {
                    v |= self.case(kw.trim())?;
                }
                (self.bits_text(v) == inner).then_some(v)
            }
            _ => None,
        }
    }

    /// Whether `a` is a stored value of this enum.
    pub fn holds(&self, ctx: &Context, a: Attr) -> bool {
        self.value(ctx, a).is_some()
    }

    /// The canonical text of a bit set: several-bit cases first, then single bits.
    pub fn bits_text(&self, mut v: u64) -> String {
        let sep = match self.storage {
            EnumStorage::Bits { sep, .. } => sep,
            EnumStorage::Int { .. } => ", ",
        };
        if v == 0 {
            return self
                .cases
                .iter()
                .find(|c| c.1 == 0)
                .map_or(String::new(), |c| c.0.to_string());
        }
        let mut parts = Vec::new();
        for multi in [true, false] {
            for &(kw, bits) in self.cases {
                if bits != 0 && (bits.count_ones() > 1) == multi && v & bits == bits {
                    parts.push(kw);
                    v &= !bits;
                }
            }
        }
        parts.join(sep)
    }

    /// The text of a value in the custom form: the keyword, or `<bits>`.
    pub fn custom_text(&self, ctx: &Context, a: Attr) -> Option<String> {
        let v = self.value(ctx, a)?;
        Some(match self.storage {
            EnumStorage::Int { .. } => self.cases.iter().find(|c| c.1 == v)?.0.to_string(),
            EnumStorage::Bits { .. } => format!("<{}>", self.bits_text(v)),
        })
    }

    /// Whether the current token starts this enum's custom form.
    pub fn starts(&self, p: &Parser<'_>) -> bool {
        match self.storage {
            EnumStorage::Int { .. } => {
                (p.is(Tok::BareIdent) && self.case(p.cur_text()).is_some()) || p.is(Tok::String)
            }
            EnumStorage::Bits { .. } => p.is(Tok::Less),
        }
    }

    /// The custom form of the property `name` of op `op`: a keyword (or string)
    /// for plain enums, `<kw, kw>` for bit enums.
    pub fn parse(&self, p: &mut Parser<'_>, op: &str, name: &str) -> PResult<Attr> {
        let prefix = format!("custom op '{op}' ");
        match self.storage {
            EnumStorage::Int { .. } => {
                let kw = match p.tok.kind {
                    Tok::BareIdent => Some(p.cur_text().to_string()),
                    Tok::String => {
                        let t = p.tok;
                        p.decode_string(t)
                            .ok()
                            .and_then(|b| String::from_utf8(b).ok())
                    }
                    _ => None,
                };
                match kw.and_then(|k| self.case(&k)) {
                    Some(v) => {
                        p.bump();
                        Ok(self.attr(p.ctx, v))
                    }
                    None => p.error_here(format!(
                        "{prefix}expected string or keyword containing one of the following enum values for attribute '{name}' [{}]",
                        self.keywords(", ")
                    )),
                }
            }
            EnumStorage::Bits { .. } => {
                let v = self.parse_bits(p, &prefix)?;
                Ok(self.attr(p.ctx, v))
            }
        }
    }

    /// `<kw, kw>` of a bit enum; errors start with `prefix`.
    pub fn parse_bits(&self, p: &mut Parser<'_>, prefix: &str) -> PResult<u64> {
        if !p.consume_if(Tok::Less) {
            return p.wrong_token("expected '<'");
        }
        let mut v = 0;
        loop {
            let kw = if p.is(Tok::BareIdent) {
                self.case(p.cur_text())
            } else {
                None
            };
            match kw {
                Some(bits) => {
                    p.bump();
                    v |= bits;
                }
                None => {
                    // MLIR reports the bad keyword, then the failed parameter
                    // after it.
                    let bad = p.is(Tok::BareIdent);
                    let _ = p.error_here::<()>(format!(
                        "{prefix}expected {} to be one of: {}",
                        self.cpp_name,
                        self.keywords(", ")
                    ));
                    if bad {
                        p.bump();
                    }
                    return p.error_here(format!(
                        "{prefix}failed to parse {} parameter 'value' which is to be a `{}`",
                        self.def_name, self.cpp_name
                    ));
                }
            }
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
        if !p.consume_if(Tok::Greater) {
            return p.wrong_token("expected '>'");
        }
        Ok(v)
    }
}
