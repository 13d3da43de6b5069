//! Numeric expressions of `[[#...]]` blocks: formats, AST and evaluation.

use crate::source::Loc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FmtKind {
    None,
    Unsigned,
    Signed,
    HexUpper,
    HexLower,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub kind: FmtKind,
    pub precision: u32,
    pub alt: bool,
}

impl Format {
    pub const NONE: Format = Format {
        kind: FmtKind::None,
        precision: 0,
        alt: false,
    };
    pub fn new(kind: FmtKind, precision: u32, alt: bool) -> Self {
        Format {
            kind,
            precision,
            alt,
        }
    }
    pub fn unsigned() -> Self {
        Format::new(FmtKind::Unsigned, 0, false)
    }
    pub fn is_none(&self) -> bool {
        self.kind == FmtKind::None
    }
    pub fn name(&self) -> &'static str {
        match self.kind {
            FmtKind::None => "<none>",
            FmtKind::Unsigned => "%u",
            FmtKind::Signed => "%d",
            FmtKind::HexUpper => "%X",
            FmtKind::HexLower => "%x",
        }
    }

    /// Rust-regex for any number in this format (LLVM's wildcard regex).
    pub fn wildcard_regex(&self) -> String {
        let alt = if self.alt { "0x" } else { "" };
        let p = self.precision;
        match (self.kind, p) {
            (FmtKind::Unsigned, 0) | (FmtKind::None, 0) => "[0-9]+".into(),
            (FmtKind::Unsigned, _) | (FmtKind::None, _) => format!("(?:[1-9][0-9]*)?[0-9]{{{p}}}"),
            (FmtKind::Signed, 0) => "-?[0-9]+".into(),
            (FmtKind::Signed, _) => format!("-?(?:[1-9][0-9]*)?[0-9]{{{p}}}"),
            (FmtKind::HexUpper, 0) => format!("{alt}[0-9A-F]+"),
            (FmtKind::HexUpper, _) => format!("{alt}(?:[1-9A-F][0-9A-F]*)?[0-9A-F]{{{p}}}"),
            (FmtKind::HexLower, 0) => format!("{alt}[0-9a-f]+"),
            (FmtKind::HexLower, _) => format!("{alt}(?:[1-9a-f][0-9a-f]*)?[0-9a-f]{{{p}}}"),
        }
    }

    /// The same wildcard in LLVM's own syntax (used for fuzzy matching,
    /// which compares against the regex text).
    pub fn llvm_wildcard(&self) -> String {
        let alt = if self.alt { "0x" } else { "" };
        let p = self.precision;
        match (self.kind, p) {
            (FmtKind::Unsigned, 0) | (FmtKind::None, 0) => "[0-9]+".into(),
            (FmtKind::Unsigned, _) | (FmtKind::None, _) => format!("([1-9][0-9]*)?[0-9]{{{p}}}"),
            (FmtKind::Signed, 0) => "-?[0-9]+".into(),
            (FmtKind::Signed, _) => format!("-?([1-9][0-9]*)?[0-9]{{{p}}}"),
            (FmtKind::HexUpper, 0) => format!("{alt}[0-9A-F]+"),
            (FmtKind::HexUpper, _) => format!("{alt}([1-9A-F][0-9A-F]*)?[0-9A-F]{{{p}}}"),
            (FmtKind::HexLower, 0) => format!("{alt}[0-9a-f]+"),
            (FmtKind::HexLower, _) => format!("{alt}([1-9a-f][0-9a-f]*)?[0-9a-f]{{{p}}}"),
        }
    }

    /// Text matching `v` in this format; `None` on overflow (negative value
    /// in an unsigned format).
    pub fn matching_string(&self, v: i128) -> Option<String> {
        if self.kind != FmtKind::Signed && v < 0 {
            return None;
        }
        let abs = v.unsigned_abs();
        let digits = match self.kind {
            FmtKind::HexUpper => format!("{abs:X}"),
            FmtKind::HexLower => format!("{abs:x}"),
            _ => format!("{abs}"),
        };
        let sign = if v < 0 { "-" } else { "" };
        let alt = if self.alt { "0x" } else { "" };
        let zeros = (self.precision as usize).saturating_sub(digits.len());
        Some(format!("{sign}{alt}{}{digits}", "0".repeat(zeros)))
    }

    /// Parses text previously matched by `wildcard_regex`.
    pub fn parse_value(&self, s: &[u8]) -> Option<i128> {
        let s = std::str::from_utf8(s).ok()?;
        let (neg, s) = match s.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, s),
        };
        let hex = matches!(self.kind, FmtKind::HexUpper | FmtKind::HexLower);
        let s = if hex && self.alt {
            s.strip_prefix("0x").unwrap_or(s)
        } else {
            s
        };
        let v = u128::from_str_radix(s, if hex { 16 } else { 10 }).ok()?;
        let v = i128::try_from(v).ok()?;
        Some(if neg { -v } else { v })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
}

#[derive(Clone, Debug)]
pub enum Ast {
    /// A literal with its source text.
    Lit(i128, String),
    /// Use of numeric variable `var` (an index into the variable table);
    /// `loc` points at the name for diagnostics.
    Var { var: usize, name: String, loc: Loc },
    /// A binary operation with the expression text it came from.
    Bin(BinOp, Box<Ast>, Box<Ast>, String, Loc),
}

pub struct NumVar {
    pub name: String,
    pub format: Format,
    pub value: Option<i128>,
    /// Byte range of the input text the value was captured from.
    pub range: Option<(usize, usize)>,
    pub def_line: Option<usize>,
}

pub enum EvalError {
    Undef(Vec<(String, Loc)>),
    Overflow,
}

impl Ast {
    pub fn eval(&self, vars: &[NumVar]) -> Result<i128, EvalError> {
        match self {
            Ast::Lit(v, ..) => Ok(*v),
            Ast::Var { var, name, loc } => vars[*var]
                .value
                .ok_or_else(|| EvalError::Undef(vec![(name.clone(), *loc)])),
            Ast::Bin(op, l, r, ..) => {
                let (l, r) = match (l.eval(vars), r.eval(vars)) {
                    (Ok(l), Ok(r)) => (l, r),
                    (Err(EvalError::Undef(mut a)), Err(EvalError::Undef(b))) => {
                        a.extend(b);
                        return Err(EvalError::Undef(a));
                    }
                    (Err(e), _) | (_, Err(e)) => return Err(e),
                };
                let v = match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div => {
                        if r == 0 {
                            None
                        } else {
                            l.checked_div(r)
                        }
                    }
                    BinOp::Max => Some(l.max(r)),
                    BinOp::Min => Some(l.min(r)),
                };
                v.ok_or(EvalError::Overflow)
            }
        }
    }

    pub fn text(&self) -> &str {
        match self {
            Ast::Lit(_, t) | Ast::Bin(_, _, _, t, _) => t,
            Ast::Var { name, .. } => name,
        }
    }

    /// Implicit format, or a diagnostic for conflicting operand formats.
    pub fn implicit_format(&self, vars: &[NumVar]) -> Result<Format, (Loc, String)> {
        match self {
            Ast::Lit(..) => Ok(Format::NONE),
            Ast::Var { var, .. } => Ok(vars[*var].format),
            Ast::Bin(_, l, r, _, loc) => {
                let lf = l.implicit_format(vars)?;
                let rf = r.implicit_format(vars)?;
                if !lf.is_none() && !rf.is_none() && lf != rf {
                    let msg = format!(
                        "implicit format conflict between '{}' ({}) and '{}' ({}), need an explicit format specifier",
                        l.text(),
                        lf.name(),
                        r.text(),
                        rf.name()
                    );
                    return Err((*loc, msg));
                }
                Ok(if lf.is_none() { rf } else { lf })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let x = Format::new(FmtKind::HexLower, 4, true);
        assert_eq!(x.matching_string(255).unwrap(), "0x00ff");
        assert_eq!(x.parse_value(b"0x00ff"), Some(255));
        let d = Format::new(FmtKind::Signed, 3, false);
        assert_eq!(d.matching_string(-5).unwrap(), "-005");
        assert!(Format::unsigned().matching_string(-1).is_none());
        assert_eq!(Format::unsigned().wildcard_regex(), "[0-9]+");
    }

    #[test]
    fn eval_ops() {
        let vars = vec![NumVar {
            name: "N".into(),
            format: Format::unsigned(),
            value: Some(7),
            range: None,
            def_line: None,
        }];
        let loc = Loc { buf: 0, off: 0 };
        let v = Ast::Var {
            var: 0,
            name: "N".into(),
            loc,
        };
        let lit = |n: i128| Box::new(Ast::Lit(n, n.to_string()));
        let e = Ast::Bin(BinOp::Max, Box::new(v.clone()), lit(9), String::new(), loc);
        assert_eq!(e.eval(&vars).ok(), Some(9));
        let e = Ast::Bin(BinOp::Div, Box::new(v), lit(0), String::new(), loc);
        assert!(matches!(e.eval(&vars), Err(EvalError::Overflow)));
    }
}
