//! Einsum of one or two operands (the forms exporters emit: batched matmuls with transposes, transposes,
//! sums over indices): labels only in one operand and not in the output are
//! summed first, then the operands are transposed to [batch, free,
//! contracted] and [batch, contracted, free], reshaped to 3-d for one
//! `graph.matmul`, and the result reshaped and transposed to the output's
//! order. A label repeated within an operand takes its diagonal (a
//! `graph.gather` of the merged dims). Three or more operands and
//! broadcasting batch dims are errors naming the equation.

use super::{Converter, R};
use crate::builder::{Reduction, V};
use crate::convert::{need_static, Importer};
use crate::node::Node;
use crate::tensor::Tensor;
use crate::types::{ElementType, Ty};

pub const CONVERTERS: &[Converter] = &[Converter::new(
    "Einsum",
    &["equation"],
    einsum,
    "`graph.transpose`, `graph.reduce_sum`, `graph.reshape`, `graph.matmul` (one or two operands; a repeated label a `graph.gather` of the diagonal)",
)];

/// One operand's labels: letters, with `...` expanded to the labels U+0100,
/// U+0101, ... of the dims it stands for (right-aligned, so the ellipses of
/// operands of different ranks line up).
fn labels(n: &Node, eq: &str, term: &str, rank: usize, ell: &mut Option<usize>) -> R<Vec<char>> {
    let bad = |m: String| n.error(format!("equation '{eq}': {m}"));
    let parts: Vec<&str> = term.split("...").collect();
    if parts.len() > 2 {
        return Err(bad(format!("'{term}' has more than one ellipsis")));
    }
    for p in &parts {
        if let Some(c) = p.chars().find(|c| !c.is_ascii_alphabetic()) {
            return Err(bad(format!("'{c}' is not a label")));
        }
    }
    let letters: usize = parts.iter().map(|p| p.len()).sum();
    let mut out: Vec<char> = parts[0].chars().collect();
    if parts.len() == 2 {
        if rank < letters {
            return Err(bad(format!(
                "'{term}' names more dims than its operand's {rank}"
            )));
        }
        let k = rank - letters;
        let e = ell.get_or_insert(k);
        if *e != k {
            return Err(bad(
                "the ellipses stand for different numbers of dims (broadcasting is not supported)"
                    .into(),
            ));
        }
        out.extend((0..k).map(|i| char::from_u32(0x100 + i as u32).unwrap()));
        out.extend(parts[1].chars());
    }
    if out.len() != rank {
        return Err(bad(format!(
            "'{term}' has {} labels for an operand of rank {rank}",
            out.len()
        )));
    }
    Ok(out)
}

fn einsum(im: &mut Importer, n: &Node) -> R<()> {
    let raw = n
        .string("equation", "")
        .map(|s| s.chars().filter(|c| !c.is_whitespace()).collect::<String>())?;
    let eq = raw.as_str();
    let bad = |m: &str| n.error(format!("equation '{eq}': {m}"));
    let xs: Vec<V> = (0..n.num_inputs())
        .map(|i| im.input(n, i))
        .collect::<R<_>>()?;
    if xs.is_empty() || xs.len() > 2 {
        return Err(bad(&format!(
            "{} operands are not supported (one or two)",
            xs.len()
        )));
    }
    let e = im.same_elem(n, &xs)?;
    if e == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    for x in &xs {
        need_static(n, x, "Einsum")?;
        super::index::sized(n, &x.ty)?;
    }
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l, Some(r)),
        None => (eq, None),
    };
    let terms: Vec<&str> = lhs.split(',').collect();
    if terms.len() != xs.len() {
        return Err(bad(&format!(
            "{} terms for {} operands",
            terms.len(),
            xs.len()
        )));
    }
    let mut ell = None;
    let mut ins = Vec::new();
    for (t, x) in terms.iter().zip(&xs) {
        ins.push(labels(n, eq, t, x.ty.rank(), &mut ell)?);
    }
    let out: Vec<char> = match rhs {
        Some(r) => {
            if ell.is_some_and(|k| k > 0) && !r.contains("...") {
                return Err(bad("the operands' ellipsis is missing from the output"));
            }
            let mut e2 = Some(ell.unwrap_or(0));
            let rank = r.replace("...", "").len() + ell.unwrap_or(0);
            labels(n, eq, r, rank, &mut e2)?
        }
        None => {
            // Implicit: the ellipsis dims, then the labels used once, sorted.
            let mut o: Vec<char> = (0..ell.unwrap_or(0))
                .map(|i| char::from_u32(0x100 + i as u32).unwrap())
                .collect();
            let mut once: Vec<char> = ins
                .iter()
                .flatten()
                .copied()
                .filter(|c| c.is_ascii_alphabetic())
                .filter(|c| ins.iter().flatten().filter(|d| *d == c).count() == 1)
                .collect();
            once.sort();
            o.extend(once);
            o
        }
    };
    for (i, c) in out.iter().enumerate() {
        if out[..i].contains(c) {
            return Err(bad(&format!("output label '{c}' repeats")));
        }
        if !ins.iter().any(|l| l.contains(c)) {
            return Err(bad(&format!("output label '{c}' is in no operand")));
        }
    }
    // Each label's size, one for all its operands.
    let mut size = std::collections::HashMap::new();
    for (l, x) in ins.iter().zip(&xs) {
        for (c, &d) in l.iter().zip(&x.ty.dims) {
            if let Some(&s) = size.get(c) {
                if s != d {
                    return Err(bad(&format!(
                        "label '{c}' stands for sizes {s} and {d} (broadcasting is not supported)"
                    )));
                }
            }
            size.insert(*c, d);
        }
    }
    // A label repeated within an operand takes its diagonal.
    let mut xs = xs;
    for (l, x) in ins.iter_mut().zip(xs.iter_mut()) {
        diagonals(im, n, x, l)?;
    }
    // Sum each operand over the labels only it has that the output lacks.
    let mut ops = Vec::new();
    for (k, (l, x)) in ins.iter().zip(&xs).enumerate() {
        let other: &[char] = if ins.len() == 2 { &ins[1 - k] } else { &[] };
        let axes: Vec<usize> = (0..l.len())
            .filter(|&i| !out.contains(&l[i]) && !other.contains(&l[i]))
            .collect();
        let kept: Vec<char> = (0..l.len())
            .filter(|i| !axes.contains(i))
            .map(|i| l[i])
            .collect();
        let y = im.reduce_op(Reduction::Sum, x, &axes, false);
        ops.push((kept, y));
    }
    let dims_of = |ls: &[char]| -> Vec<i64> { ls.iter().map(|c| size[c]).collect() };
    let perm_to = |from: &[char], to: &[char]| -> Vec<i64> {
        to.iter()
            .map(|c| from.iter().position(|d| d == c).unwrap() as i64)
            .collect()
    };
    let (labs, y) = if ops.len() == 1 {
        ops.pop().unwrap()
    } else {
        let (lb, b) = ops.pop().unwrap();
        let (la, a) = ops.pop().unwrap();
        let batch: Vec<char> = la
            .iter()
            .copied()
            .filter(|c| lb.contains(c) && out.contains(c))
            .collect();
        let contr: Vec<char> = la
            .iter()
            .copied()
            .filter(|c| lb.contains(c) && !out.contains(c))
            .collect();
        let fa: Vec<char> = la.iter().copied().filter(|c| !lb.contains(c)).collect();
        let fb: Vec<char> = lb.iter().copied().filter(|c| !la.contains(c)).collect();
        let prod = |ls: &[char]| -> i64 { ls.iter().map(|c| size[c]).product() };
        let (bt, m, kk, nn) = (prod(&batch), prod(&fa), prod(&contr), prod(&fb));
        let order_a: Vec<char> = [&batch[..], &fa, &contr].concat();
        let order_b: Vec<char> = [&batch[..], &contr, &fb].concat();
        let at = im.b.transpose(&a, &perm_to(&la, &order_a));
        let bt_ = im.b.transpose(&b, &perm_to(&lb, &order_b));
        let (da, db) = if batch.is_empty() {
            (vec![m, kk], vec![kk, nn])
        } else {
            (vec![bt, m, kk], vec![bt, kk, nn])
        };
        let a3 = im.b.reshape(&at, &da);
        let b3 = im.b.reshape(&bt_, &db);
        let p = im.b.matmul(&a3, &b3);
        let labs: Vec<char> = [&batch[..], &fa, &fb].concat();
        let p = im.b.reshape(&p, &dims_of(&labs));
        (labs, p)
    };
    // Sum what the output lacks (a one-operand equation's), then order.
    let axes: Vec<usize> = (0..labs.len())
        .filter(|&i| !out.contains(&labs[i]))
        .collect();
    let kept: Vec<char> = labs.iter().copied().filter(|c| out.contains(c)).collect();
    let y = im.reduce_op(Reduction::Sum, &y, &axes, false);
    let y = im.b.transpose(&y, &perm_to(&kept, &out));
    im.out(n, 0, y);
    Ok(())
}

/// `x` (labelled `l`) with each label that repeats taken once: the
/// repeated dims moved last, merged, and their diagonal gathered (flat
/// indices i * (d + 1)).
fn diagonals(im: &mut Importer, n: &Node, x: &mut V, l: &mut Vec<char>) -> R<()> {
    while let Some(q) = (0..l.len()).find(|&q| l[..q].contains(&l[q])) {
        let p = l.iter().position(|c| *c == l[q]).unwrap();
        let r = l.len();
        let mut perm: Vec<i64> = (0..r as i64)
            .filter(|&i| i != p as i64 && i != q as i64)
            .collect();
        perm.extend([p as i64, q as i64]);
        let t = im.b.transpose(x, &perm);
        let d = x.ty.dims[p];
        if d > crate::convert::SMALL * 256 {
            return Err(n.error(format!(
                "a diagonal of {d} elements is too large for a constant of its indices"
            )));
        }
        let mut dims: Vec<i64> = t.ty.dims[..r - 2].to_vec();
        dims.push(d * d);
        let flat = im.b.reshape(&t, &dims);
        let idx = Tensor::ints(
            Ty::new(ElementType::I64, vec![d]),
            (0..d).map(|i| i * (d + 1)).collect(),
        );
        let idx = im.b.constant(&idx);
        *x = im.b.gather(&flat, &idx, r - 2);
        let c = l[p];
        *l = perm[..r - 2].iter().map(|&i| l[i as usize]).collect();
        l.push(c);
    }
    Ok(())
}
