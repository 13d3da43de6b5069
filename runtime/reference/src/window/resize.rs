//! `resize` (see the module doc of `window`).

use super::*;

/// Keys' cubic convolution kernel with coefficient `a` at distance `u`.
fn keys(a: f64, u: f64) -> f64 {
    let u = u.abs();
    if u <= 1.0 {
        ((a + 2.0) * u - (a + 3.0)) * u * u + 1.0
    } else if u < 2.0 {
        ((a * u - 5.0 * a) * u + 8.0 * a) * u - 4.0 * a
    } else {
        0.0
    }
}

/// The input coordinate output coordinate `x` of a dim maps to.
fn original(r: &Resize, x: usize, scale: f64, len: usize, out: usize) -> f64 {
    let x = x as f64;
    match r.coordinate {
        CoordinateMode::HalfPixel => (x + 0.5) / scale - 0.5,
        CoordinateMode::HalfPixelSymmetric => {
            let adjustment = out as f64 / (scale * len as f64);
            let offset = len as f64 / 2.0 * (1.0 - adjustment);
            offset + (x + 0.5) / scale - 0.5
        }
        CoordinateMode::PytorchHalfPixel => {
            if out > 1 {
                (x + 0.5) / scale - 0.5
            } else {
                0.0
            }
        }
        CoordinateMode::AlignCorners => {
            if out == 1 {
                0.0
            } else {
                x * (len as f64 - 1.0) / (out as f64 - 1.0)
            }
        }
        CoordinateMode::Asymmetric => x / scale,
    }
}

/// The (input index, weight) pairs output coordinate `x` of a dim reads.
fn resize_taps(r: &Resize, x: usize, scale: f64, len: usize, out: usize) -> Vec<(usize, f64)> {
    let c = original(r, x, scale, len, out);
    let last = len as i64 - 1;
    let clamp = |i: i64| i.clamp(0, last) as usize;
    let fl = c.floor();
    let t = c - fl;
    let f = fl as i64;
    match r.mode {
        ResizeMode::Nearest => {
            let i = if t == 0.0 {
                f
            } else {
                match r.nearest {
                    NearestMode::RoundPreferFloor if t <= 0.5 => f,
                    NearestMode::RoundPreferCeil if t < 0.5 => f,
                    NearestMode::Floor => f,
                    _ => f + 1,
                }
            };
            vec![(clamp(i), 1.0)]
        }
        ResizeMode::Linear => vec![(clamp(f), 1.0 - t), (clamp(f + 1), t)],
        ResizeMode::Cubic => {
            let a = r.cubic_coeff_a;
            let mut taps: Vec<(i64, f64)> = vec![
                (f - 1, keys(a, t + 1.0)),
                (f, keys(a, t)),
                (f + 1, keys(a, 1.0 - t)),
                (f + 2, keys(a, 2.0 - t)),
            ];
            if r.exclude_outside {
                for tap in &mut taps {
                    if tap.0 < 0 || tap.0 > last {
                        tap.1 = 0.0;
                    }
                }
                let sum: f64 = taps.iter().map(|t| t.1).sum();
                for tap in &mut taps {
                    tap.1 /= sum;
                }
            }
            taps.into_iter().map(|(i, w)| (clamp(i), w)).collect()
        }
    }
}

pub(super) fn resize(r: &Resize, x: &HostTensor, result: &[Option<usize>]) -> Result<HostTensor> {
    let f = float_type(x.element)?;
    let rank = x.shape.len();
    if r.scales.len() != rank || result.len() != rank {
        return Err(invalid(format!(
            "{} scales and a rank-{} result for a rank-{rank} input",
            r.scales.len(),
            result.len()
        )));
    }
    if let Some(bad) = r.scales.iter().find(|&&s| !(s > 0.0 && s.is_finite())) {
        return Err(invalid(format!("scales must be positive, got {bad}")));
    }
    let out: Vec<usize> = (0..rank)
        .map(|i| result[i].unwrap_or((x.shape[i] as f64 * r.scales[i]).floor() as usize))
        .collect();
    if let Some(i) = (0..rank).find(|&i| x.shape[i] == 0 && out[i] != 0) {
        return Err(invalid(format!(
            "cannot resize dim {i} of size 0 to {}",
            out[i]
        )));
    }
    let mut cur = load(f, x);
    let mut shape = x.shape.clone();
    for i in 0..rank {
        let (len, to) = (shape[i], out[i]);
        let outer: usize = shape[..i].iter().product();
        let inner: usize = shape[i + 1..].iter().product();
        let taps: Vec<_> = (0..to)
            .map(|j| resize_taps(r, j, r.scales[i], len, to))
            .collect();
        let mut next = vec![0f64; outer * to * inner];
        for o in 0..outer {
            for (j, t) in taps.iter().enumerate() {
                for e in 0..inner {
                    next[(o * to + j) * inner + e] = t
                        .iter()
                        .map(|&(idx, w)| w * cur[(o * len + idx) * inner + e])
                        .sum();
                }
            }
        }
        cur = next;
        shape[i] = to;
    }
    Ok(store(f, shape, &cur))
}
