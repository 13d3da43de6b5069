//! `pad` (see the module doc of `window`).

use super::*;

pub(super) fn pad(
    x: &HostTensor,
    value: Option<&HostTensor>,
    pads: &[i64],
    mode: PadMode,
) -> Result<HostTensor> {
    let r = x.shape.len();
    if pads.len() != 2 * r {
        return Err(invalid(format!(
            "{} pads for rank {r}, expected {}",
            pads.len(),
            2 * r
        )));
    }
    let size = x.element.byte_size();
    let fill: Vec<u8> = match value {
        Some(v) => {
            if mode != PadMode::Constant || !v.shape.is_empty() {
                return Err(invalid(format!(
                    "a value ({}) is a 0-d tensor given in mode constant only",
                    v.type_string()
                )));
            }
            v.data.clone()
        }
        None => vec![0; size],
    };
    // Per dim: the output size and, for each output index, the input index
    // it copies (`None`: the value).
    let mut out_shape = Vec::with_capacity(r);
    let mut sources: Vec<Vec<Option<usize>>> = Vec::with_capacity(r);
    for i in 0..r {
        let (d, b, e) = (x.shape[i] as i64, pads[i], pads[r + i]);
        let o = d + b + e;
        if o < 0 {
            return Err(invalid(format!(
                "pads {b} and {e} remove more than the {d} elements of dim {i}"
            )));
        }
        // The cropped input covers [cs, ce) of the original.
        let (cs, ce) = ((-b).max(0), d - (-e).max(0));
        let len = ce - cs;
        let padded = b > 0 || e > 0;
        if mode != PadMode::Constant && padded && len <= 0 {
            return Err(invalid(format!(
                "mode {} cannot pad dim {i}: nothing is left of its {d} elements after cropping",
                mode.name()
            )));
        }
        let src = (0..o)
            .map(|j| {
                let p = j - b;
                if (cs..ce).contains(&p) {
                    return Some(p as usize);
                }
                let q = p - cs;
                let q = match mode {
                    PadMode::Constant => return None,
                    PadMode::Edge => q.clamp(0, len - 1),
                    PadMode::Wrap => q.rem_euclid(len),
                    PadMode::Reflect => {
                        if len == 1 {
                            0
                        } else {
                            let period = 2 * (len - 1);
                            let m = q.rem_euclid(period);
                            if m < len {
                                m
                            } else {
                                period - m
                            }
                        }
                    }
                };
                Some((cs + q) as usize)
            })
            .collect();
        out_shape.push(o as usize);
        sources.push(src);
    }
    let n: usize = out_shape.iter().product();
    let mut data = Vec::with_capacity(n * size);
    for idx in positions(&out_shape) {
        let src: Option<Vec<usize>> = (0..r).map(|i| sources[i][idx[i]]).collect();
        match src {
            Some(s) => {
                let at = flat(&s, &x.shape) * size;
                data.extend_from_slice(&x.data[at..at + size]);
            }
            None => data.extend_from_slice(&fill),
        }
    }
    HostTensor::new(x.element, out_shape, data)
}
