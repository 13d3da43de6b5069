//! Setting and removing an op's attributes (MLIR's `setAttr`/`removeAttr`,
//! `setInherentAttr`): dictionaries are immutable, so each change interns a new one.

use crate::context::Context;
use crate::entity::{Attr, Op};
use crate::store::Ir;

impl Context {
    /// `dict` with `key` set to `value`, or removed when `value` is `None`.
    pub fn dict_set(&mut self, dict: Attr, key: &str, value: Option<Attr>) -> Attr {
        if self.dict_get(dict, key) == value {
            return dict;
        }
        let k = self.ident(key);
        let mut entries: Vec<_> = self
            .dict_entries(dict)
            .iter()
            .filter(|e| e.0 != k)
            .copied()
            .collect();
        if let Some(v) = value {
            entries.push((k, v));
        }
        self.dictionary(entries)
    }
}

/// Sets (or with `None` removes) the discardable attribute `key` of `op`.
pub fn set_attr(ctx: &mut Context, ir: &mut Ir, op: Op, key: &str, value: Option<Attr>) {
    let attrs = ctx.dict_set(ir.op(op).attrs, key, value);
    ir.op_mut(op).attrs = attrs;
}

/// Sets (or with `None` removes) the property `key` of `op`.
pub fn set_property(ctx: &mut Context, ir: &mut Ir, op: Op, key: &str, value: Option<Attr>) {
    let props = ir.op(op).properties.unwrap_or(ctx.empty_dict());
    let props = ctx.dict_set(props, key, value);
    ir.op_mut(op).properties = Some(props);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_replace_and_remove_keep_dictionaries_sorted() {
        let mut ctx = Context::new();
        let d = ctx.empty_dict();
        let one = ctx.i64_attr(1);
        let two = ctx.i64_attr(2);
        let d1 = ctx.dict_set(d, "b", Some(one));
        let d2 = ctx.dict_set(d1, "a", Some(two));
        let keys: Vec<&str> = ctx.dict_entries(d2).iter().map(|e| ctx.str(e.0)).collect();
        assert_eq!(keys, ["a", "b"]);
        assert_eq!(ctx.dict_set(d2, "a", Some(two)), d2);
        let d3 = ctx.dict_set(d2, "a", None);
        assert_eq!(d3, d1);
        assert_eq!(ctx.dict_set(d3, "zz", None), d3);
    }
}
