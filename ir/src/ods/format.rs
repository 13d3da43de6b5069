//! Assembly-format strings in the style of MLIR's ODS, compiled once per op into a
//! list of elements that `format_parse.rs` and `format_print.rs` interpret.
//!
//! Supported: `$operand`, `$attr`, `$region`, `$successor`, `operands`, `regions`,
//! `successors`, `attr-dict`, `attr-dict-with-keyword`, `type($x)`,
//! `type(operands)`, `type(results)`, `qualified(...)`, `functional-type(a, b)`,
//! `` `keyword` `` and punctuation literals, `` ` ` `` and ``` `` ``` spacing, optional
//! groups `( ... )?` with an anchor `^` and an optional else group
//! `( ... ) : ( ... )?`, and `custom<Name>(args)` with `ref(...)` arguments.

use super::spec::OpSpec;

pub use super::spec::{Arg, CustomDirective, TypeArg};

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Elem {
    Literal(String),
    /// `` ` ` `` (true) or ``` `` ``` (false).
    Space(bool),
    Operand(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
    AllOperands,
    AllRegions,
    AllSuccessors,
    AttrDict {
        keyword: bool,
    },
    Type {
        arg: TypeArg,
        qualified: bool,
    },
    Functional(TypeArg, TypeArg),
    Optional {
        then: Vec<Node>,
        els: Vec<Node>,
        /// The anchor element: the group is printed when it is present.
        anchor: Box<Elem>,
        /// The anchor is a unit attribute that is not printed.
        elided_anchor: bool,
    },
    Custom {
        index: usize,
        args: Vec<Arg>,
    },
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Node {
    pub elem: Elem,
    /// Print a space before this element (MLIR's generated printer spacing).
    pub space: bool,
}

/// A compiled format.
#[derive(Clone, Debug, Default)]
pub struct Format {
    pub elems: Vec<Node>,
    /// Attributes bound by `$attr` elements: elided from `attr-dict`.
    pub bound_attrs: Vec<usize>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum Tok {
    Lit(String),
    Var(String),
    Word(String),
    Punct(char),
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' => i += 1,
            b'`' => {
                let end = s[i + 1..]
                    .find('`')
                    .ok_or_else(|| "unterminated literal".to_string())?;
                out.push(Tok::Lit(s[i + 1..i + 1 + end].to_string()));
                i += end + 2;
            }
            b'$' => {
                let start = i + 1;
                i = start;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(Tok::Var(s[start..i].to_string()));
            }
            b'(' | b')' | b'?' | b'^' | b',' | b':' | b'<' | b'>' => {
                out.push(Tok::Punct(c as char));
                i += 1;
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-')
                {
                    i += 1;
                }
                out.push(Tok::Word(s[start..i].to_string()));
            }
            _ => return Err(format!("unexpected character '{}' in format", c as char)),
        }
    }
    Ok(out)
}

struct Compiler<'s> {
    spec: &'s OpSpec,
    toks: Vec<Tok>,
    pos: usize,
    bound_attrs: Vec<usize>,
    has_attr_dict: bool,
}

impl Compiler<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.next() {
            Some(Tok::Punct(p)) if p == c => Ok(()),
            t => Err(format!("expected '{c}' in format, got {t:?}")),
        }
    }

    /// Elements until `)` (not consumed) or the end.
    fn elems(&mut self, nested: bool) -> Result<(Vec<Elem>, Option<usize>), String> {
        let mut v = Vec::new();
        let mut anchor = None;
        loop {
            match self.peek() {
                None => {
                    if nested {
                        return Err("unterminated optional group".into());
                    }
                    return Ok((v, anchor));
                }
                Some(Tok::Punct(')')) if nested => return Ok((v, anchor)),
                Some(Tok::Punct('^')) => {
                    self.pos += 1;
                    if !nested || v.is_empty() {
                        return Err("'^' must follow an element of an optional group".into());
                    }
                    anchor = Some(v.len() - 1);
                }
                _ => v.push(self.elem()?),
            }
        }
    }

    fn var(&self, name: &str) -> Result<Elem, String> {
        let s = self.spec;
        if let Some(i) = s.operand_index(name) {
            return Ok(Elem::Operand(i));
        }
        if let Some(i) = s.attr_index(name) {
            return Ok(Elem::Attr(i));
        }
        if let Some(i) = s.regions.iter().position(|r| r.name == name) {
            return Ok(Elem::Region(i));
        }
        if let Some(i) = s.successors.iter().position(|r| r.name == name) {
            return Ok(Elem::Successor(i));
        }
        Err(format!(
            "'{name}' is not an operand, attribute, region or successor"
        ))
    }

    fn type_arg(&mut self) -> Result<TypeArg, String> {
        match self.next() {
            Some(Tok::Var(n)) => {
                if let Some(i) = self.spec.operand_index(&n) {
                    Ok(TypeArg::Operand(i))
                } else if let Some(i) = self.spec.result_index(&n) {
                    Ok(TypeArg::Result(i))
                } else {
                    Err(format!("'{n}' is not an operand or result"))
                }
            }
            Some(Tok::Word(w)) if w == "operands" => Ok(TypeArg::AllOperands),
            Some(Tok::Word(w)) if w == "results" => Ok(TypeArg::AllResults),
            t => Err(format!("expected a type directive argument, got {t:?}")),
        }
    }

    fn type_directive(&mut self, qualified: bool) -> Result<Elem, String> {
        self.expect('(')?;
        let arg = self.type_arg()?;
        self.expect(')')?;
        Ok(Elem::Type { arg, qualified })
    }

    fn custom_arg(&mut self) -> Result<Arg, String> {
        match self.next() {
            Some(Tok::Var(n)) => Ok(match self.var(&n)? {
                Elem::Operand(i) => Arg::Operand(i),
                Elem::Attr(i) => {
                    self.bound_attrs.push(i);
                    Arg::Attr(i)
                }
                Elem::Region(i) => Arg::Region(i),
                Elem::Successor(i) => Arg::Successor(i),
                _ => unreachable!("var returns variables"),
            }),
            Some(Tok::Word(w)) if w == "type" => {
                self.expect('(')?;
                let a = self.type_arg()?;
                self.expect(')')?;
                Ok(Arg::Type(a))
            }
            Some(Tok::Word(w)) if w == "attr-dict" => Ok(Arg::AttrDict),
            Some(Tok::Word(w)) if w == "ref" => {
                self.expect('(')?;
                let a = self.custom_arg()?;
                self.expect(')')?;
                Ok(Arg::Ref(Box::new(a)))
            }
            t => Err(format!("unexpected custom directive argument {t:?}")),
        }
    }

    fn elem(&mut self) -> Result<Elem, String> {
        match self.next() {
            Some(Tok::Lit(l)) => Ok(match l.as_str() {
                " " => Elem::Space(true),
                "" => Elem::Space(false),
                _ => Elem::Literal(l),
            }),
            Some(Tok::Var(n)) => {
                let e = self.var(&n)?;
                if let Elem::Attr(i) = e {
                    self.bound_attrs.push(i);
                }
                Ok(e)
            }
            Some(Tok::Word(w)) => match w.as_str() {
                "attr-dict" | "attr-dict-with-keyword" => {
                    if self.has_attr_dict {
                        return Err("'attr-dict' directive has already been seen".into());
                    }
                    self.has_attr_dict = true;
                    Ok(Elem::AttrDict {
                        keyword: w == "attr-dict-with-keyword",
                    })
                }
                "operands" => Ok(Elem::AllOperands),
                "regions" => Ok(Elem::AllRegions),
                "successors" => Ok(Elem::AllSuccessors),
                "type" => self.type_directive(false),
                "qualified" => {
                    self.expect('(')?;
                    let e = match self.next() {
                        Some(Tok::Word(w)) if w == "type" => self.type_directive(true)?,
                        Some(Tok::Var(n)) => self.var(&n)?,
                        t => return Err(format!("unexpected {t:?} in qualified")),
                    };
                    self.expect(')')?;
                    Ok(e)
                }
                "functional-type" => {
                    self.expect('(')?;
                    let a = self.type_arg()?;
                    self.expect(',')?;
                    let b = self.type_arg()?;
                    self.expect(')')?;
                    Ok(Elem::Functional(a, b))
                }
                "custom" => {
                    self.expect('<')?;
                    let name = match self.next() {
                        Some(Tok::Word(n)) => n,
                        t => return Err(format!("expected custom directive name, got {t:?}")),
                    };
                    self.expect('>')?;
                    let index = self
                        .spec
                        .custom
                        .iter()
                        .position(|c| c.name == name)
                        .ok_or_else(|| format!("custom directive '{name}' is not declared"))?;
                    self.expect('(')?;
                    let mut args = Vec::new();
                    if self.peek() != Some(&Tok::Punct(')')) {
                        loop {
                            args.push(self.custom_arg()?);
                            if self.peek() == Some(&Tok::Punct(',')) {
                                self.pos += 1;
                            } else {
                                break;
                            }
                        }
                    }
                    self.expect(')')?;
                    Ok(Elem::Custom { index, args })
                }
                _ => Err(format!("unknown directive '{w}'")),
            },
            Some(Tok::Punct('(')) => {
                let (then, anchor) = self.elems(true)?;
                self.expect(')')?;
                let mut els = Vec::new();
                let mut else_anchor = None;
                if self.peek() == Some(&Tok::Punct(':')) {
                    self.pos += 1;
                    self.expect('(')?;
                    let (e, a) = self.elems(true)?;
                    els = e;
                    else_anchor = a;
                    self.expect(')')?;
                }
                self.expect('?')?;
                if then.is_empty() {
                    return Err("optional group has no elements".into());
                }
                let anchor = match (anchor, else_anchor) {
                    (Some(a), _) => then[a].clone(),
                    (None, Some(_)) => {
                        return Err("inverted optional anchors are unsupported".into())
                    }
                    (None, None) => return Err("optional group has no anchor".into()),
                };
                let is_unit = match anchor {
                    Elem::Attr(i) => self.spec.attrs[i].constraint.desc == "unit attribute",
                    _ => false,
                };
                let elided_anchor = is_unit && then[0] != anchor && els.first() != Some(&anchor);
                Ok(Elem::Optional {
                    then: then.into_iter().map(node).collect(),
                    els: els.into_iter().map(node).collect(),
                    anchor: Box::new(anchor),
                    elided_anchor,
                })
            }
            t => Err(format!("unexpected {t:?} in format")),
        }
    }
}

fn node(elem: Elem) -> Node {
    Node { elem, space: false }
}

/// Compiles `src` for `spec`.
pub fn compile(spec: &OpSpec, src: &str) -> Result<Format, String> {
    let mut c = Compiler {
        spec,
        toks: lex(src)?,
        pos: 0,
        bound_attrs: Vec::new(),
        has_attr_dict: false,
    };
    let (elems, _) = c.elems(false)?;
    if !c.has_attr_dict {
        return Err("'attr-dict' directive not found in custom assembly format".into());
    }
    let mut nodes: Vec<Node> = elems.into_iter().map(node).collect();
    let (mut should_space, mut last_punct) = (true, false);
    layout(&mut nodes, &mut should_space, &mut last_punct, None);
    Ok(Format {
        elems: nodes,
        bound_attrs: c.bound_attrs,
    })
}

/// MLIR's printer spacing, decided once at compile time as its generator does:
/// a space goes before an element unless punctuation rules say otherwise.
fn layout(nodes: &mut [Node], should_space: &mut bool, last_punct: &mut bool, skip: Option<&Elem>) {
    for n in nodes {
        if skip == Some(&n.elem) {
            continue;
        }
        match &mut n.elem {
            Elem::Literal(l) => {
                n.space = *should_space && space_before_literal(l, *last_punct);
                let f = l.as_bytes()[0];
                *should_space = l.len() != 1 || !b"<({[".contains(&f);
                *last_punct = f != b'_' && !f.is_ascii_alphabetic();
            }
            Elem::Space(s) => {
                *last_punct = !*s;
                *should_space = false;
            }
            Elem::Optional {
                then,
                els,
                anchor,
                elided_anchor,
            } => {
                let skip = if *elided_anchor {
                    Some(&**anchor)
                } else {
                    None
                };
                let skip = skip.cloned();
                layout(then, should_space, last_punct, skip.as_ref());
                layout(els, should_space, last_punct, skip.as_ref());
            }
            Elem::AttrDict { .. } => *last_punct = false,
            _ => {
                n.space = *should_space || !*last_punct;
                *last_punct = false;
                *should_space = true;
            }
        }
    }
}

fn space_before_literal(l: &str, last_punct: bool) -> bool {
    if l.len() != 1 && l != "->" {
        return true;
    }
    let f = l.as_bytes()[0];
    if last_punct {
        !b">)}],".contains(&f)
    } else {
        !b"<>(){}[],".contains(&f)
    }
}
