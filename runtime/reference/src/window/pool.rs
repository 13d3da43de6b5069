//! `max_pool` and `avg_pool` (see the module doc of `window`).

use super::*;

/// A max pool (`avg` `None`) or an average pool (`Some(count_include_pad)`).
pub(super) fn pool(
    x: &HostTensor,
    kernel: &[usize],
    g: &Geometry,
    ceil: bool,
    avg: Option<bool>,
) -> Result<HostTensor> {
    let (n, c, d) = split(x)?;
    let k = d.len();
    check_geometry(g, k)?;
    if kernel.len() != k || kernel.contains(&0) {
        return Err(invalid(format!(
            "kernel_shape {kernel:?} for {k} spatial dims (each at least 1)"
        )));
    }
    let out: Vec<usize> = (0..k)
        .map(|i| output_size(g, i, kernel[i], d[i], ceil))
        .collect::<Result<_>>()?;
    let taps: Vec<_> = (0..k)
        .map(|i| taps(g, i, out[i], kernel[i], d[i]))
        .collect();
    let (dn, on): (usize, usize) = (d.iter().product(), out.iter().product());
    let (opos, kpos) = (positions(&out), positions(kernel));
    let mut shape = vec![n, c];
    shape.extend(&out);
    // The input offsets each output position's window reads.
    let windows: Vec<Vec<usize>> = opos
        .iter()
        .map(|o| {
            kpos.iter()
                .filter_map(|kk| input_offset(&taps, o, kk, d))
                .collect()
        })
        .collect();
    let planes = n * c;
    match avg {
        None => match x.element {
            ElementType::Float(f) => {
                let xs = load(f, x);
                let mut y = Vec::with_capacity(planes * on);
                for p in 0..planes {
                    for w in &windows {
                        // `v > m` is false for NaN: NaNs are skipped.
                        let m = w
                            .iter()
                            .map(|&off| xs[p * dn + off])
                            .fold(f64::NEG_INFINITY, |m, v| if v > m { v } else { m });
                        y.push(m);
                    }
                }
                Ok(store(f, shape, &y))
            }
            ElementType::Int { bits, sign } => {
                let kind = IntKind::new(bits, sign)
                    .ok_or_else(|| invalid(format!("unsupported element type {}", x.element)))?;
                let size = kind.size();
                let xs: Vec<i128> = x.data.chunks_exact(size).map(|b| kind.load(b)).collect();
                let mut data = vec![0u8; planes * on * size];
                let mut at = 0;
                for p in 0..planes {
                    for w in &windows {
                        let m = w
                            .iter()
                            .map(|&off| xs[p * dn + off])
                            .fold(kind.lowest(), |m, v| m.max(v));
                        kind.store(m, &mut data[at..at + size]);
                        at += size;
                    }
                }
                HostTensor::new(x.element, shape, data)
            }
        },
        Some(count_include_pad) => {
            let f = float_type(x.element)?;
            let xs = load(f, x);
            // The divisor of each window.
            let counts: Vec<f64> = opos
                .iter()
                .zip(&windows)
                .map(|(o, w)| {
                    if !count_include_pad {
                        return w.len() as f64;
                    }
                    (0..k)
                        .map(|i| {
                            let (s, dil, pb, pe) =
                                (g.strides[i], g.dilations[i], g.pads[i], g.pads[k + i]);
                            // Positions o s + q dil in padded coordinates
                            // [0, pb + D + pe).
                            (0..kernel[i])
                                .filter(|&q| o[i] * s + q * dil < pb + d[i] + pe)
                                .count()
                        })
                        .product::<usize>() as f64
                })
                .collect();
            let mut y = Vec::with_capacity(planes * on);
            for p in 0..planes {
                for (w, &cnt) in windows.iter().zip(&counts) {
                    let sum: f64 = w.iter().map(|&off| xs[p * dn + off]).sum();
                    y.push(sum / cnt);
                }
            }
            Ok(store(f, shape, &y))
        }
    }
}
