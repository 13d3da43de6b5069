//! Integer folding on two's-complement bit patterns (`u128`, masked to the
//! width): wrap-around arithmetic; division by zero, signed division overflow
//! and over-wide shifts (poison) do not fold.

/// An integer constant: its bits and width (index is 64 bits wide).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Int {
    pub bits: u128,
    pub width: u32,
}

pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

impl Int {
    pub fn new(bits: u128, width: u32) -> Int {
        Int {
            bits: bits & mask(width),
            width,
        }
    }

    /// The value read as signed.
    pub fn signed(self) -> i128 {
        if self.width == 0 {
            return 0;
        }
        let shift = 128 - self.width.min(128);
        ((self.bits << shift) as i128) >> shift
    }

    fn min_signed(self) -> bool {
        self.width > 0 && self.bits == 1u128 << (self.width - 1)
    }

    fn all_ones(self) -> bool {
        self.bits == mask(self.width)
    }
}

/// A binary integer op by its name without the dialect (`addi`).
pub fn binary(op: &str, a: Int, b: Int) -> Option<Int> {
    let w = a.width;
    let (x, y) = (a.bits, b.bits);
    let (sx, sy) = (a.signed(), b.signed());
    let overflow = a.min_signed() && b.all_ones();
    let r = match op {
        "addi" => x.wrapping_add(y),
        "subi" => x.wrapping_sub(y),
        "muli" => x.wrapping_mul(y),
        "andi" => x & y,
        "ori" => x | y,
        "xori" => x ^ y,
        "divui" if y != 0 => x / y,
        "remui" if y != 0 => x % y,
        "ceildivui" if y != 0 => x.div_ceil(y),
        "divsi" if y != 0 && !overflow => sx.wrapping_div(sy) as u128,
        "remsi" if y != 0 => sx.checked_rem(sy).unwrap_or(0) as u128,
        "ceildivsi" if y != 0 => ceildivsi(a, b)?,
        "floordivsi" if y != 0 && !overflow => {
            let q = sx.wrapping_div(sy);
            let adjust = sx % sy != 0 && ((sx < 0) != (sy < 0));
            (q - adjust as i128) as u128
        }
        "shli" if y < w as u128 => x << y,
        "shrui" if y < w as u128 => x >> y,
        "shrsi" if y < w as u128 => (sx >> y) as u128,
        "maxsi" => sx.max(sy) as u128,
        "minsi" => sx.min(sy) as u128,
        "maxui" => x.max(y),
        "minui" => x.min(y),
        _ => return None,
    };
    Some(Int::new(r, w))
}

/// MLIR's `ceildivsi` fold: ceil(|a| / |b|) with the sign, computed through
/// negations that must not overflow, so an operand equal to the signed minimum
/// does not fold (unless a is 0).
fn ceildivsi(a: Int, b: Int) -> Option<u128> {
    let (sx, sy) = (a.signed(), b.signed());
    if sx == 0 {
        return Some(0);
    }
    // (x - 1) / y + 1 for x, y > 0.
    let ceil = |x: i128, y: i128| (x - 1) / y + 1;
    let r = match (sx > 0, sy > 0) {
        (true, true) => ceil(sx, sy),
        (false, false) if a.min_signed() || b.min_signed() => return None,
        (false, false) => ceil(-sx, -sy),
        (false, true) if a.min_signed() => return None,
        (false, true) => -((-sx) / sy),
        (true, false) if b.min_signed() => return None,
        (true, false) => -(sx / (-sy)),
    };
    Some(r as u128)
}

/// `cmpi` by predicate number (0 = eq ... 9 = uge).
pub fn compare(pred: u64, a: Int, b: Int) -> Option<bool> {
    let (x, y, sx, sy) = (a.bits, b.bits, a.signed(), b.signed());
    Some(match pred {
        0 => x == y,
        1 => x != y,
        2 => sx < sy,
        3 => sx <= sy,
        4 => sx > sy,
        5 => sx >= sy,
        6 => x < y,
        7 => x <= y,
        8 => x > y,
        9 => x >= y,
        _ => return None,
    })
}

/// `addui_extended`: the sum and whether it carried out.
pub fn add_extended(a: Int, b: Int) -> (Int, bool) {
    let sum = Int::new(a.bits.wrapping_add(b.bits), a.width);
    (sum, sum.bits < a.bits)
}

/// `mulsi_extended` / `mului_extended`: the low and high halves of the full
/// product (widths up to 64).
pub fn mul_extended(a: Int, b: Int, signed: bool) -> Option<(Int, Int)> {
    let w = a.width;
    if w > 64 {
        return None;
    }
    let p = if signed {
        a.signed().wrapping_mul(b.signed()) as u128
    } else {
        a.bits.wrapping_mul(b.bits)
    };
    let high = if w == 64 {
        p >> 64
    } else {
        ((p as i128) >> w) as u128
    };
    Some((Int::new(p, w), Int::new(high, w)))
}

/// Sign / zero extension and truncation to `width`.
pub fn resize(a: Int, width: u32, signed: bool) -> Int {
    if signed {
        Int::new(a.signed() as u128, width)
    } else {
        Int::new(a.bits, width)
    }
}

/// The ops whose MLIR folder keeps only the last element's status: for each
/// element its APInt value and whether that element folds (a shift below the
/// width; a `floordivsi` by non-zero without overflow, else the dividend).
pub fn last_status(op: &str, a: Int, b: Int) -> Option<(Int, bool)> {
    let w = a.width;
    let wide = b.bits >= w as u128;
    Some(match op {
        "shli" => (
            if wide {
                Int::new(0, w)
            } else {
                Int::new(a.bits << b.bits, w)
            },
            !wide,
        ),
        "shrui" => (
            if wide {
                Int::new(0, w)
            } else {
                Int::new(a.bits >> b.bits, w)
            },
            !wide,
        ),
        "shrsi" => {
            let s = if wide { 127 } else { b.bits as u32 };
            (Int::new((a.signed() >> s.min(127)) as u128, w), !wide)
        }
        "floordivsi" if b.bits == 0 => (a, false),
        "floordivsi" => {
            let overflow = a.min_signed() && b.all_ones();
            let (sx, sy) = (a.signed(), b.signed());
            let q = sx.wrapping_div(sy);
            let adjust = sx % sy != 0 && ((sx < 0) != (sy < 0));
            (Int::new((q - adjust as i128) as u128, w), !overflow)
        }
        _ => return None,
    })
}
