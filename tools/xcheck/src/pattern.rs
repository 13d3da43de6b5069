//! Check patterns: parsing of literal text, `{{regex}}`, `[[VAR:regex]]`,
//! `[[VAR]]` and `[[#expr]]` blocks (FileCheck's `Pattern::parsePattern`), and
//! matching them against input.

use std::cell::{OnceCell, RefCell};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use regex_automata::meta;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind};

use crate::expr::{Ast, BinOp, EvalError, FmtKind, Format, NumVar};
use crate::posix::{self, Piece};
use crate::source::{Loc, Sref};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    Eof,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckType {
    pub kind: Kind,
    pub count: usize,
    pub literal: bool,
}

impl CheckType {
    pub fn new(kind: Kind) -> Self {
        CheckType {
            kind,
            count: 1,
            literal: false,
        }
    }

    /// `CHECK-NEXT{LITERAL}` etc., as used in messages.
    pub fn description(&self, prefix: &str) -> String {
        let m = if self.literal { "{LITERAL}" } else { "" };
        let suffix = match self.kind {
            Kind::Plain if self.count > 1 => "-COUNT",
            Kind::Plain => "",
            Kind::Next => "-NEXT",
            Kind::Same => "-SAME",
            Kind::Not => "-NOT",
            Kind::Dag => "-DAG",
            Kind::Label => "-LABEL",
            Kind::Empty => "-EMPTY",
            Kind::Eof => return "implicit EOF".into(),
        };
        format!("{prefix}{suffix}{m}")
    }

    /// Abbreviation used for input-dump labels.
    pub fn abbrev(&self) -> &'static str {
        match self.kind {
            Kind::Plain if self.count > 1 => "count",
            Kind::Plain => "check",
            Kind::Next => "next",
            Kind::Same => "same",
            Kind::Not => "not",
            Kind::Dag => "dag",
            Kind::Label => "label",
            Kind::Empty => "empty",
            Kind::Eof => "eof",
        }
    }
}

/// A diagnostic produced while parsing (`blank` mirrors LLVM's
/// `logAllUnhandledErrors`, which adds an empty line after the message).
#[derive(Debug)]
pub struct PErr {
    pub loc: Loc,
    pub msg: String,
    pub blank: bool,
    /// FileCheck exits with status 1 for this one (it calls `exit(1)`).
    pub exit1: bool,
}

fn perr(loc: Loc, msg: impl Into<String>) -> PErr {
    PErr {
        loc,
        msg: msg.into(),
        blank: false,
        exit1: false,
    }
}

fn lerr(loc: Loc, msg: impl Into<String>) -> PErr {
    PErr {
        loc,
        msg: msg.into(),
        blank: true,
        exit1: false,
    }
}

pub struct StrVal {
    pub value: Vec<u8>,
    pub range: Option<(usize, usize)>,
}

/// Variable state shared by all patterns (FileCheckPatternContext).
pub struct Ctx {
    pub num_vars: Vec<NumVar>,
    pub num_table: HashMap<String, usize>,
    pub str_vars: HashMap<Vec<u8>, StrVal>,
    pub defined_str: HashSet<Vec<u8>>,
    pub line_var: usize,
    pub ignore_case: bool,
    cache: RefCell<HashMap<String, Rc<Compiled>>>,
}

impl Ctx {
    pub fn new(ignore_case: bool) -> Self {
        Ctx {
            num_vars: Vec::new(),
            num_table: HashMap::new(),
            str_vars: HashMap::new(),
            defined_str: HashSet::new(),
            line_var: 0,
            ignore_case,
            cache: RefCell::new(HashMap::new()),
        }
    }

    pub fn new_num_var(&mut self, name: &str, format: Format, def_line: Option<usize>) -> usize {
        self.num_vars.push(NumVar {
            name: name.into(),
            format,
            value: None,
            range: None,
            def_line,
        });
        self.num_vars.len() - 1
    }

    pub fn create_line_var(&mut self) {
        self.line_var = self.new_num_var("@LINE", Format::unsigned(), None);
        self.num_table.insert("@LINE".into(), self.line_var);
    }

    /// `--enable-var-scope`: forget variables not starting with `$`.
    pub fn clear_local_vars(&mut self) {
        self.str_vars.retain(|k, _| k.first() == Some(&b'$'));
        let vars = &mut self.num_vars;
        self.num_table.retain(|k, &mut id| {
            if k.starts_with('$') {
                true
            } else {
                vars[id].value = None;
                false
            }
        });
    }

    fn compile(&self, re: &str) -> Option<Rc<Compiled>> {
        if let Some(c) = self.cache.borrow().get(re) {
            return Some(c.clone());
        }
        let c = Rc::new(Compiled::new(re, self.ignore_case)?);
        let mut cache = self.cache.borrow_mut();
        if cache.len() > 4096 {
            cache.clear();
        }
        cache.insert(re.to_string(), c.clone());
        Some(c)
    }
}

/// A regex compiled three ways: leftmost-first to find where the POSIX
/// leftmost-longest match starts, "all" to find its longest end, and an
/// end-anchored copy to extract captures for exactly that span.
pub struct Compiled {
    find: meta::Regex,
    longest: meta::Regex,
    caps: OnceCell<Option<meta::Regex>>,
    src: String,
    ignore_case: bool,
}

fn build(re: &str, ic: bool, kind: MatchKind) -> Option<meta::Regex> {
    meta::Regex::builder()
        .syntax(
            syntax::Config::new()
                .unicode(false)
                .utf8(false)
                .case_insensitive(ic),
        )
        .configure(
            meta::Regex::config()
                .match_kind(kind)
                .utf8_empty(false)
                .nfa_size_limit(Some(64 << 20)),
        )
        .build(re)
        .ok()
}

impl Compiled {
    fn new(re: &str, ic: bool) -> Option<Self> {
        Some(Compiled {
            find: build(re, ic, MatchKind::LeftmostFirst)?,
            longest: build(re, ic, MatchKind::All)?,
            caps: OnceCell::new(),
            src: re.to_string(),
            ignore_case: ic,
        })
    }

    /// POSIX leftmost-longest search; returns (start, end).
    fn search(&self, hay: &[u8], from: usize) -> Option<(usize, usize)> {
        let m = self.find.search(&Input::new(hay).range(from..))?;
        let s = m.start();
        let e = self
            .longest
            .search(&Input::new(hay).range(s..).anchored(Anchored::Yes))
            .map_or(m.end(), |l| l.end().max(m.end()));
        Some((s, e))
    }

    /// Capture group spans of a match known to cover exactly `s..e`.
    fn captures(&self, hay: &[u8], s: usize, e: usize) -> Vec<Option<(usize, usize)>> {
        let caps_re = self.caps.get_or_init(|| {
            build(
                &format!("(?:{})\\z", self.src),
                self.ignore_case,
                MatchKind::LeftmostFirst,
            )
        });
        let Some(re) = caps_re else {
            return Vec::new();
        };
        let mut caps = re.create_captures();
        re.search_captures(
            &Input::new(&hay[..e]).range(s..e).anchored(Anchored::Yes),
            &mut caps,
        );
        (0..caps.group_len())
            .map(|i| caps.get_group(i).map(|sp| (sp.start, sp.end)))
            .collect()
    }
}

#[derive(Clone, Debug)]
enum Node {
    Lit(Vec<u8>),
    Re(String),
    Open,
    Close,
    Backref(usize),
    Subst(usize),
}

enum SubstKind {
    Str(Vec<u8>),
    Num(Ast, Format),
}

struct Subst {
    /// The text being substituted (variable name or expression).
    from: String,
    loc: Loc,
    kind: SubstKind,
}

pub struct Pattern {
    pub ty: CheckType,
    pub loc: Loc,
    pub line: Option<usize>,
    fixed: Option<Vec<u8>>,
    nodes: Vec<Node>,
    /// The regex as LLVM would spell it; fuzzy matching measures edit
    /// distance against this text.
    llvm_re: Vec<u8>,
    substs: Vec<Subst>,
    str_defs: Vec<(Vec<u8>, usize)>,
    num_defs: Vec<(usize, usize)>,
    static_re: OnceCell<Option<Rc<Compiled>>>,
    ignore_case: bool,
}

pub struct ParseOpts {
    pub match_full_lines: bool,
    pub strict_whitespace: bool,
    pub ignore_case: bool,
}

pub enum MatchErr {
    NotFound,
    /// Substitution failures, each with the check-file location to report.
    Errors(Vec<(Loc, String)>),
}

fn is_alnum(c: u8) -> bool {
    c.is_ascii_alphanumeric()
}

/// A parsed `[[...]]` block.
struct Block<'a> {
    /// Whether it defines a variable: `def_name` (numeric: `num_def`).
    is_def: bool,
    def_name: Vec<u8>,
    num_def: Option<usize>,
    /// What a string variable's definition matches.
    match_re: Option<Sref<'a>>,
    /// What a numeric definition without an expression matches.
    wildcard: Option<Format>,
    /// Whether it uses a variable or an expression: `subst_str` (numeric:
    /// the expression `num`).
    subst_needed: bool,
    subst_str: Sref<'a>,
    num: Option<(Ast, Format)>,
}

/// The string variable part of a `[[...]]` block.
enum StrBlock<'a> {
    /// `[[NAME:REGEX]]`: NAME's definition.
    Def(Vec<u8>, Sref<'a>),
    /// `[[NAME]]`: a use of NAME.
    Use(Sref<'a>),
    /// A pseudo variable (`[[@LINE...]]`): a legacy numeric block.
    Legacy,
}

/// Parses `m`, a `[[...]]` block that is not `[[#...]]`, as a string
/// variable's definition or use; a legacy numeric block leaves `m` whole.
fn parse_str_block<'a>(m: &mut Sref<'a>, buf: usize, ctx: &Ctx) -> Result<StrBlock<'a>, PErr> {
    let var_end = m.find_byte(b':');
    let head = m.take_front(var_end.unwrap_or(m.len()));
    if let Some(sp) = head.s.iter().position(|&c| c == b' ' || c == b'\t') {
        return Err(perr(
            Loc {
                buf,
                off: m.off + sp,
            },
            "unexpected whitespace",
        ));
    }
    let orig = *m;
    let (name, pseudo) = parse_variable(m, buf)?;
    if var_end.is_some() {
        if pseudo || !m.consume(b":") {
            return Err(perr(
                Loc { buf, off: name.off },
                "invalid name in string variable definition",
            ));
        }
        if ctx.num_table.contains_key(&name.text()) {
            return Err(perr(
                Loc { buf, off: name.off },
                format!(
                    "numeric variable with name '{}' already exists",
                    name.text()
                ),
            ));
        }
        Ok(StrBlock::Def(name.s.to_vec(), *m))
    } else if pseudo {
        *m = orig;
        Ok(StrBlock::Legacy)
    } else {
        if !m.is_empty() {
            return Err(perr(
                Loc { buf, off: name.off },
                "invalid name in string variable use",
            ));
        }
        Ok(StrBlock::Use(name))
    }
}

/// `Pattern::parseVariable`: returns the name and whether it is `@`-pseudo.
pub fn parse_variable<'a>(s: &mut Sref<'a>, buf: usize) -> Result<(Sref<'a>, bool), PErr> {
    if s.is_empty() {
        return Err(lerr(Loc { buf, off: s.off }, "empty variable name"));
    }
    let pseudo = s.s[0] == b'@';
    let mut i = 0;
    if s.s[0] == b'$' || pseudo {
        i = 1;
    }
    if i == s.len() {
        let what = if pseudo { "pseudo " } else { "global " };
        return Err(lerr(
            Loc {
                buf,
                off: s.off + i,
            },
            format!("empty {what}variable name"),
        ));
    }
    let c = s.s[i];
    if !(c == b'_' || c.is_ascii_alphabetic()) {
        return Err(lerr(Loc { buf, off: s.off }, "invalid variable name"));
    }
    i += 1;
    while i < s.len() && (s.s[i] == b'_' || is_alnum(s.s[i])) {
        i += 1;
    }
    let name = s.take_front(i);
    *s = s.drop_front(i);
    Ok((name, pseudo))
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum Allowed {
    LineVar,
    LegacyLiteral,
    Any,
}

/// Parser for numeric substitution blocks, bound to the shared context.
pub struct NumParser<'c> {
    pub ctx: &'c mut Ctx,
    pub buf: usize,
    pub line: Option<usize>,
}

fn consume_uint(s: &mut Sref, radix: u32) -> Option<i128> {
    let mut radix = radix;
    let mut t = *s;
    if radix == 0 {
        radix = 10;
        if t.starts_with(b"0x") || t.starts_with(b"0X") {
            radix = 16;
            t = t.drop_front(2);
        } else if t.starts_with(b"0b") || t.starts_with(b"0B") {
            radix = 2;
            t = t.drop_front(2);
        } else if t.starts_with(b"0o") {
            radix = 8;
            t = t.drop_front(2);
        } else if t.len() > 1 && t.s[0] == b'0' && t.s[1].is_ascii_digit() {
            radix = 8;
            t = t.drop_front(1);
        }
    }
    let n =
        t.s.iter()
            .take_while(|c| (**c as char).is_digit(radix))
            .count();
    if n == 0 {
        return None;
    }
    let mut v: i128 = 0;
    for &c in &t.s[..n] {
        v = v
            .checked_mul(radix as i128)?
            .checked_add((c as char).to_digit(radix)? as i128)?;
    }
    *s = t.drop_front(n);
    Some(v)
}

impl NumParser<'_> {
    fn loc(&self, s: &Sref) -> Loc {
        Loc {
            buf: self.buf,
            off: s.off,
        }
    }

    fn operand(&mut self, e: &mut Sref, ao: Allowed, maybe_constraint: bool) -> Result<Ast, PErr> {
        if e.starts_with(b"(") {
            if ao != Allowed::Any {
                return Err(lerr(
                    self.loc(e),
                    "parenthesized expression not permitted here",
                ));
            }
            return self.paren(e);
        }
        if ao == Allowed::LineVar || ao == Allowed::Any {
            let save = *e;
            match parse_variable(e, self.buf) {
                Ok((name, pseudo)) => {
                    if e.ltrim().starts_with(b"(") {
                        if ao != Allowed::Any {
                            return Err(lerr(self.loc(&name), "unexpected function call"));
                        }
                        return self.call(e, name);
                    }
                    return self.var_use(name, pseudo);
                }
                Err(err) => {
                    if ao == Allowed::LineVar {
                        return Err(err);
                    }
                    *e = save;
                }
            }
        }
        let save = *e;
        let neg = e.consume(b"-");
        let radix = if ao == Allowed::LegacyLiteral { 10 } else { 0 };
        if let Some(v) = consume_uint(e, radix) {
            let text = save.take_front(save.len() - e.len());
            return Ok(Ast::Lit(if neg { -v } else { v }, text.text()));
        }
        *e = save;
        let what = if maybe_constraint {
            "matching constraint or "
        } else {
            ""
        };
        Err(lerr(
            self.loc(&save),
            format!("invalid {what}operand format"),
        ))
    }

    fn paren(&mut self, e: &mut Sref) -> Result<Ast, PErr> {
        *e = e.ltrim();
        e.consume(b"(");
        *e = e.ltrim();
        if e.is_empty() {
            return Err(lerr(self.loc(e), "missing operand in expression"));
        }
        let mut sub = self.operand(e, Allowed::Any, false)?;
        *e = e.ltrim();
        while !e.is_empty() && !e.starts_with(b")") {
            let orig = *e;
            sub = self.binop(orig, e, sub, false)?;
            *e = e.ltrim();
        }
        if !e.consume(b")") {
            return Err(lerr(self.loc(e), "missing ')' at end of nested expression"));
        }
        Ok(sub)
    }

    fn binop(&mut self, start: Sref, rem: &mut Sref, left: Ast, legacy: bool) -> Result<Ast, PErr> {
        *rem = rem.ltrim();
        if rem.is_empty() {
            return Ok(left);
        }
        let op_loc = self.loc(rem);
        let c = rem.s[0];
        *rem = rem.drop_front(1);
        let op = match c {
            b'+' => BinOp::Add,
            b'-' => BinOp::Sub,
            _ => {
                return Err(lerr(
                    op_loc,
                    format!("unsupported operation '{}'", c as char),
                ))
            }
        };
        *rem = rem.ltrim();
        if rem.is_empty() {
            return Err(lerr(self.loc(rem), "missing operand in expression"));
        }
        let ao = if legacy {
            Allowed::LegacyLiteral
        } else {
            Allowed::Any
        };
        let right = self.operand(rem, ao, false)?;
        let text = start.take_front(start.len() - rem.len());
        Ok(Ast::Bin(
            op,
            Box::new(left),
            Box::new(right),
            text.text(),
            self.loc(&start),
        ))
    }

    fn call(&mut self, e: &mut Sref, name: Sref) -> Result<Ast, PErr> {
        *e = e.ltrim();
        let op = match name.s {
            b"add" => BinOp::Add,
            b"div" => BinOp::Div,
            b"max" => BinOp::Max,
            b"min" => BinOp::Min,
            b"mul" => BinOp::Mul,
            b"sub" => BinOp::Sub,
            _ => {
                return Err(lerr(
                    self.loc(&name),
                    format!("call to undefined function '{}'", name.text()),
                ))
            }
        };
        e.consume(b"(");
        *e = e.ltrim();
        let mut args = Vec::new();
        while !e.is_empty() && !e.starts_with(b")") {
            if e.starts_with(b",") {
                return Err(lerr(self.loc(e), "missing argument"));
            }
            let outer = *e;
            let mut arg = self.operand(e, Allowed::Any, false)?;
            while !e.is_empty() {
                *e = e.ltrim();
                if e.starts_with(b",") || e.starts_with(b")") {
                    break;
                }
                arg = self.binop(outer, e, arg, false)?;
            }
            args.push(arg);
            *e = e.ltrim();
            if !e.consume(b",") {
                break;
            }
            *e = e.ltrim();
            if e.starts_with(b")") {
                return Err(lerr(self.loc(e), "missing argument"));
            }
        }
        if !e.consume(b")") {
            return Err(lerr(self.loc(e), "missing ')' at end of call expression"));
        }
        if args.len() == 2 {
            let r = args.pop().unwrap();
            let l = args.pop().unwrap();
            return Ok(Ast::Bin(
                op,
                Box::new(l),
                Box::new(r),
                name.text(),
                self.loc(&name),
            ));
        }
        Err(lerr(
            self.loc(&name),
            format!(
                "function '{}' takes 2 arguments but {} given",
                name.text(),
                args.len()
            ),
        ))
    }

    fn var_use(&mut self, name: Sref, pseudo: bool) -> Result<Ast, PErr> {
        let n = name.text();
        if pseudo && n != "@LINE" {
            return Err(lerr(
                self.loc(&name),
                format!("invalid pseudo numeric variable '{n}'"),
            ));
        }
        let id = match self.ctx.num_table.get(&n) {
            Some(&id) => id,
            None => {
                let id = self.ctx.new_num_var(&n, Format::unsigned(), None);
                self.ctx.num_table.insert(n.clone(), id);
                id
            }
        };
        let def = self.ctx.num_vars[id].def_line;
        if def.is_some() && self.line.is_some() && def == self.line {
            return Err(lerr(
                self.loc(&name),
                format!("numeric variable '{n}' defined earlier in the same CHECK directive"),
            ));
        }
        Ok(Ast::Var {
            var: id,
            name: n,
            loc: self.loc(&name),
        })
    }

    fn var_def(&mut self, e: &mut Sref, fmt: Format) -> Result<usize, PErr> {
        let (name, pseudo) = parse_variable(e, self.buf)?;
        let n = name.text();
        if pseudo {
            return Err(lerr(
                self.loc(&name),
                "definition of pseudo numeric variable unsupported",
            ));
        }
        if self.ctx.defined_str.contains(name.s) {
            return Err(lerr(
                self.loc(&name),
                format!("string variable with name '{n}' already exists"),
            ));
        }
        *e = e.ltrim();
        if !e.is_empty() {
            return Err(lerr(
                self.loc(e),
                "unexpected characters after numeric variable name",
            ));
        }
        if let Some(&id) = self.ctx.num_table.get(&n) {
            if self.ctx.num_vars[id].format != fmt {
                return Err(lerr(
                    self.loc(e),
                    "format different from previous variable definition",
                ));
            }
            return Ok(id);
        }
        Ok(self.ctx.new_num_var(&n, fmt, self.line))
    }

    /// `parseNumericSubstitutionBlock`: (expression, format, defined var).
    pub fn block(
        &mut self,
        mut e: Sref,
        legacy: bool,
    ) -> Result<(Option<Ast>, Format, Option<usize>), PErr> {
        let mut explicit = Format::NONE;
        let mut precision = 0u32;
        let fmt_end = e.find_byte(b',');
        let func_start = e.find_byte(b'(').unwrap_or(usize::MAX);
        if let Some(fe) = fmt_end.filter(|&fe| fe < func_start) {
            let mut f = e.take_front(fe);
            e = e.drop_front(fe + 1);
            f = f.ltrim().rtrim();
            if !f.consume(b"%") {
                return Err(lerr(
                    self.loc(&f),
                    "invalid matching format specification in expression",
                ));
            }
            let alt_loc = self.loc(&f);
            let alt = f.consume(b"#");
            if f.consume(b".") {
                match consume_uint(&mut f, 10) {
                    Some(p) => precision = p.min(u32::MAX as i128) as u32,
                    None => {
                        return Err(lerr(self.loc(&f), "invalid precision in format specifier"))
                    }
                }
            }
            if !f.is_empty() {
                let fl = self.loc(&f);
                let c = f.s[0];
                f = f.drop_front(1);
                explicit = match c {
                    b'u' => Format::new(FmtKind::Unsigned, precision, false),
                    b'd' => Format::new(FmtKind::Signed, precision, false),
                    b'x' => Format::new(FmtKind::HexLower, precision, alt),
                    b'X' => Format::new(FmtKind::HexUpper, precision, alt),
                    _ => return Err(lerr(fl, "invalid format specifier in expression")),
                };
            }
            if alt && !matches!(explicit.kind, FmtKind::HexLower | FmtKind::HexUpper) {
                return Err(lerr(
                    alt_loc,
                    "alternate form only supported for hex values",
                ));
            }
            f = f.ltrim();
            if !f.is_empty() {
                return Err(lerr(
                    self.loc(&f),
                    "invalid matching format specification in expression",
                ));
            }
        }
        let mut def_expr = None;
        if let Some(d) = e.find_byte(b':') {
            def_expr = Some(e.take_front(d));
            e = e.drop_front(d + 1);
        }
        e = e.ltrim();
        let constraint = e.consume(b"==");
        e = e.ltrim();
        let mut ast = None;
        if e.is_empty() {
            if constraint {
                return Err(lerr(
                    self.loc(&e),
                    "empty numeric expression should not have a constraint",
                ));
            }
        } else {
            e = e.rtrim();
            let outer = e;
            let ao = if legacy {
                Allowed::LineVar
            } else {
                Allowed::Any
            };
            let mut r = self.operand(&mut e, ao, !constraint)?;
            while !e.is_empty() {
                r = self.binop(outer, &mut e, r, legacy)?;
                if legacy && !e.is_empty() {
                    return Err(lerr(
                        self.loc(&e),
                        format!("unexpected characters at end of expression '{}'", e.text()),
                    ));
                }
            }
            ast = Some(r);
        }
        let mut format = explicit;
        if format.is_none() {
            if let Some(a) = &ast {
                format = a
                    .implicit_format(&self.ctx.num_vars)
                    .map_err(|(loc, msg)| lerr(loc, msg))?;
            }
        }
        if format.is_none() {
            format = Format::new(FmtKind::Unsigned, precision, false);
        }
        let mut def = None;
        if let Some(d) = def_expr {
            let mut d = d.ltrim();
            def = Some(self.var_def(&mut d, format)?);
        }
        Ok((ast, format, def))
    }
}

/// `FindRegexVarEnd`: offset of the `]]` closing a substitution block.
fn find_regex_var_end(s: Sref, buf: usize) -> Result<Option<usize>, PErr> {
    let b = s.s;
    let mut i = 0;
    let mut depth = 0usize;
    while i < b.len() {
        if b[i..].starts_with(b"]]") && depth == 0 {
            return Ok(Some(i));
        }
        if b[i] == b'\\' {
            i += 2;
            continue;
        }
        match b[i] {
            b'[' => depth += 1,
            b']' => {
                if depth == 0 {
                    return Err(PErr {
                        loc: Loc {
                            buf,
                            off: s.off + i,
                        },
                        msg: "missing closing \"]\" for regex variable".into(),
                        blank: false,
                        exit1: true,
                    });
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

/// Escapes like `llvm::Regex::escape` (for the LLVM-syntax regex text).
fn llvm_escape(s: &[u8], out: &mut Vec<u8>) {
    for &c in s {
        if b"()^$|*+?.[]\\{}".contains(&c) {
            out.push(b'\\');
        }
        out.push(c);
    }
}

impl Pattern {
    pub fn eof(loc: Loc, line: usize) -> Self {
        Pattern::empty(CheckType::new(Kind::Eof), loc, Some(line), false)
    }

    fn empty(ty: CheckType, loc: Loc, line: Option<usize>, ic: bool) -> Self {
        Pattern {
            ty,
            loc,
            line,
            fixed: None,
            nodes: Vec::new(),
            llvm_re: Vec::new(),
            substs: Vec::new(),
            str_defs: Vec::new(),
            num_defs: Vec::new(),
            static_re: OnceCell::new(),
            ignore_case: ic,
        }
    }

    pub fn has_variable(&self) -> bool {
        !(self.substs.is_empty() && self.str_defs.is_empty())
    }

    pub fn is_eof(&self) -> bool {
        self.ty.kind == Kind::Eof
    }

    /// Length of the text fuzzy matching compares against.
    fn example(&self) -> &[u8] {
        match &self.fixed {
            Some(f) if !f.is_empty() => f,
            _ => &self.llvm_re,
        }
    }

    pub fn parse(
        ty: CheckType,
        text: Sref,
        prefix: &str,
        line: Option<usize>,
        buf: usize,
        ctx: &mut Ctx,
        o: &ParseOpts,
    ) -> Result<Pattern, PErr> {
        let full_lines = o.match_full_lines && ty.kind != Kind::Not;
        let loc = Loc { buf, off: text.off };
        let mut p = Pattern::empty(ty, loc, line, o.ignore_case);
        let mut s = text;
        if !(o.strict_whitespace && o.match_full_lines) {
            s = s.rtrim();
        }
        if s.is_empty() && ty.kind != Kind::Empty {
            return Err(perr(
                loc,
                format!("found empty check string with prefix '{prefix}:'"),
            ));
        }
        if !s.is_empty() && ty.kind == Kind::Empty {
            return Err(perr(
                loc,
                format!("found non-empty check string for empty check with prefix '{prefix}:'"),
            ));
        }
        if ty.kind == Kind::Empty {
            p.nodes = vec![Node::Open, Node::Re("\\n(?m:$)".into()), Node::Close];
            p.llvm_re = b"(\n$)".to_vec();
            return Ok(p);
        }
        if ty.literal {
            p.fixed = Some(s.s.to_vec());
            return Ok(p);
        }
        if !full_lines && (s.len() < 2 || (s.find(b"{{").is_none() && s.find(b"[[").is_none())) {
            p.fixed = Some(s.s.to_vec());
            return Ok(p);
        }
        if full_lines {
            p.llvm_re.push(b'^');
            p.nodes.push(Node::Re("(?m:^)".into()));
            if !o.strict_whitespace {
                p.llvm_re.extend_from_slice(b" *");
                p.nodes.push(Node::Re(" *".into()));
            }
        }
        let mut cur_paren = 1usize;
        // Variables defined earlier in this pattern, for backreferences.
        let mut local_defs: HashMap<Vec<u8>, usize> = HashMap::new();
        while !s.is_empty() {
            if s.starts_with(b"{{") {
                let Some(end) = s.find(b"}}") else {
                    return Err(perr(
                        Loc { buf, off: s.off },
                        "found start of regex string with no end '}}'",
                    ));
                };
                let alternation = s.find_byte(b'|').is_some();
                if alternation {
                    p.llvm_re.push(b'(');
                    p.nodes.push(Node::Open);
                    cur_paren += 1;
                }
                let re = s.sub(2, end);
                p.add_regex(re, &mut cur_paren, buf)?;
                if alternation {
                    p.llvm_re.push(b')');
                    p.nodes.push(Node::Close);
                }
                s = s.drop_front(end + 2);
                continue;
            }
            if s.starts_with(b"[[") && !s.starts_with(b"[[[") {
                let unparsed = s.drop_front(2);
                let end = find_regex_var_end(unparsed, buf)?;
                let Some(end) = end else {
                    return Err(perr(
                        Loc { buf, off: s.off },
                        "Invalid substitution block, no ]] found",
                    ));
                };
                let mut m = unparsed.take_front(end);
                let mut is_num = m.consume(b"#");
                s = unparsed.drop_front(end + 2);
                p.parse_subst_block(m, &mut is_num, &mut cur_paren, &mut local_defs, buf, ctx)?;
                continue;
            }
            let a = s.s[1..]
                .windows(2)
                .position(|w| w == b"{{" || w == b"[[")
                .map_or(s.len(), |i| i + 1);
            let lit = s.take_front(a);
            llvm_escape(lit.s, &mut p.llvm_re);
            p.nodes.push(Node::Lit(lit.s.to_vec()));
            s = s.drop_front(a);
        }
        if full_lines {
            if !o.strict_whitespace {
                p.llvm_re.extend_from_slice(b" *");
                p.nodes.push(Node::Re(" *".into()));
            }
            p.llvm_re.push(b'$');
            p.nodes.push(Node::Re("(?m:$)".into()));
        }
        Ok(p)
    }

    fn add_regex(&mut self, re: Sref, cur_paren: &mut usize, buf: usize) -> Result<(), PErr> {
        let t = posix::translate(re.s)
            .map_err(|m| perr(Loc { buf, off: re.off }, format!("invalid regex: {m}")))?;
        self.llvm_re.extend_from_slice(re.s);
        for piece in t.pieces {
            match piece {
                Piece::Re(r) => self.nodes.push(Node::Re(r)),
                Piece::Backref(n) => self.nodes.push(Node::Backref(n)),
            }
        }
        *cur_paren += t.groups;
        Ok(())
    }

    /// A `[[...]]` block (`m`, without its brackets; `is_num` for `[[#...]]`,
    /// set when it turns out to be a legacy numeric one): a variable's
    /// definition group, its regex or wildcard, and the substitution of a use.
    #[allow(clippy::too_many_arguments)]
    fn parse_subst_block(
        &mut self,
        m: Sref,
        is_num: &mut bool,
        cur_paren: &mut usize,
        local_defs: &mut HashMap<Vec<u8>, usize>,
        buf: usize,
        ctx: &mut Ctx,
    ) -> Result<(), PErr> {
        let b = self.read_block(m, is_num, buf, ctx)?;
        // A substitution goes right after the '(' of a definition group.
        let mut subst_at = self.nodes.len();
        if b.is_def {
            subst_at += 1;
            self.open_def(&b.def_name, b.num_def, cur_paren, local_defs, ctx);
        }
        if let Some(re) = b.match_re.filter(|r| !r.is_empty()) {
            self.add_regex(re, cur_paren, buf)?;
        }
        if let Some(f) = b.wildcard {
            self.llvm_re.extend_from_slice(f.llvm_wildcard().as_bytes());
            self.nodes.push(Node::Re(f.wildcard_regex()));
        }
        if b.is_def {
            self.nodes.push(Node::Close);
            self.llvm_re.push(b')');
        }
        if b.subst_needed {
            self.add_subst(b.subst_str, b.num, subst_at, local_defs, buf)?;
        }
        Ok(())
    }

    /// Parses a `[[...]]` block: its string variable part unless `is_num`,
    /// then its numeric part.
    fn read_block<'s>(
        &self,
        mut m: Sref<'s>,
        is_num: &mut bool,
        buf: usize,
        ctx: &mut Ctx,
    ) -> Result<Block<'s>, PErr> {
        let mut b = Block {
            is_def: false,
            def_name: Vec::new(),
            num_def: None,
            match_re: None,
            wildcard: None,
            subst_needed: false,
            subst_str: Sref::new(b"", m.off),
            num: None,
        };
        let mut legacy = false;
        if !*is_num {
            match parse_str_block(&mut m, buf, ctx)? {
                StrBlock::Def(name, re) => {
                    b.is_def = true;
                    b.def_name = name;
                    b.match_re = Some(re);
                }
                StrBlock::Use(name) => {
                    b.subst_needed = true;
                    b.subst_str = name;
                }
                StrBlock::Legacy => {
                    b.subst_needed = true;
                    legacy = true;
                    *is_num = true;
                }
            }
        }
        if *is_num {
            let mut np = NumParser {
                ctx,
                buf,
                line: self.line,
            };
            let (ast, fmt, def) = np.block(m, legacy)?;
            b.subst_needed = ast.is_some();
            if let Some(d) = def {
                b.is_def = true;
                b.def_name = ctx.num_vars[d].name.clone().into_bytes();
                b.num_def = Some(d);
            }
            if let Some(a) = ast {
                b.subst_str = m;
                b.num = Some((a, fmt));
            } else {
                b.wildcard = Some(fmt);
            }
        }
        Ok(b)
    }

    /// Opens the group that captures a definition of `def_name` (numeric:
    /// variable `num_def`) and records the variable as defined by it.
    fn open_def(
        &mut self,
        def_name: &[u8],
        num_def: Option<usize>,
        cur_paren: &mut usize,
        local_defs: &mut HashMap<Vec<u8>, usize>,
        ctx: &mut Ctx,
    ) {
        self.nodes.push(Node::Open);
        self.llvm_re.push(b'(');
        if let Some(d) = num_def {
            self.num_defs.retain(|&(v, _)| v != d);
            self.num_defs.push((d, *cur_paren));
            ctx.num_table
                .insert(String::from_utf8_lossy(def_name).into_owned(), d);
        } else {
            self.str_defs.retain(|(n, _)| *n != def_name);
            self.str_defs.push((def_name.to_vec(), *cur_paren));
            local_defs.insert(def_name.to_vec(), *cur_paren);
            ctx.defined_str.insert(def_name.to_vec());
        }
        *cur_paren += 1;
    }

    /// The use of a variable (`s`; numeric: `num`): a backreference to a
    /// string variable this pattern defines, else a substitution node at `at`.
    fn add_subst(
        &mut self,
        s: Sref,
        num: Option<(Ast, Format)>,
        at: usize,
        local_defs: &HashMap<Vec<u8>, usize>,
        buf: usize,
    ) -> Result<(), PErr> {
        let group = if num.is_none() {
            local_defs.get(s.s).copied()
        } else {
            None
        };
        if let Some(g) = group {
            if !(1..=20).contains(&g) {
                return Err(perr(
                    Loc { buf, off: s.off },
                    "Can't back-reference more than 20 variables",
                ));
            }
            self.nodes.push(Node::Backref(g));
            self.llvm_re.extend_from_slice(format!("\\{g}").as_bytes());
        } else {
            let kind = match num {
                Some((a, f)) => SubstKind::Num(a, f),
                None => SubstKind::Str(s.s.to_vec()),
            };
            self.nodes.insert(at, Node::Subst(self.substs.len()));
            self.substs.push(Subst {
                from: s.text(),
                loc: Loc { buf, off: s.off },
                kind,
            });
        }
        Ok(())
    }

    fn subst_value(&self, s: &Subst, ctx: &Ctx) -> Result<Vec<u8>, Vec<(Loc, String)>> {
        match &s.kind {
            SubstKind::Str(name) => match ctx.str_vars.get(name) {
                Some(v) => Ok(v.value.clone()),
                None => Err(vec![(
                    s.loc,
                    format!("undefined variable: {}", String::from_utf8_lossy(name)),
                )]),
            },
            SubstKind::Num(ast, fmt) => match ast.eval(&ctx.num_vars) {
                Ok(v) => fmt
                    .matching_string(v)
                    .map(String::into_bytes)
                    .ok_or_else(|| {
                        vec![(
                            s.loc,
                            "unable to substitute variable or numeric expression: overflow error"
                                .to_string(),
                        )]
                    }),
                Err(EvalError::Overflow) => Err(vec![(
                    s.loc,
                    "unable to substitute variable or numeric expression: overflow error".into(),
                )]),
                Err(EvalError::Undef(v)) => Err(v
                    .into_iter()
                    .map(|(n, l)| (l, format!("undefined variable: {n}")))
                    .collect()),
            },
        }
    }

    /// `with "VAR" equal to "value"` notes for the current substitutions.
    pub fn subst_notes(&self, ctx: &Ctx) -> Vec<String> {
        let mut out = Vec::new();
        for s in &self.substs {
            let Ok(v) = self.subst_value(s, ctx) else {
                continue;
            };
            let shown = match s.kind {
                SubstKind::Num(..) => format!("\"{}\"", String::from_utf8_lossy(&v)),
                SubstKind::Str(_) => {
                    if v.iter().any(|&c| !(0x20..0x7f).contains(&c) || c == b'"') {
                        format!("\"{}\" (escaped value)", write_escaped(&v))
                    } else {
                        format!("\"{}\"", String::from_utf8_lossy(&v))
                    }
                }
            };
            out.push(format!(
                "with \"{}\" equal to {}",
                write_escaped(s.from.as_bytes()),
                shown
            ));
        }
        out
    }

    /// Names and input ranges of variables this pattern captured.
    pub fn captured_vars(&self, ctx: &Ctx) -> Vec<(String, (usize, usize))> {
        let mut v = Vec::new();
        for (n, _) in &self.str_defs {
            if let Some(r) = ctx.str_vars.get(n).and_then(|s| s.range) {
                v.push((String::from_utf8_lossy(n).into_owned(), r));
            }
        }
        for &(id, _) in &self.num_defs {
            if let Some(r) = ctx.num_vars[id].range {
                v.push((ctx.num_vars[id].name.clone(), r));
            }
        }
        v.sort_by_key(|x| x.1 .0);
        v
    }

    /// Matches against `hay` (which starts at input offset `base`); returns
    /// the match position and length relative to `hay`.
    pub fn do_match(
        &self,
        ctx: &mut Ctx,
        hay: &[u8],
        base: usize,
    ) -> Result<(usize, usize), MatchErr> {
        if self.ty.kind == Kind::Eof {
            return Ok((hay.len(), 0));
        }
        if let Some(f) = &self.fixed {
            if !self.ignore_case {
                return memchr::memmem::find(hay, f)
                    .map(|p| (p, f.len()))
                    .ok_or(MatchErr::NotFound);
            }
            let mut re = String::new();
            posix::escape_literal(f, &mut re);
            let c = ctx.compile(&re).ok_or(MatchErr::NotFound)?;
            return c
                .search(hay, 0)
                .map(|(s, e)| (s, e - s))
                .ok_or(MatchErr::NotFound);
        }
        let mut values: Vec<Vec<u8>> = Vec::new();
        if !self.substs.is_empty() {
            if let Some(l) = self.line {
                ctx.num_vars[ctx.line_var].value = Some(l as i128);
            }
            let mut errs = Vec::new();
            for s in &self.substs {
                match self.subst_value(s, ctx) {
                    Ok(v) => values.push(v),
                    Err(e) => {
                        errs.extend(e);
                        values.push(Vec::new());
                    }
                }
            }
            if !errs.is_empty() {
                return Err(MatchErr::Errors(errs));
            }
            // All-literal patterns after substitution take the memmem path.
            if !self.ignore_case
                && self
                    .nodes
                    .iter()
                    .all(|n| matches!(n, Node::Lit(_) | Node::Subst(_)))
            {
                let mut lit = Vec::new();
                for n in &self.nodes {
                    match n {
                        Node::Lit(l) => lit.extend_from_slice(l),
                        Node::Subst(i) => lit.extend_from_slice(&values[*i]),
                        _ => unreachable!(),
                    }
                }
                return memchr::memmem::find(hay, &lit)
                    .map(|p| (p, lit.len()))
                    .ok_or(MatchErr::NotFound);
            }
        }
        let has_backref = self.nodes.iter().any(|n| matches!(n, Node::Backref(_)));
        let (s, e, caps) = if has_backref {
            self.match_backref(ctx, hay, &values)?
        } else {
            let c = if self.substs.is_empty() {
                self.static_re
                    .get_or_init(|| ctx.compile(&self.build_re(&values, None)))
                    .clone()
            } else {
                ctx.compile(&self.build_re(&values, None))
            };
            let c = c.ok_or(MatchErr::NotFound)?;
            let (s, e) = c.search(hay, 0).ok_or(MatchErr::NotFound)?;
            let caps = if self.str_defs.is_empty() && self.num_defs.is_empty() {
                Vec::new()
            } else {
                c.captures(hay, s, e)
            };
            (s, e, caps)
        };
        self.store_defs(ctx, hay, base, &caps);
        let skip = usize::from(self.ty.kind == Kind::Empty);
        Ok((s + skip, e - s - skip))
    }

    fn store_defs(&self, ctx: &mut Ctx, hay: &[u8], base: usize, caps: &[Option<(usize, usize)>]) {
        for (name, g) in &self.str_defs {
            let (a, b) = caps.get(*g).copied().flatten().unwrap_or((0, 0));
            ctx.str_vars.insert(
                name.clone(),
                StrVal {
                    value: hay[a..b].to_vec(),
                    range: Some((base + a, base + b)),
                },
            );
        }
        for &(id, g) in &self.num_defs {
            let (a, b) = caps.get(g).copied().flatten().unwrap_or((0, 0));
            let var = &mut ctx.num_vars[id];
            var.value = var.format.parse_value(&hay[a..b]);
            var.range = Some((base + a, base + b));
            let name = var.name.clone();
            ctx.num_table.entry(name).or_insert(id);
        }
    }

    /// Builds the Rust regex. `backrefs` supplies literal text for
    /// backreferences; without it they become copies of the group's regex.
    fn build_re(&self, values: &[Vec<u8>], backrefs: Option<&[Vec<u8>]>) -> String {
        let mut out = String::new();
        let mut group = 0usize;
        let mut open_stack: Vec<(usize, usize)> = Vec::new();
        let mut group_text: HashMap<usize, String> = HashMap::new();
        for n in &self.nodes {
            match n {
                Node::Lit(l) => posix::escape_literal(l, &mut out),
                Node::Re(r) => {
                    // Groups opened inside user regexes count too.
                    group += count_groups(r);
                    out.push_str(r);
                }
                Node::Open => {
                    group += 1;
                    open_stack.push((group, out.len()));
                    out.push('(');
                }
                Node::Close => {
                    out.push(')');
                    if let Some((g, start)) = open_stack.pop() {
                        group_text.insert(g, out[start + 1..out.len() - 1].to_string());
                    }
                }
                Node::Subst(i) => posix::escape_literal(&values[*i], &mut out),
                Node::Backref(g) => match backrefs {
                    Some(b) => posix::escape_literal(&b[*g], &mut out),
                    None => {
                        let t = group_text
                            .get(g)
                            .cloned()
                            .unwrap_or_else(|| "[^\\n]*".into());
                        out.push_str("(?:");
                        out.push_str(&decapture(&t));
                        out.push(')');
                    }
                },
            }
        }
        out
    }

    /// Backreferences: find candidates with each backreference relaxed to
    /// its group's regex, then confirm with the captured text substituted.
    #[allow(clippy::type_complexity)]
    fn match_backref(
        &self,
        ctx: &Ctx,
        hay: &[u8],
        values: &[Vec<u8>],
    ) -> Result<(usize, usize, Vec<Option<(usize, usize)>>), MatchErr> {
        let relaxed = ctx
            .compile(&self.build_re(values, None))
            .ok_or(MatchErr::NotFound)?;
        let mut from = 0;
        while from <= hay.len() {
            let Some((s, e)) = relaxed.search(hay, from) else {
                break;
            };
            let caps = relaxed.captures(hay, s, e);
            let texts: Vec<Vec<u8>> = (0..caps.len().max(21))
                .map(|g| {
                    caps.get(g)
                        .copied()
                        .flatten()
                        .map_or(Vec::new(), |(a, b)| hay[a..b].to_vec())
                })
                .collect();
            if let Some(c) = ctx.compile(&self.build_re(values, Some(&texts))) {
                if let Some(m) = c
                    .longest
                    .search(&Input::new(hay).range(s..).anchored(Anchored::Yes))
                {
                    let caps = c.captures(hay, s, m.end());
                    return Ok((s, m.end(), caps));
                }
            }
            from = s + 1;
        }
        Err(MatchErr::NotFound)
    }

    /// FileCheck's `computeMatchDistance` for fuzzy matching.
    fn match_distance(&self, buf: &[u8]) -> usize {
        let ex = self.example();
        let pre = &buf[..ex.len().min(buf.len())];
        let pre = match memchr::memchr(b'\n', pre) {
            Some(i) => &pre[..i],
            None => pre,
        };
        edit_distance(pre, ex)
    }

    /// Offset (within `buf`) of the most plausible intended match, if any.
    pub fn fuzzy_match(&self, buf: &[u8]) -> Option<usize> {
        let ex_len = self
            .fixed
            .as_ref()
            .map_or(0, |f| f.len())
            .max(self.llvm_re.len());
        if 4096 * 2048 < buf.len().min(4096) * ex_len {
            return None;
        }
        let mut lines = 0usize;
        let mut best: Option<usize> = None;
        let mut best_q = 0f64;
        for i in 0..buf.len().min(4096) {
            if buf[i] == b'\n' {
                lines += 1;
            }
            if buf[i] == b' ' || buf[i] == b'\t' {
                continue;
            }
            let q = self.match_distance(&buf[i..]) as f64 + lines as f64 / 100.0;
            if best.is_none() || q < best_q {
                best = Some(i);
                best_q = q;
            }
        }
        best.filter(|&b| b != 0 && best_q < 50.0)
    }
}

fn count_groups(r: &str) -> usize {
    let b = r.as_bytes();
    (0..b.len())
        .filter(|&i| b[i] == b'(' && b.get(i + 1) != Some(&b'?') && !escaped(b, i))
        .count()
}

fn escaped(b: &[u8], i: usize) -> bool {
    let mut n = 0;
    let mut j = i;
    while j > 0 && b[j - 1] == b'\\' {
        n += 1;
        j -= 1;
    }
    n % 2 == 1
}

/// Turns capturing groups into non-capturing ones so copies of a group's
/// regex do not shift group numbers.
fn decapture(r: &str) -> String {
    let b = r.as_bytes();
    let mut out = String::new();
    for (i, ch) in r.char_indices() {
        out.push(ch);
        if ch == '(' && b.get(i + 1) != Some(&b'?') && !escaped(b, i) {
            out.push_str("?:");
        }
    }
    out
}

fn write_escaped(s: &[u8]) -> String {
    let mut out = String::new();
    for &c in s {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\{c:03o}")),
        }
    }
    out
}

/// Levenshtein distance (LLVM's `ComputeEditDistance` with replacements).
pub fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = old;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    static LINE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);

    fn parse(s: &str, ctx: &mut Ctx) -> Result<Pattern, PErr> {
        let o = ParseOpts {
            match_full_lines: false,
            strict_whitespace: false,
            ignore_case: false,
        };
        Pattern::parse(
            CheckType::new(Kind::Plain),
            Sref::new(s.as_bytes(), 0),
            "CHECK",
            Some(LINE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)),
            0,
            ctx,
            &o,
        )
    }

    fn ctx() -> Ctx {
        let mut c = Ctx::new(false);
        c.create_line_var();
        c
    }

    #[test]
    fn fixed_and_regex() {
        let mut c = ctx();
        let p = parse("foo bar", &mut c).unwrap();
        assert_eq!(p.fixed.as_deref(), Some(&b"foo bar"[..]));
        let p = parse("a{{b|c}}d", &mut c).unwrap();
        assert_eq!(p.llvm_re, b"a(b|c)d");
        assert_eq!(p.do_match(&mut c, b"xxacd", 0).ok(), Some((2, 3)));
    }

    #[test]
    fn leftmost_longest() {
        let mut c = ctx();
        let p = parse("{{(a|ab)(c|bcd)}}", &mut c).unwrap();
        assert_eq!(p.do_match(&mut c, b"abcd", 0).ok(), Some((0, 4)));
    }

    #[test]
    fn variables() {
        let mut c = ctx();
        let d = parse("x=[[X:[0-9]+]]", &mut c).unwrap();
        assert!(d.do_match(&mut c, b"x=42;", 0).is_ok());
        assert_eq!(c.str_vars[&b"X"[..]].value, b"42");
        let u = parse("y=[[X]]", &mut c).unwrap();
        assert_eq!(u.do_match(&mut c, b"y=4 y=42", 0).ok(), Some((4, 4)));
        let b = parse("[[Y:[a-z]+]] = [[Y]]", &mut c).unwrap();
        assert_eq!(
            b.do_match(&mut c, b"ab = ac, cd = cd", 0).ok(),
            Some((9, 7))
        );
    }

    #[test]
    fn numeric() {
        let mut c = ctx();
        let d = parse("[[#%x,N:]]", &mut c).unwrap();
        assert!(d.do_match(&mut c, b"ff", 0).is_ok());
        let u = parse("[[#N+1]] [[#add(N,2)]]", &mut c).unwrap();
        assert_eq!(u.do_match(&mut c, b"100 101", 0).ok(), Some((0, 7)));
        assert!(parse("[[#N*2]]", &mut c).is_err());
        assert!(parse("[[#foo(1)]]", &mut c).is_err());
        let l = parse("[[@LINE+2]]", &mut c).unwrap();
        let want = (l.line.unwrap() + 2).to_string();
        let hay = format!("a {want}");
        assert_eq!(
            l.do_match(&mut c, hay.as_bytes(), 0).ok(),
            Some((2, want.len()))
        );
    }

    #[test]
    fn parse_errors() {
        let mut c = ctx();
        assert_eq!(
            parse("{{a", &mut c).err().unwrap().msg,
            "found start of regex string with no end '}}'"
        );
        assert_eq!(
            parse("[[X", &mut c).err().unwrap().msg,
            "Invalid substitution block, no ]] found"
        );
        assert_eq!(
            parse("[[X Y]]", &mut c).err().unwrap().msg,
            "unexpected whitespace"
        );
        assert_eq!(
            parse("[[1X]]", &mut c).err().unwrap().msg,
            "invalid variable name"
        );
        assert_eq!(
            parse("{{a**}}", &mut c).err().unwrap().msg,
            "invalid regex: repetition-operator operand invalid"
        );
    }

    #[test]
    fn distance() {
        assert_eq!(edit_distance(b"kitten", b"sitting"), 3);
        assert_eq!(edit_distance(b"", b"abc"), 3);
    }
}
