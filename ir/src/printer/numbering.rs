//! SSA value and block names (`%N`, `%argN`, `%name`, `^bbN`) and block predecessors,
//! computed in one pass before printing, in dense maps indexed by id.
//!
//! MLIR numbers with an explicit stack of regions: pop a region, number its blocks,
//! block arguments and op results, push the regions of its ops; the last op's last
//! region is therefore numbered first. In custom mode each popped region restores the
//! counters saved when it was pushed (names repeat across sibling regions); in
//! generic mode the counters keep running (names are unique in the whole op).
//!
//! In custom mode ops may name their results ([`ResultNamesFn`], MLIR's
//! `getAsmResultNames`): `%c1_i32`, `%cst`. A name already visible from the region
//! (its own and its ancestors' names: a scope per region) gets a `_K` suffix, K
//! drawn from a counter (saved and restored with the others) until the name is free.

use crate::context::Context;
use crate::dialect::DialectRegistry;
use crate::entity::{Block, Op, Region, Value};
use crate::store::{Ir, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

const NONE: u32 = u32::MAX;
/// Marks an entry-block argument (`%argN`).
const ARG: u32 = 1 << 31;
/// Marks a named value; the rest indexes `name_spans`.
const NAMED: u32 = 1 << 30;

/// Names the results of one op in custom form: `set(result index, name)` for each
/// named result; an empty name means the default number.
pub type ResultNamesFn = fn(&Context, &Ir, Op, &mut dyn FnMut(usize, &str));

/// The op interface holding a registered op's [`ResultNamesFn`].
#[derive(Clone, Copy)]
pub struct ResultNames(pub ResultNamesFn);

impl Context {
    /// Makes the registered op `name` name its results in the custom form
    /// (`%cst`); `false` (and nothing kept) if no such op is registered.
    pub fn register_result_names(&mut self, name: &str, f: ResultNamesFn) -> bool {
        self.attach_interface(name, ResultNames(f))
    }
}

pub struct Numbering {
    values: Vec<u32>,
    blocks: Vec<u32>,
    /// Head of each block's predecessor list (index into `edges`), by block index.
    pred_head: Vec<u32>,
    /// (predecessor block, next edge) linked lists.
    edges: Vec<(Block, u32)>,
    /// The text of named values: (start, len) into `name_text`.
    name_spans: Vec<(u32, u32)>,
    name_text: String,
    /// First result index of each result group, for ops whose names start a group
    /// after result 0 (`%sum, %overflow = ...`).
    groups: FxHashMap<Op, Box<[u32]>>,
}

fn set(v: &mut Vec<u32>, i: usize, x: u32) {
    if i >= v.len() {
        v.resize((i + 1).max(v.len() * 2), NONE);
    }
    v[i] = x;
}

fn get(v: &[u32], i: usize) -> u32 {
    v.get(i).copied().unwrap_or(NONE)
}

/// Counters and the scoped set of used names while numbering.
struct State<'c> {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    /// The registry, whose ops carry their result-name hooks; `None` in generic mode.
    hooks: Option<&'c DialectRegistry>,
    /// Names visible in the current scope chain, except canonical `argN` names of
    /// entry-block arguments (those are exactly `arg0 .. arg{next_arg-1}`).
    used: FxHashSet<Box<str>>,
    /// Names in insertion order; `scopes` holds each scope's start in it.
    log: Vec<Box<str>>,
    scopes: Vec<usize>,
    hints: Vec<(usize, String)>,
}

impl State<'_> {
    fn pop_scopes_to(&mut self, depth: usize) {
        while self.scopes.len() > depth {
            let start = self.scopes.pop().unwrap_or(0);
            for name in self.log.drain(start..) {
                self.used.remove(&name);
            }
        }
    }

    fn is_used(&self, name: &str) -> bool {
        if self.used.contains(name) {
            return true;
        }
        // A canonical `argN` (no leading zeros) of an argument numbered so far.
        let digits = match name.strip_prefix("arg") {
            Some(d) if !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()) => d,
            _ => return false,
        };
        if digits.len() > 1 && digits.starts_with('0') {
            return false;
        }
        digits.parse::<u32>().is_ok_and(|n| n < self.next_arg)
    }

    /// MLIR's `uniqueValueName`: sanitizes `name`, then suffixes `_K` until unused,
    /// and records the result as used in the current scope.
    fn unique(&mut self, name: &str) -> String {
        let mut name = sanitize(name);
        if self.is_used(&name) {
            let base = name.len();
            name.push('_');
            loop {
                name.truncate(base + 1);
                push_u32(&mut name, self.next_conflict);
                self.next_conflict += 1;
                if !self.is_used(&name) {
                    break;
                }
            }
        }
        let boxed: Box<str> = name.as_str().into();
        self.used.insert(boxed.clone());
        self.log.push(boxed);
        name
    }
}

/// MLIR's `sanitizeIdentifier`: keeps letters, digits and `$._-`, turns spaces into
/// `_` and other bytes into upper-case hex; a leading digit or invalid character
/// gets a `_` prefix.
fn sanitize(name: &str) -> String {
    let valid = |c: u8| c.is_ascii_alphanumeric() || b"$._-".contains(&c);
    let bytes = name.as_bytes();
    let first = bytes[0];
    let prefix = first.is_ascii_digit() || (!valid(first) && first != b' ');
    if !prefix && bytes.iter().all(|&c| valid(c)) {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len() + 1);
    if prefix {
        out.push('_');
    }
    for &c in bytes {
        if valid(c) {
            out.push(c as char);
        } else if c == b' ' {
            out.push('_');
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            if c >= 16 {
                out.push(HEX[(c >> 4) as usize] as char);
            }
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
    out
}

impl Numbering {
    pub fn new(ctx: &Context, ir: &Ir, top: Op, generic: bool) -> Numbering {
        let mut n = Numbering {
            values: Vec::new(),
            blocks: Vec::new(),
            pred_head: Vec::new(),
            edges: Vec::new(),
            name_spans: Vec::new(),
            name_text: String::new(),
            groups: FxHashMap::default(),
        };
        let hooks = (!generic).then_some(&ctx.registry);
        let mut st = State {
            next_value: 0,
            next_arg: 0,
            next_conflict: 0,
            hooks,
            used: FxHashSet::default(),
            log: Vec::new(),
            scopes: vec![0],
            hints: Vec::new(),
        };
        // (region, next value id, next argument id, next conflict id, scope depth of
        // the parent region)
        let mut stack: Vec<(Region, u32, u32, u32, usize)> = Vec::new();
        for &r in ir.regions(top) {
            stack.push((r, 0, 0, 0, 1));
        }
        n.number_op(ctx, ir, &mut st, top);
        while let Some((region, v, a, c, depth)) = stack.pop() {
            if !generic {
                st.next_value = v;
                st.next_arg = a;
                st.next_conflict = c;
            }
            st.pop_scopes_to(depth);
            st.scopes.push(st.log.len());
            for (bi, block) in ir.region_blocks(region).enumerate() {
                set(&mut n.blocks, block.index(), bi as u32);
                let entry = bi == 0;
                for &arg in ir.block_args(block) {
                    if entry {
                        n.number_entry_arg(&mut st, arg);
                    } else {
                        set(&mut n.values, arg.index(), st.next_value);
                        st.next_value += 1;
                    }
                }
                for op in ir.block_ops(block) {
                    n.number_op(ctx, ir, &mut st, op);
                    for &succ in ir.successors(op) {
                        let head = get(&n.pred_head, succ.index());
                        n.edges.push((block, head));
                        set(&mut n.pred_head, succ.index(), (n.edges.len() - 1) as u32);
                    }
                }
            }
            let depth = st.scopes.len();
            for block in ir.region_blocks(region) {
                for op in ir.block_ops(block) {
                    for &r in ir.regions(op) {
                        stack.push((r, st.next_value, st.next_arg, st.next_conflict, depth));
                    }
                }
            }
        }
        n
    }

    /// `%argN`, unless a result name took `argN` already (then it is uniqued too).
    fn number_entry_arg(&mut self, st: &mut State<'_>, arg: Value) {
        let id = st.next_arg;
        if !st.used.is_empty() {
            let mut name = String::from("arg");
            push_u32(&mut name, id);
            if st.used.contains(name.as_str()) {
                let unique = st.unique(&name);
                let named = self.add_name(&unique);
                set(&mut self.values, arg.index(), named);
                st.next_arg += 1;
                return;
            }
        }
        set(&mut self.values, arg.index(), id | ARG);
        st.next_arg += 1;
    }

    fn add_name(&mut self, name: &str) -> u32 {
        let start = self.name_text.len() as u32;
        self.name_text.push_str(name);
        self.name_spans.push((start, name.len() as u32));
        (self.name_spans.len() - 1) as u32 | NAMED
    }

    /// Names (through the op's hook) or numbers the results of `op`.
    fn number_op(&mut self, ctx: &Context, ir: &Ir, st: &mut State<'_>, op: Op) {
        let results = ir.results(op);
        let Some(&r0) = results.first() else {
            return;
        };
        if let Some(&ResultNames(hook)) = st
            .hooks
            .and_then(|r| r.op_interface::<ResultNames>(ir.op(op).name))
        {
            let mut hints = std::mem::take(&mut st.hints);
            hints.clear();
            hook(ctx, ir, op, &mut |i, name| {
                if i < results.len() && !hints.iter().any(|h| h.0 == i) {
                    hints.push((i, name.to_string()));
                }
            });
            let mut groups = vec![0u32];
            for (i, name) in &hints {
                let v = results[*i];
                if name.is_empty() {
                    set(&mut self.values, v.index(), st.next_value);
                    st.next_value += 1;
                } else {
                    let unique = st.unique(name);
                    let named = self.add_name(&unique);
                    set(&mut self.values, v.index(), named);
                }
                if *i != 0 {
                    groups.push(*i as u32);
                }
            }
            st.hints = hints;
            if groups.len() > 1 {
                groups.sort_unstable();
                self.groups.insert(op, groups.into_boxed_slice());
            }
        }
        if get(&self.values, r0.index()) == NONE {
            set(&mut self.values, r0.index(), st.next_value);
            st.next_value += 1;
        }
    }

    /// The result groups of `op` as defined: `%0:3`, or `%sum, %overflow`.
    pub fn push_result_defs(&self, ir: &Ir, out: &mut String, op: Op) {
        let results = ir.results(op);
        let n = results.len() as u32;
        let whole = [0u32];
        let starts: &[u32] = match self.groups.get(&op) {
            Some(g) => g,
            None => &whole,
        };
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(n);
            if k > 0 {
                out.push_str(", ");
            }
            self.push_value_head(out, results[start as usize]);
            if end - start > 1 {
                out.push(':');
                push_u32(out, end - start);
            }
        }
    }

    /// Appends `%N`, `%argN` or `%N#i` (a result of a multi-result op).
    pub fn push_value(&self, ir: &Ir, out: &mut String, v: Value) {
        match ir.value(v).def {
            ValueDef::Result { op, index } => {
                let results = ir.results(op);
                let n = results.len() as u32;
                // The group holding this result: its first result and size.
                let group = (!self.groups.is_empty())
                    .then(|| self.groups.get(&op))
                    .flatten();
                let (start, size) = match group {
                    Some(g) => {
                        let k = g.partition_point(|&s| s <= index).saturating_sub(1);
                        let end = g.get(k + 1).copied().unwrap_or(n);
                        (g[k], end - g[k])
                    }
                    _ => (0, n),
                };
                let head = results[start as usize];
                if get(&self.values, head.index()) == NONE {
                    out.push_str("<<UNKNOWN SSA VALUE>>");
                    return;
                }
                self.push_value_head(out, head);
                if n > 1 && size > 1 {
                    out.push('#');
                    push_u32(out, index - start);
                }
            }
            ValueDef::BlockArg { .. } => self.push_value_head(out, v),
            ValueDef::Placeholder => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    /// The name of a value without any `#i` (block args, first results).
    pub fn push_value_head(&self, out: &mut String, v: Value) {
        let id = get(&self.values, v.index());
        if id == NONE {
            out.push_str("<<UNKNOWN SSA VALUE>>");
        } else if id & ARG != 0 {
            out.push_str("%arg");
            push_u32(out, id & !ARG);
        } else if id & NAMED != 0 {
            let (start, len) = self.name_spans[(id & !NAMED) as usize];
            out.push('%');
            out.push_str(&self.name_text[start as usize..(start + len) as usize]);
        } else {
            out.push('%');
            push_u32(out, id);
        }
    }

    /// The number of a block within its region (`^bbN`).
    pub fn block_number(&self, b: Block) -> u32 {
        get(&self.blocks, b.index())
    }

    pub fn push_block(&self, ir: &Ir, out: &mut String, b: Block) {
        let mut n = self.block_number(b);
        if n == NONE {
            // A successor outside the printed op (an op printed alone, as in the
            // "see current operation" note): its position in its region, as MLIR.
            n = match ir.block_parent(b) {
                Some(r) => ir.region_blocks(r).position(|x| x == b).unwrap_or(0) as u32,
                None => NONE,
            };
        }
        if n == NONE {
            out.push_str("INVALIDBLOCK");
        } else {
            out.push_str("^bb");
            push_u32(out, n);
        }
    }

    /// The predecessor blocks of `b` (one per successor edge), unordered.
    pub fn preds(&self, b: Block, into: &mut Vec<Block>) {
        into.clear();
        let mut e = get(&self.pred_head, b.index());
        while e != NONE {
            let (p, next) = self.edges[e as usize];
            into.push(p);
            e = next;
        }
    }
}

/// Appends a decimal number without going through `fmt`.
pub fn push_u32(out: &mut String, mut n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

pub fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_u64(out, n.unsigned_abs());
}

pub fn push_u64(out: &mut String, mut m: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::sanitize;
    use crate::attributes::AttrKind;

    use crate::printer::{print_top_level, PrintOptions};
    use crate::{Context, Ir, Op};

    /// `test.n {n = ["a", "", ...]}` names result i after the i-th string.
    fn names(ctx: &Context, ir: &Ir, op: Op, set: &mut dyn FnMut(usize, &str)) {
        let Some(a) = crate::symbol::op_attr(ctx, ir, op, "n") else {
            return;
        };
        if let AttrKind::Array(xs) = ctx.attr_kind(a) {
            for (i, &x) in xs.iter().enumerate() {
                if let AttrKind::String { value, .. } = ctx.attr_kind(x) {
                    set(i, std::str::from_utf8(value).unwrap_or(""));
                }
            }
        }
    }

    fn print(src: &str, generic: bool) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        ctx.register_op(crate::dialect::OpDef {
            name: "test.n",
            traits: Default::default(),
            verify: None,
            interfaces: Default::default(),
        });
        assert!(ctx.register_result_names("test.n", names));
        let mut ir = Ir::new();
        let top = crate::parser::parse_str(&mut ctx, &mut ir, "t", src).expect("parses");
        let opts = PrintOptions {
            generic,
            debuginfo: false,
            local_scope: false,
        };
        print_top_level(&ctx, &ir, top, &opts)
    }

    #[test]
    fn sanitizes_like_mlir() {
        assert_eq!(sanitize("c-1_i8"), "c-1_i8");
        assert_eq!(sanitize("x.y$z"), "x.y$z");
        assert_eq!(sanitize("9x"), "_9x");
        assert_eq!(sanitize("a b"), "a_b");
        assert_eq!(sanitize("a\u{e9}"), "aC3A9");
        assert_eq!(sanitize("\u{e9}"), "_C3A9");
    }

    #[test]
    fn result_groups_and_arg_conflicts() {
        let src = r#"
"test.n"() ({
^bb0(%a: i32):
  %0:3 = "test.n"() {n = ["", "b"]} : () -> (i32, i32, i32)
  %1 = "test.n"() {n = ["arg0"]} : () -> i32
  %2 = "test.n"() {n = ["arg1"]} : () -> i32
  "test.r"() ({
  ^bb0(%x: i32, %y: i32):
    "test.use"(%0#2, %1, %2, %x, %y) : (i32, i32, i32, i32, i32) -> ()
  }) : () -> ()
}) {n = []} : () -> ()
"#;
        let want = r#"module {
  "test.n"() ({
  ^bb0(%arg0: i32):
    %0, %b:2 = "test.n"() {n = ["", "b"]} : () -> (i32, i32, i32)
    %arg0_0 = "test.n"() {n = ["arg0"]} : () -> i32
    %arg1 = "test.n"() {n = ["arg1"]} : () -> i32
    "test.r"() ({
    ^bb0(%arg1_1: i32, %arg2: i32):
      "test.use"(%b#1, %arg0_0, %arg1, %arg1_1, %arg2) : (i32, i32, i32, i32, i32) -> ()
    }) : () -> ()
  }) {n = []} : () -> ()
}

"#;
        assert_eq!(print(src, false), want);
        let generic = print(src, true);
        assert!(generic.contains("%0:3 = \"test.n\""), "{generic}");
        assert!(
            generic.contains("(%0#2, %1, %2, %arg1, %arg2)"),
            "{generic}"
        );
    }
}
