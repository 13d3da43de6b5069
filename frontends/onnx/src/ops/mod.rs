//! The ONNX ops the importer takes: one [`Converter`] per op (one per opset
//! range where ONNX changed the op's definition), grouped by family. The
//! table is the only list of ops: the node dispatcher looks ops up here,
//! [`crate::supported`] lists the ops it converts, [`crate::op_table`] is
//! docs/onnx.md's op table, and a node's attributes are checked against its
//! converter's `attrs`.
//!
//! Adding an op: write its function in the family's module and add its entry
//! to that module's `CONVERTERS`, naming every attribute the function reads
//! (reading another one is a debug assertion), then regenerate the docs table
//! (`XIR_BLESS=1 cargo test -p xir-onnx --test op_table`).

mod activation;
mod constant;
mod conv;
mod einsum;
mod elementwise;
mod index;
mod nn;
mod normalization;
mod reduce;
mod resize;
mod scatter;
mod select;
mod shape;

use crate::convert::Importer;
use crate::node::Node;
use crate::tensor::Tensor;
use crate::{MAX_OPSET, MIN_OPSET};
use std::ops::RangeInclusive;

type R<T> = Result<T, String>;

/// Converts one node, binding its outputs.
pub type ConvertFn = fn(&mut Importer, &Node) -> R<()>;

/// Evaluates one node whose inputs are all known small integer tensors: its
/// outputs, or `None` when this case is not evaluated at import time.
pub type FoldFn = fn(&Node, &[&Tensor]) -> R<Option<Vec<Tensor>>>;

/// One ONNX op (of the default domain) over a range of opsets.
pub struct Converter {
    pub op: &'static str,
    /// The opsets this entry converts.
    pub opsets: RangeInclusive<i64>,
    /// Every attribute the converter (and the folder) may read; a node with
    /// any other attribute is an error.
    pub attrs: &'static [&'static str],
    /// The conversion to graph ops; `None` for an op that is only evaluated
    /// at import time (its inputs must be constants).
    pub convert: Option<ConvertFn>,
    /// Import-time evaluation of integer shape arithmetic.
    pub fold: Option<FoldFn>,
    /// What the op becomes, for the docs table.
    pub doc: &'static str,
}

impl Converter {
    /// An op converted by `convert` at every opset xir imports.
    pub const fn new(
        op: &'static str,
        attrs: &'static [&'static str],
        convert: ConvertFn,
        doc: &'static str,
    ) -> Converter {
        Converter {
            op,
            opsets: MIN_OPSET..=MAX_OPSET,
            attrs,
            convert: Some(convert),
            fold: None,
            doc,
        }
    }

    /// An op that is only evaluated at import time (none is now).
    #[allow(dead_code)]
    pub const fn fold_only(op: &'static str, fold: FoldFn, doc: &'static str) -> Converter {
        Converter {
            op,
            opsets: MIN_OPSET..=MAX_OPSET,
            attrs: &[],
            convert: None,
            fold: Some(fold),
            doc,
        }
    }

    /// This entry restricted to opsets `first..=last`.
    pub const fn opsets(self, first: i64, last: i64) -> Converter {
        Converter {
            opsets: first..=last,
            ..self
        }
    }

    /// This entry, evaluated by `fold` when its inputs are known.
    pub const fn folds(self, fold: FoldFn) -> Converter {
        Converter {
            fold: Some(fold),
            ..self
        }
    }
}

/// The families' tables.
static FAMILIES: [&[Converter]; 13] = [
    elementwise::CONVERTERS,
    activation::CONVERTERS,
    shape::CONVERTERS,
    constant::CONVERTERS,
    reduce::CONVERTERS,
    nn::CONVERTERS,
    normalization::CONVERTERS,
    conv::CONVERTERS,
    resize::CONVERTERS,
    index::CONVERTERS,
    einsum::CONVERTERS,
    select::CONVERTERS,
    scatter::CONVERTERS,
];

/// Every entry of the table.
pub fn table() -> impl Iterator<Item = &'static Converter> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

/// The entry for `op` at `opset`, if the importer takes it.
pub fn lookup(op: &str, opset: i64) -> Option<&'static Converter> {
    table().find(|c| c.op == op && c.opsets.contains(&opset))
}

/// Every op the importer converts (not only folds), sorted.
pub fn supported() -> Vec<&'static str> {
    let mut v: Vec<&str> = table()
        .filter(|c| c.convert.is_some())
        .map(|c| c.op)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// docs/onnx.md's op table: a row per claimed op (sorted) with its opsets,
/// the attributes it takes and what it becomes, then the `columns` (header,
/// separator) whose cells `cells(op)` gives; then a line naming the ops
/// evaluated at import time.
pub fn markdown(columns: &[(String, String)], cells: &dyn Fn(&str) -> Vec<String>) -> String {
    let mut head = vec!["op", "opsets", "attributes", "imported as"];
    let mut sep = vec!["---"; 4];
    for (h, s) in columns {
        head.push(h);
        sep.push(s);
    }
    let mut out = format!("| {} |\n| {} |\n", head.join(" | "), sep.join(" | "));
    for op in supported() {
        let entries: Vec<&Converter> = table().filter(|c| c.op == op).collect();
        let opsets: Vec<String> = entries
            .iter()
            .map(|c| format!("{}–{}", c.opsets.start(), c.opsets.end()))
            .collect();
        let attrs = |c: &Converter| {
            let a: Vec<String> = c.attrs.iter().map(|a| format!("`{a}`")).collect();
            a.join(", ")
        };
        let attrs = if entries.iter().all(|c| c.attrs == entries[0].attrs) {
            attrs(entries[0])
        } else {
            let per: Vec<String> = entries
                .iter()
                .zip(&opsets)
                .map(|(c, o)| format!("{o}: {}", attrs(c)))
                .collect();
            per.join("; ")
        };
        let mut row = vec![
            op.to_string(),
            opsets.join(", "),
            attrs,
            entries[0].doc.to_string(),
        ];
        row.extend(cells(op));
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    let mut folded: Vec<&str> = table()
        .filter(|c| c.fold.is_some() && c.convert.is_some())
        .map(|c| c.op)
        .collect();
    folded.sort();
    folded.dedup();
    let mut only: Vec<&str> = table()
        .filter(|c| c.convert.is_none())
        .map(|c| c.op)
        .collect();
    only.sort();
    only.dedup();
    out.push_str(&format!(
        "\nEvaluated at import time when their inputs are known small integer tensors: {}",
        folded.join(", ")
    ));
    if !only.is_empty() {
        out.push_str(&format!(
            "; only then, and so not claimed: {}",
            only.join(", ")
        ));
    }
    out.push_str(".\n");
    out
}

/// Converts `n` with `conv`, its table entry (`None`: an op the importer
/// does not take): folded when its inputs are known and its entry folds,
/// else converted; then every attribute must have been read.
pub fn convert(im: &mut Importer, n: &Node, conv: Option<&Converter>) -> R<()> {
    let inputs: Vec<Option<&Tensor>> = (0..n.num_inputs())
        .map(|i| n.input(i).and_then(|name| im.konst(name)))
        .collect();
    let folded = match conv.and_then(|c| c.fold) {
        Some(f) => crate::fold::run(f, n, &inputs)?,
        None => None,
    };
    if folded.is_none() && sym_fold(im, n, conv)? {
        return n.check_all_read();
    }
    match (folded, conv.and_then(|c| c.convert)) {
        (Some(outs), _) => {
            for (i, t) in outs.into_iter().enumerate() {
                if let Some(o) = n.output(i) {
                    im.bind_const(o, t);
                }
            }
        }
        (None, Some(f)) => f(im, n)?,
        (None, None) => return Err(n.error("op is not supported")),
    }
    n.check_all_read()
}

/// Shape arithmetic on symbolic values (`crate::symbolic`): binds the
/// outputs and says so when the node is that.
fn sym_fold(im: &mut Importer, n: &Node, conv: Option<&Converter>) -> R<bool> {
    let inputs: Vec<_> = (0..n.num_inputs())
        .map(|i| {
            let slot = im.values.get(n.input(i)?)?;
            Some((slot.konst.clone(), slot.sym.clone()))
        })
        .collect();
    if !inputs.iter().flatten().any(|(_, s)| s.is_some()) {
        return Ok(false);
    }
    let Some(outs) = crate::symbolic::fold(&mut im.syms, n, inputs, conv.and_then(|c| c.fold))?
    else {
        return Ok(false);
    };
    for (i, o) in outs.into_iter().enumerate() {
        if let Some(name) = n.output(i) {
            match o {
                crate::symbolic::Out::Known(t) => im.bind_const(name, t),
                crate::symbolic::Out::Sym(s) => im.bind_sym(name, s),
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_op_has_one_entry_per_opset() {
        // Every op's entries cover the opsets xir imports, without overlap, so
        // the opset check of the model is the only one (and stays as it was).
        let mut ops: Vec<&str> = table().map(|c| c.op).collect();
        ops.sort();
        ops.dedup();
        for op in ops {
            for opset in MIN_OPSET..=MAX_OPSET {
                let n = table()
                    .filter(|c| c.op == op && c.opsets.contains(&opset))
                    .count();
                assert_eq!(n, 1, "{op} has {n} entries at opset {opset}");
            }
            assert!(
                table()
                    .filter(|c| c.op == op)
                    .all(|c| { *c.opsets.start() >= MIN_OPSET && *c.opsets.end() <= MAX_OPSET }),
                "{op}: an entry outside opsets {MIN_OPSET}..={MAX_OPSET}"
            );
        }
    }

    #[test]
    fn entries_convert_or_fold() {
        for c in table() {
            assert!(c.convert.is_some() || c.fold.is_some(), "{}", c.op);
            let mut a = c.attrs.to_vec();
            a.sort();
            a.dedup();
            assert_eq!(a.len(), c.attrs.len(), "{}: an attribute twice", c.op);
        }
    }
}
