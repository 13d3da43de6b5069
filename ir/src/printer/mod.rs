//! The textual IR printer: generic form byte-compatible with mlir-opt 22, custom form
//! for ops that have one, aliases and locations.
//!
//! One [`Printer`] prints one top-level op into one `String`: SSA names are computed
//! first (numbering.rs), then aliases (aliases.rs, unless local scope), then the text.
//! Dialects plug custom forms in with [`Context::register_op_printer`]; the builtin
//! ops' forms are the printer's own (builtin_ops.rs).

mod aliases;
mod attrs;
mod builtin_ops;
mod collect;
mod custom;
mod dialect_hooks;
mod escape;
mod locations;
mod numbering;
mod ops;
mod resources;
mod types;

#[cfg(test)]
mod roundtrip_tests;
#[cfg(test)]
mod tests;

use crate::context::Context;
use crate::entity::{Attr, Op, Type};
use crate::store::Ir;
use aliases::{Aliases, Collector};
use numbering::Numbering;

pub use dialect_hooks::{DialectPrintFn, DialectPrintHooks};
pub use escape::{is_bare_identifier, push_escaped, push_keyword_or_string, push_quoted};
pub use numbering::{ResultNames, ResultNamesFn};

#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debuginfo: bool,
    /// `--mlir-print-local-scope`: no aliases, everything inline.
    pub local_scope: bool,
}

/// A custom-form printer of one op, kept on its registered
/// [`OpDef`](crate::dialect::OpDef) as an interface (custom.rs). It prints everything after `%results = ` and
/// before the trailing location, through the [`Printer`] methods (`print_op_name`,
/// `print_operand`, `print_type`, `print_attr`, `print_attr_dict`, `print_region`,
/// `push_str`). It is also run once, with output discarded, to collect aliases.
#[derive(Copy, Clone)]
pub struct CustomPrinter {
    pub print: fn(&mut Printer<'_>, Op),
    /// The dialect whose prefix may be dropped from op names inside this op's
    /// regions (MLIR's `OpAsmOpInterface::getDefaultDialect`), e.g. `"func"`.
    pub default_dialect: &'static str,
}

/// Printing state: the output, SSA names, aliases and caches of printed text.
pub struct Printer<'a> {
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    pub opts: PrintOptions,
    pub out: String,
    indent: usize,
    names: Option<Numbering>,
    aliases: Aliases,
    /// Set while walking for aliases: print_type/print_attr record instead.
    collector: Option<Collector>,
    default_dialect: Vec<&'static str>,
    /// Printed text of types / attributes by id: (start, len) into `cache`.
    type_cache: Vec<(u32, u32)>,
    attr_cache: Vec<(u32, u32)>,
    cache: String,
    /// Off for one-off printers (diagnostics): the caches are indexed by id, so
    /// filling them costs O(ids in the context), not O(text printed).
    caching: bool,
    scratch_blocks: Vec<crate::entity::Block>,
    /// Where finished output goes while printing, so that a large module is never
    /// held as one string; `None` keeps everything in `out`.
    sink: Option<&'a mut dyn std::io::Write>,
    sink_error: Option<std::io::Error>,
    /// `distinct[N]` numbers, given in print order as MLIR does.
    distinct_numbers: rustc_hash::FxHashMap<crate::entity::Attr, u32>,
    /// `dense_resource` keys in the order first printed (their blobs follow the op).
    pub(crate) resources_used: Vec<crate::entity::Ident>,
    /// MLIR's `elideLargeElementsAttrs`: elements attrs with more elements than
    /// this (splats excepted) print as `dense_resource<__elided__>`.
    elide_elements_over: Option<u64>,
}

const NO_CACHE: (u32, u32) = (u32::MAX, 0);
/// Longer texts are not cached (large dense attributes).
const CACHE_MAX: usize = 512;

impl<'a> Printer<'a> {
    fn new(ctx: &'a Context, ir: &'a Ir, opts: &PrintOptions) -> Printer<'a> {
        Printer {
            ctx,
            ir,
            opts: opts.clone(),
            out: String::new(),
            indent: 0,
            names: None,
            aliases: Aliases::default(),
            collector: None,
            default_dialect: vec!["builtin"],
            type_cache: Vec::new(),
            attr_cache: Vec::new(),
            cache: String::new(),
            caching: true,
            scratch_blocks: Vec::new(),
            sink: None,
            sink_error: None,
            distinct_numbers: rustc_hash::FxHashMap::default(),
            resources_used: Vec::new(),
            elide_elements_over: None,
        }
    }

    /// Hands the output so far to the sink once it is large; called between ops.
    pub(crate) fn maybe_flush(&mut self) {
        const FLUSH_AT: usize = 1 << 20;
        if self.out.len() < FLUSH_AT || self.is_collecting() {
            return;
        }
        if let Some(w) = self.sink.as_mut() {
            if let Err(e) = w.write_all(self.out.as_bytes()) {
                self.sink_error.get_or_insert(e);
            }
            self.out.clear();
        }
    }

    /// Whether this run only collects aliases (output is discarded).
    pub fn is_collecting(&self) -> bool {
        self.collector.is_some()
    }

    #[inline]
    pub fn push_str(&mut self, s: &str) {
        self.out.push_str(s);
    }

    #[inline]
    pub fn push(&mut self, c: char) {
        self.out.push(c);
    }

    fn cached(cache: &[(u32, u32)], i: usize) -> Option<(u32, u32)> {
        cache.get(i).copied().filter(|c| *c != NO_CACHE)
    }

    fn store_cache(&mut self, is_type: bool, i: usize, from: usize) {
        let len = self.out.len() - from;
        if len > CACHE_MAX || !self.caching {
            return;
        }
        let start = self.cache.len() as u32;
        self.cache.push_str(&self.out[from..]);
        let v = if is_type {
            &mut self.type_cache
        } else {
            &mut self.attr_cache
        };
        if v.len() <= i {
            v.resize((i + 1).max(v.len() * 2), NO_CACHE);
        }
        v[i] = (start, len as u32);
    }
}

/// Exactly the text mlir-opt writes for one top-level op: the aliases that cannot be
/// deferred, the op, a newline, the deferred (location) aliases, and the blank line
/// mlir-opt adds after each output. With `local_scope` there are no aliases and no
/// blank line: just the op and a newline.
pub fn print_top_level(ctx: &Context, ir: &Ir, op: Op, opts: &PrintOptions) -> String {
    let mut p = Printer::new(ctx, ir, opts);
    print_top_level_into(&mut p, op);
    p.out
}

/// [`print_top_level`], streamed to a writer in pieces of about a megabyte (whole
/// strings: the caller turns chars standing for non-UTF-8 input bytes back, see
/// `lexer::raw_bytes`).
pub fn print_top_level_to(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    opts: &PrintOptions,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut p = Printer::new(ctx, ir, opts);
    p.sink = Some(w);
    print_top_level_into(&mut p, op);
    if let Some(e) = p.sink_error.take() {
        return Err(e);
    }
    let out = std::mem::take(&mut p.out);
    p.sink.take().expect("sink").write_all(out.as_bytes())
}

fn print_top_level_into(p: &mut Printer<'_>, op: Op) {
    let (ctx, ir, opts) = (p.ctx, p.ir, p.opts.clone());
    p.names = Some(Numbering::new(ctx, ir, op, opts.generic));
    if opts.local_scope {
        p.print_full_op(op);
        p.out.push('\n');
        return;
    }
    p.collector = Some(Collector::new(ctx));
    p.collect_op(op);
    p.out.clear();
    p.aliases = p
        .collector
        .take()
        .map(Collector::finish_aliases)
        .unwrap_or_default();
    p.print_alias_defs(false);
    p.print_full_op(op);
    p.out.push('\n');
    p.print_alias_defs(true);
    p.print_resources();
    p.out.push('\n');
}

/// One op as text, in local scope (no aliases), without a trailing newline; for
/// diagnostics ("see current operation").
pub fn op_to_string(ctx: &Context, ir: &Ir, op: Op, opts: &PrintOptions) -> String {
    let mut opts = opts.clone();
    opts.local_scope = true;
    let mut p = Printer::new(ctx, ir, &opts);
    p.names = Some(Numbering::new(ctx, ir, op, opts.generic));
    p.print_full_op(op);
    p.out
}

/// One op as MLIR's "see current operation" note prints it: no aliases, its
/// values named as in the nearest isolated-from-above ancestor (MLIR's local
/// scope), so that `%1 = "arith.extsi"(%arg0)` reads as in the function.
pub fn op_to_string_in_scope(ctx: &Context, ir: &Ir, op: Op, opts: &PrintOptions) -> String {
    let mut opts = opts.clone();
    opts.local_scope = true;
    let isolated = |o: Op| {
        ctx.op_traits(ir.op(o).name)
            .contains(crate::dialect::Traits::ISOLATED_FROM_ABOVE)
    };
    let mut scope = op;
    while let Some(p) = ir.parent_op(scope) {
        scope = p;
        if isolated(p) {
            break;
        }
    }
    let mut p = Printer::new(ctx, ir, &opts);
    // Ops streamed into diagnostics elide large elements attrs (MLIR's default limit).
    p.elide_elements_over = Some(16);
    p.names = Some(Numbering::new(ctx, ir, scope, opts.generic));
    p.print_full_op(op);
    p.out
}

/// A type as text, without aliases (for diagnostics).
pub fn type_to_string(ctx: &Context, t: Type) -> String {
    let ir = Ir::new();
    let mut p = Printer::new(ctx, &ir, &PrintOptions::default());
    p.caching = false;
    p.print_type(t);
    p.out
}

/// An attribute as text, without aliases (for diagnostics).
pub fn attr_to_string(ctx: &Context, a: Attr) -> String {
    let ir = Ir::new();
    let mut p = Printer::new(ctx, &ir, &PrintOptions::default());
    p.caching = false;
    p.print_attr(a);
    p.out
}
