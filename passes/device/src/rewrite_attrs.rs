//! Rewriting device attributes wherever they occur: discardable attributes and
//! properties of every op (so `arg_attrs`/`res_attrs` too), nested in arrays,
//! dictionaries and other dialect attributes. Shared attributes are rewritten once.

use rustc_hash::FxHashMap;
use xir::pass::PassContext;
use xir::{Attr, AttrKind, Context, Diagnostic, Ir, Op};

/// Attributes nested deeper than this are an error, not a deep recursion.
const MAX_DEPTH: u32 = 512;

/// What to do with one `Dialect` attribute: `Ok(Some(new))` replaces it,
/// `Ok(None)` looks inside it, `Err` reports at the op using it.
pub type Visit<'f> = dyn FnMut(&mut Context, Attr) -> Result<Option<Attr>, String> + 'f;

/// Rewrites every op in `root` (included). On error: the op and the message.
pub fn rewrite_all(
    ctx: &mut Context,
    ir: &mut Ir,
    root: Op,
    visit: &mut Visit<'_>,
) -> Result<bool, (Op, String)> {
    let mut memo = FxHashMap::default();
    let mut changed = false;
    for op in xir::walk::preorder(ir, root) {
        let d = ir.op(op);
        let (attrs, props) = (d.attrs, d.properties);
        let na = rewrite(ctx, attrs, visit, &mut memo, 0).map_err(|e| (op, e))?;
        let np = match props {
            Some(p) => Some(rewrite(ctx, p, visit, &mut memo, 0).map_err(|e| (op, e))?),
            None => None,
        };
        if na != attrs || np != props {
            let d = ir.op_mut(op);
            d.attrs = na;
            d.properties = np;
            changed = true;
        }
    }
    Ok(changed)
}

/// [`rewrite_all`] as a pass runs it: all analyses kept when nothing changed, an
/// error reported at the op using the attribute.
#[allow(clippy::result_unit_err)]
pub fn run_rewrite(pc: &mut PassContext<'_>, root: Op, visit: &mut Visit<'_>) -> Result<(), ()> {
    match rewrite_all(pc.ctx, pc.ir, root, visit) {
        Ok(true) => Ok(()),
        Ok(false) => {
            pc.preserve_all();
            Ok(())
        }
        Err((at, msg)) => {
            let loc = pc.ir.op(at).loc;
            let name = pc.ctx.str(pc.ir.op(at).name).to_string();
            pc.diags
                .emit(Diagnostic::error(loc, format!("'{name}' op {msg}")));
            Err(())
        }
    }
}

fn rewrite(
    ctx: &mut Context,
    a: Attr,
    visit: &mut Visit<'_>,
    memo: &mut FxHashMap<Attr, Attr>,
    depth: u32,
) -> Result<Attr, String> {
    if let Some(&r) = memo.get(&a) {
        return Ok(r);
    }
    if depth > MAX_DEPTH {
        return Err("attribute nesting too deep".into());
    }
    // Only containers are cloned (a leaf such as a model's dense weights
    // would be copied whole for nothing).
    let out = match ctx.attr_kind(a) {
        AttrKind::Array(v) => {
            let v = v.clone();
            let nv = v
                .iter()
                .map(|&e| rewrite(ctx, e, visit, memo, depth + 1))
                .collect::<Result<Vec<_>, _>>()?;
            if nv == v {
                a
            } else {
                ctx.intern_attr(AttrKind::Array(nv))
            }
        }
        AttrKind::Dictionary(entries) => {
            let entries = entries.clone();
            let mut ne = entries.clone();
            for e in &mut ne {
                e.1 = rewrite(ctx, e.1, visit, memo, depth + 1)?;
            }
            if ne == entries {
                a
            } else {
                ctx.intern_attr(AttrKind::Dictionary(ne))
            }
        }
        AttrKind::Dialect {
            dialect,
            name,
            params,
        } => {
            let (dialect, name, params) = (*dialect, *name, params.clone());
            match visit(ctx, a)? {
                Some(r) => r,
                None => {
                    let np = params
                        .iter()
                        .map(|&e| rewrite(ctx, e, visit, memo, depth + 1))
                        .collect::<Result<Vec<_>, _>>()?;
                    if np == params {
                        a
                    } else {
                        ctx.intern_attr(AttrKind::Dialect {
                            dialect,
                            name,
                            params: np,
                        })
                    }
                }
            }
        }
        _ => a,
    };
    memo.insert(a, out);
    Ok(out)
}

pub use xir::op_attrs::set_attr;
