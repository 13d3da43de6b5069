//! `conv` and `conv_transpose` (see the module doc of `window`).

use super::*;

pub(super) fn conv(g: &Geometry, groups: usize, inputs: &[&HostTensor]) -> Result<HostTensor> {
    let (x, w) = (inputs[0], inputs[1]);
    let f = float_type(x.element)?;
    let (n, c, d) = split(x)?;
    let k = d.len();
    check_geometry(g, k)?;
    if w.shape.len() != k + 2 {
        return Err(invalid(format!(
            "filter {} must have the input's rank {}",
            w.type_string(),
            k + 2
        )));
    }
    let (m, cg, kernel) = (w.shape[0], w.shape[1], &w.shape[2..]);
    if groups == 0 || m % groups != 0 || cg * groups != c {
        return Err(invalid(format!(
            "filter {} with {groups} groups does not fit {c} input channels",
            w.type_string()
        )));
    }
    if kernel.contains(&0) {
        return Err(invalid("kernel sizes must be at least 1"));
    }
    let bias = bias(inputs, m, f)?;
    let out: Vec<usize> = (0..k)
        .map(|i| output_size(g, i, kernel[i], d[i], false))
        .collect::<Result<_>>()?;
    let taps: Vec<_> = (0..k)
        .map(|i| taps(g, i, out[i], kernel[i], d[i]))
        .collect();
    let (xs, ws) = (load(f, x), load(f, w));
    let (dn, on, kn): (usize, usize, usize) = (
        d.iter().product(),
        out.iter().product(),
        kernel.iter().product(),
    );
    let (opos, kpos) = (positions(&out), positions(kernel));
    let mg = m / groups;
    let mut y = vec![0f64; n * m * on];
    for b in 0..n {
        for oc in 0..m {
            let grp = oc / mg;
            for (oi, o) in opos.iter().enumerate() {
                let mut acc = 0f64;
                for ci in 0..cg {
                    let xbase = (b * c + grp * cg + ci) * dn;
                    let wbase = (oc * cg + ci) * kn;
                    for (ki, kk) in kpos.iter().enumerate() {
                        if let Some(off) = input_offset(&taps, o, kk, d) {
                            acc += xs[xbase + off] * ws[wbase + ki];
                        }
                    }
                }
                y[(b * m + oc) * on + oi] = acc + bias.as_ref().map_or(0.0, |v| v[oc]);
            }
        }
    }
    let mut shape = vec![n, m];
    shape.extend(out);
    Ok(store(f, shape, &y))
}

fn bias(inputs: &[&HostTensor], m: usize, f: FloatType) -> Result<Option<Vec<f64>>> {
    let Some(b) = inputs.get(2) else {
        return Ok(None);
    };
    if b.shape != [m] {
        return Err(invalid(format!(
            "bias is {}, expected [{m}] (the output channels)",
            b.type_string()
        )));
    }
    Ok(Some(load(f, b)))
}

pub(super) fn conv_transpose(
    g: &Geometry,
    output_padding: &[usize],
    groups: usize,
    inputs: &[&HostTensor],
) -> Result<HostTensor> {
    let (x, w) = (inputs[0], inputs[1]);
    let f = float_type(x.element)?;
    let (n, c, d) = split(x)?;
    let k = d.len();
    check_geometry(g, k)?;
    if output_padding.len() != k {
        return Err(invalid(format!(
            "{} output_padding values for {k} spatial dims",
            output_padding.len()
        )));
    }
    if w.shape.len() != k + 2 {
        return Err(invalid(format!(
            "filter {} must have the input's rank {}",
            w.type_string(),
            k + 2
        )));
    }
    let (wc, mg, kernel) = (w.shape[0], w.shape[1], &w.shape[2..]);
    if groups == 0 || wc != c || c % groups != 0 {
        return Err(invalid(format!(
            "filter {} with {groups} groups does not fit {c} input channels",
            w.type_string()
        )));
    }
    if kernel.contains(&0) {
        return Err(invalid("kernel sizes must be at least 1"));
    }
    let m = mg * groups;
    let bias = bias(inputs, m, f)?;
    let mut out = Vec::with_capacity(k);
    for i in 0..k {
        let full = g.strides[i] * d[i].saturating_sub(1)
            + output_padding[i]
            + (kernel[i] - 1) * g.dilations[i]
            + 1;
        let cut = g.pads[i] + g.pads[k + i];
        if d[i] == 0 || full < cut {
            return Err(invalid(format!(
                "spatial dim {i} of size {} gives no output",
                d[i]
            )));
        }
        out.push(full - cut);
    }
    // Where input position `p` and kernel position `q` of dim `i` land.
    let land: Vec<Vec<Vec<Option<usize>>>> = (0..k)
        .map(|i| {
            (0..d[i])
                .map(|p| {
                    (0..kernel[i])
                        .map(|q| {
                            let o =
                                (p * g.strides[i] + q * g.dilations[i]) as i64 - g.pads[i] as i64;
                            (o >= 0 && (o as usize) < out[i]).then_some(o as usize)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let (xs, ws) = (load(f, x), load(f, w));
    let (dn, on, kn): (usize, usize, usize) = (
        d.iter().product(),
        out.iter().product(),
        kernel.iter().product(),
    );
    let (ipos, kpos) = (positions(d), positions(kernel));
    let cg = c / groups;
    let mut y = vec![0f64; n * m * on];
    for b in 0..n {
        for ic in 0..c {
            let grp = ic / cg;
            for mi in 0..mg {
                let oc = grp * mg + mi;
                let ybase = (b * m + oc) * on;
                let wbase = (ic * mg + mi) * kn;
                for (pi, p) in ipos.iter().enumerate() {
                    let v = xs[(b * c + ic) * dn + pi];
                    for (ki, q) in kpos.iter().enumerate() {
                        if let Some(off) = input_offset(&land, p, q, &out) {
                            y[ybase + off] += v * ws[wbase + ki];
                        }
                    }
                }
            }
        }
    }
    if let Some(bias) = bias {
        for b in 0..n {
            for (oc, bv) in bias.iter().enumerate() {
                for v in &mut y[(b * m + oc) * on..(b * m + oc + 1) * on] {
                    *v += bv;
                }
            }
        }
    }
    let mut shape = vec![n, m];
    shape.extend(out);
    Ok(store(f, shape, &y))
}
