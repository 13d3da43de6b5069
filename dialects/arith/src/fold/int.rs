//! Integer folding on two's-complement bit patterns of any width, as MLIR's
//! APInt: up to 128 bits in a `u128` (the fast path), wider in a `BigUint`,
//! both masked to the width. Wrap-around arithmetic; division by zero, signed
//! division overflow and over-wide shifts (poison) do not fold.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, ToPrimitive, Zero};
use std::cmp::Ordering;

/// An integer constant: its bits and width (index is 64 bits wide).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int(Repr);

/// The bits below 2^width; `Small` exactly for widths up to 128, so that
/// equal values compare equal.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Repr {
    Small { bits: u128, width: u32 },
    Wide { bits: BigUint, width: u32 },
}

/// The widths the `u128` path holds.
const SMALL: u32 = 128;

fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// `bits` (below 2^width) read as signed.
fn sext(bits: u128, width: u32) -> i128 {
    if width == 0 {
        return 0;
    }
    let shift = 128 - width.min(128);
    ((bits << shift) as i128) >> shift
}

fn pow2(width: u32) -> BigUint {
    BigUint::one() << width
}

/// The low `width` bits of `v`.
fn trunc_big(v: BigUint, width: u32) -> BigUint {
    if v.bits() <= u64::from(width) {
        v
    } else {
        v & (pow2(width) - 1u32)
    }
}

impl Int {
    /// The low `width` bits of `bits` (zero-extended when wider).
    pub fn new(bits: u128, width: u32) -> Int {
        if width <= SMALL {
            Int(Repr::Small {
                bits: bits & mask(width),
                width,
            })
        } else {
            Int(Repr::Wide {
                bits: BigUint::from(bits),
                width,
            })
        }
    }

    /// `v` sign-extended or truncated to `width`.
    pub fn from_i128(v: i128, width: u32) -> Int {
        if width <= SMALL {
            Int::new(v as u128, width)
        } else {
            Int::from_bigint(&BigInt::from(v), width)
        }
    }

    /// The low `width` bits of `v`.
    pub fn from_biguint(v: BigUint, width: u32) -> Int {
        if width <= SMALL {
            let low = v.iter_u64_digits().take(2).enumerate();
            let bits = low.fold(0u128, |acc, (i, d)| acc | (u128::from(d) << (64 * i)));
            Int::new(bits, width)
        } else {
            Int(Repr::Wide {
                bits: trunc_big(v, width),
                width,
            })
        }
    }

    /// The low `width` bits of `v` in two's complement.
    pub fn from_bigint(v: &BigInt, width: u32) -> Int {
        if width <= SMALL {
            if let Some(x) = v.to_i128() {
                return Int::new(x as u128, width);
            }
        }
        let m = trunc_big(v.magnitude().clone(), width);
        let bits = if v.sign() == Sign::Minus && !m.is_zero() {
            pow2(width) - m
        } else {
            m
        };
        Int::from_biguint(bits, width)
    }

    /// The unsigned value of the little-endian bytes `b`, truncated to `width`.
    pub fn from_le_bytes(b: &[u8], width: u32) -> Int {
        if width <= SMALL && b.len() <= 16 {
            let mut raw = [0u8; 16];
            raw[..b.len()].copy_from_slice(b);
            Int::new(u128::from_le_bytes(raw), width)
        } else {
            Int::from_biguint(BigUint::from_bytes_le(b), width)
        }
    }

    /// The value little-endian in `n` bytes, as xir's parser stores a dense
    /// element: up to 128 bits zero-extended, wider ones sign-extended.
    pub fn write_le_bytes(&self, n: usize, out: &mut Vec<u8>) {
        match &self.0 {
            Repr::Small { bits, .. } => {
                out.extend_from_slice(&bits.to_le_bytes()[..n.min(16)]);
                out.extend(std::iter::repeat_n(0, n.saturating_sub(16)));
            }
            Repr::Wide { .. } => {
                let b = self.signed().to_signed_bytes_le();
                let fill = if self.negative() { 0xFF } else { 0 };
                let k = b.len().min(n);
                out.extend_from_slice(&b[..k]);
                out.extend(std::iter::repeat_n(fill, n - k));
            }
        }
    }

    /// The all-ones value (-1) of `width`.
    pub fn all_ones(width: u32) -> Int {
        if width <= SMALL {
            Int::new(u128::MAX, width)
        } else {
            Int::from_biguint(pow2(width) - 1u32, width)
        }
    }

    /// The largest signed value of `width` (at least 1).
    pub fn signed_max(width: u32) -> Int {
        if width <= SMALL {
            Int::new(mask(width) >> 1, width)
        } else {
            Int::from_biguint(pow2(width - 1) - 1u32, width)
        }
    }

    /// The smallest signed value of `width` (at least 1).
    pub fn signed_min(width: u32) -> Int {
        if width <= SMALL {
            Int::new(1u128 << (width - 1), width)
        } else {
            Int::from_biguint(pow2(width - 1), width)
        }
    }

    pub fn width(&self) -> u32 {
        match &self.0 {
            Repr::Small { width, .. } | Repr::Wide { width, .. } => *width,
        }
    }

    /// The bits and width when at most 128 bits wide.
    fn small(&self) -> Option<(u128, u32)> {
        match self.0 {
            Repr::Small { bits, width } => Some((bits, width)),
            Repr::Wide { .. } => None,
        }
    }

    /// The value read as unsigned, when it fits in 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Small { bits, .. } => Some(*bits),
            Repr::Wide { bits, .. } => bits.to_u128(),
        }
    }

    /// The value read as signed, when it fits in 128 bits.
    pub fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small { bits, width } => Some(sext(*bits, *width)),
            Repr::Wide { .. } => self.signed().to_i128(),
        }
    }

    /// The low 128 bits.
    pub fn low_u128(&self) -> u128 {
        match &self.0 {
            Repr::Small { bits, .. } => *bits,
            Repr::Wide { bits, .. } => Int::from_biguint(bits.clone(), 128).low_u128(),
        }
    }

    /// The value read as unsigned.
    pub fn unsigned(&self) -> BigUint {
        match &self.0 {
            Repr::Small { bits, .. } => BigUint::from(*bits),
            Repr::Wide { bits, .. } => bits.clone(),
        }
    }

    /// The value read as signed.
    pub fn signed(&self) -> BigInt {
        match &self.0 {
            Repr::Small { bits, width } => BigInt::from(sext(*bits, *width)),
            Repr::Wide { bits, width } => {
                if self.negative() {
                    BigInt::from(bits.clone()) - BigInt::from(pow2(*width))
                } else {
                    BigInt::from(bits.clone())
                }
            }
        }
    }

    /// Whether the sign bit is set.
    pub fn negative(&self) -> bool {
        match &self.0 {
            Repr::Small { bits, width } => *width > 0 && bits >> (width - 1) & 1 == 1,
            Repr::Wide { bits, width } => bits.bit(u64::from(*width) - 1),
        }
    }

    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small { bits, .. } => *bits == 0,
            Repr::Wide { bits, .. } => bits.is_zero(),
        }
    }

    pub fn is_one(&self) -> bool {
        match &self.0 {
            Repr::Small { bits, .. } => *bits == 1,
            Repr::Wide { bits, .. } => bits.is_one(),
        }
    }

    pub fn is_all_ones(&self) -> bool {
        match &self.0 {
            Repr::Small { bits, width } => *bits == mask(*width),
            Repr::Wide { bits, width } => bits.trailing_ones() == u64::from(*width),
        }
    }

    pub fn is_signed_min(&self) -> bool {
        match &self.0 {
            Repr::Small { bits, width } => *width > 0 && *bits == 1u128 << (width - 1),
            Repr::Wide { bits, width } => {
                bits.trailing_zeros() == Some(u64::from(*width) - 1) && bits.count_ones() == 1
            }
        }
    }

    pub fn is_signed_max(&self) -> bool {
        match &self.0 {
            Repr::Small { bits, width } => *width > 0 && *bits == mask(*width) >> 1,
            Repr::Wide { bits, width } => bits.trailing_ones() == u64::from(*width) - 1,
        }
    }

    /// Unsigned order.
    pub fn ucmp(&self, o: &Int) -> Ordering {
        match (&self.0, &o.0) {
            (Repr::Small { bits: x, .. }, Repr::Small { bits: y, .. }) => x.cmp(y),
            _ => self.unsigned().cmp(&o.unsigned()),
        }
    }

    /// Signed order.
    pub fn scmp(&self, o: &Int) -> Ordering {
        match (self.small(), o.small()) {
            (Some((x, w)), Some((y, v))) => sext(x, w).cmp(&sext(y, v)),
            _ => self.signed().cmp(&o.signed()),
        }
    }
}

/// A binary integer op by its name without the dialect (`addi`).
pub fn binary(op: &str, a: &Int, b: &Int) -> Option<Int> {
    match (a.small(), b.small()) {
        (Some((x, w)), Some((y, _))) => binary_small(op, x, y, w),
        _ => binary_wide(op, a, b),
    }
}

fn binary_small(op: &str, x: u128, y: u128, w: u32) -> Option<Int> {
    let (sx, sy) = (sext(x, w), sext(y, w));
    let min_signed = |v: u128| w > 0 && v == 1u128 << (w - 1);
    let overflow = min_signed(x) && y == mask(w);
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
        "ceildivsi" if y != 0 => {
            if sx == 0 {
                0
            } else {
                // (x - 1) / y + 1 for x, y > 0; an operand equal to the signed
                // minimum would overflow MLIR's negations, so does not fold.
                let ceil = |x: i128, y: i128| (x - 1) / y + 1;
                let r = match (sx > 0, sy > 0) {
                    (true, true) => ceil(sx, sy),
                    (false, false) if min_signed(x) || min_signed(y) => return None,
                    (false, false) => ceil(-sx, -sy),
                    (false, true) if min_signed(x) => return None,
                    (false, true) => -((-sx) / sy),
                    (true, false) if min_signed(y) => return None,
                    (true, false) => -(sx / (-sy)),
                };
                r as u128
            }
        }
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

/// `binary` wider than 128 bits, through arbitrary-precision values.
fn binary_wide(op: &str, a: &Int, b: &Int) -> Option<Int> {
    let w = a.width();
    let (x, y) = (a.unsigned(), b.unsigned());
    let nonzero = !y.is_zero();
    let overflow = a.is_signed_min() && b.is_all_ones();
    let u = |v: BigUint| Some(Int::from_biguint(v, w));
    let s = |v: BigInt| Some(Int::from_bigint(&v, w));
    let shift = y.to_u32().filter(|&n| n < w);
    match op {
        "addi" => u(x + y),
        "subi" => s(a.signed() - b.signed()),
        "muli" => u(x * y),
        "andi" => u(x & y),
        "ori" => u(x | y),
        "xori" => u(x ^ y),
        "divui" if nonzero => u(x / y),
        "remui" if nonzero => u(x % y),
        "ceildivui" if nonzero => u((x + &y - 1u32) / y),
        "divsi" if nonzero && !overflow => s(a.signed() / b.signed()),
        "remsi" if nonzero => s(a.signed() % b.signed()),
        "ceildivsi" if nonzero => {
            let (sx, sy) = (a.signed(), b.signed());
            if sx.is_zero() {
                return s(sx);
            }
            let one = BigInt::one();
            let ceil = |x: BigInt, y: BigInt| (x - &one) / y + &one;
            let (min_a, min_b) = (a.is_signed_min(), b.is_signed_min());
            let pos = |v: &BigInt| v.sign() == Sign::Plus;
            s(match (pos(&sx), pos(&sy)) {
                (true, true) => ceil(sx, sy),
                (false, false) if min_a || min_b => return None,
                (false, false) => ceil(-sx, -sy),
                (false, true) if min_a => return None,
                (false, true) => -((-sx) / sy),
                (true, false) if min_b => return None,
                (true, false) => -(sx / (-sy)),
            })
        }
        "floordivsi" if nonzero && !overflow => {
            let (sx, sy) = (a.signed(), b.signed());
            let q = &sx / &sy;
            let adjust = !(&sx % &sy).is_zero() && (a.negative() != b.negative());
            s(if adjust { q - 1 } else { q })
        }
        "shli" => u(x << shift?),
        "shrui" => u(x >> shift?),
        "shrsi" => s(a.signed() >> shift?),
        "maxsi" => Some(if a.scmp(b).is_ge() { a } else { b }.clone()),
        "minsi" => Some(if a.scmp(b).is_le() { a } else { b }.clone()),
        "maxui" => Some(if a.ucmp(b).is_ge() { a } else { b }.clone()),
        "minui" => Some(if a.ucmp(b).is_le() { a } else { b }.clone()),
        _ => None,
    }
}

/// `cmpi` by predicate number (0 = eq ... 9 = uge).
pub fn compare(pred: u64, a: &Int, b: &Int) -> Option<bool> {
    let s = || a.scmp(b);
    let u = || a.ucmp(b);
    Some(match pred {
        0 => a == b,
        1 => a != b,
        2 => s().is_lt(),
        3 => s().is_le(),
        4 => s().is_gt(),
        5 => s().is_ge(),
        6 => u().is_lt(),
        7 => u().is_le(),
        8 => u().is_gt(),
        9 => u().is_ge(),
        _ => return None,
    })
}

/// `addui_extended`: the sum and whether it carried out.
pub fn add_extended(a: &Int, b: &Int) -> (Int, bool) {
    let sum = binary("addi", a, b).expect("addi folds");
    let carry = sum.ucmp(a).is_lt();
    (sum, carry)
}

/// `mulsi_extended` / `mului_extended`: the low and high halves of the full
/// product.
pub fn mul_extended(a: &Int, b: &Int, signed: bool) -> (Int, Int) {
    let w = a.width();
    if let (Some((x, _)), Some((y, _)), true) = (a.small(), b.small(), w <= 64) {
        let p = if signed {
            sext(x, w).wrapping_mul(sext(y, w)) as u128
        } else {
            x.wrapping_mul(y)
        };
        let high = if w == 64 {
            p >> 64
        } else {
            ((p as i128) >> w) as u128
        };
        return (Int::new(p, w), Int::new(high, w));
    }
    let p = if signed {
        a.signed() * b.signed()
    } else {
        BigInt::from(a.unsigned() * b.unsigned())
    };
    let high = &p >> w;
    (Int::from_bigint(&p, w), Int::from_bigint(&high, w))
}

/// Sign / zero extension and truncation to `width`.
pub fn resize(a: &Int, width: u32, signed: bool) -> Int {
    match a.small() {
        Some((bits, w)) if width <= SMALL => {
            if signed {
                Int::new(sext(bits, w) as u128, width)
            } else {
                Int::new(bits, width)
            }
        }
        _ if signed => Int::from_bigint(&a.signed(), width),
        _ => Int::from_biguint(a.unsigned(), width),
    }
}

/// The ops whose MLIR folder keeps only the last element's status: for each
/// element its APInt value and whether that element folds (a shift below the
/// width; a `floordivsi` by non-zero without overflow, else the dividend).
pub fn last_status(op: &str, a: &Int, b: &Int) -> Option<(Int, bool)> {
    let w = a.width();
    // APInt shifts by at most the width.
    let amount = b.to_u128().map_or(w, |n| n.min(u128::from(w)) as u32);
    let fits = amount < w;
    let zero = || Int::new(0, w);
    Some(match op {
        "shli" | "shrui" if !fits => (zero(), false),
        "shli" | "shrui" | "shrsi" if fits => (binary(op, a, b)?, true),
        "shrsi" => (
            if a.negative() {
                Int::all_ones(w)
            } else {
                zero()
            },
            false,
        ),
        "floordivsi" if b.is_zero() => (a.clone(), false),
        "floordivsi" => {
            let overflow = a.is_signed_min() && b.is_all_ones();
            if overflow {
                // APInt's wrapping quotient: the signed minimum.
                (a.clone(), false)
            } else {
                (binary(op, a, b)?, true)
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same value at width `w` through the wide path (as a `Wide` repr even
    /// for narrow widths), to check it against the `u128` one.
    fn wide(x: u128, w: u32) -> Int {
        Int(Repr::Wide {
            bits: BigUint::from(x & mask(w)),
            width: w,
        })
    }

    fn narrow(r: Option<Int>) -> Option<Int> {
        r.map(|i| Int::from_biguint(i.unsigned(), i.width()))
    }

    const OPS: &[&str] = &[
        "addi",
        "subi",
        "muli",
        "andi",
        "ori",
        "xori",
        "divui",
        "remui",
        "ceildivui",
        "divsi",
        "remsi",
        "ceildivsi",
        "floordivsi",
        "shli",
        "shrui",
        "shrsi",
        "maxsi",
        "minsi",
        "maxui",
        "minui",
    ];

    fn samples(w: u32) -> Vec<u128> {
        let m = mask(w);
        let mut v = vec![
            0,
            1,
            2,
            3,
            5,
            7,
            m,
            m - 1,
            m >> 1,
            (m >> 1) + 1,
            (m >> 1) - 1,
        ];
        v.extend([
            0x1234_5678_9abc_def0_u128,
            0xdead_beef,
            1 << 100,
            w as u128 - 1,
        ]);
        let mut s = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834_u128;
        for _ in 0..12 {
            s = s
                .wrapping_mul(0x2545_F491_4F6C_DD1D)
                .wrapping_add(1442695040888963407);
            v.push(s >> (s % 128));
        }
        v.into_iter().map(|x| x & m).collect()
    }

    /// The wide path agrees with the `u128` one at every width up to 128.
    #[test]
    fn wide_path_matches_small_path() {
        for w in [2, 3, 7, 8, 13, 32, 63, 64, 65, 100, 127, 128] {
            for &x in &samples(w) {
                for &y in &samples(w) {
                    let (a, b) = (Int::new(x, w), Int::new(y, w));
                    let (wa, wb) = (wide(x, w), wide(y, w));
                    for op in OPS {
                        let want = binary(op, &a, &b);
                        assert_eq!(narrow(binary_wide(op, &wa, &wb)), want, "{op} {x} {y} i{w}");
                        let want = last_status(op, &a, &b);
                        let got =
                            last_status(op, &wa, &wb).map(|(r, ok)| (narrow(Some(r)).unwrap(), ok));
                        assert_eq!(got, want, "last_status {op} {x} {y} i{w}");
                    }
                    for p in 0..10 {
                        assert_eq!(compare(p, &a, &b), compare(p, &wa, &wb), "cmpi {p}");
                    }
                    assert_eq!(a.scmp(&b), wa.scmp(&wb));
                    for signed in [false, true] {
                        for to in [1, w - 1, w, w + 1, 128] {
                            let r = resize(&wa, to, signed);
                            assert_eq!(resize(&a, to, signed), narrow(Some(r)).unwrap());
                        }
                    }
                    let (sa, wa_) = (a.is_signed_min(), wa.is_signed_min());
                    assert_eq!(sa, wa_);
                    assert_eq!(a.is_signed_max(), wa.is_signed_max());
                    assert_eq!(a.is_all_ones(), wa.is_all_ones());
                    assert_eq!(a.negative(), wa.negative());
                    assert_eq!(a.signed(), wa.signed());
                }
            }
        }
    }

    #[test]
    fn mul_extended_wide() {
        for w in [8u32, 16, 64] {
            for &x in &samples(w) {
                for &y in &samples(w) {
                    let (a, b) = (Int::new(x, w), Int::new(y, w));
                    for signed in [false, true] {
                        let (lo, hi) = mul_extended(&a, &b, signed);
                        let (wl, wh) = mul_extended(&wide(x, w), &wide(y, w), signed);
                        assert_eq!(narrow(Some(wl)), Some(lo));
                        assert_eq!(narrow(Some(wh)), Some(hi));
                    }
                }
            }
        }
    }

    #[test]
    fn wide_values() {
        let w = 256;
        let m1 = Int::all_ones(w);
        assert_eq!(m1.signed(), BigInt::from(-1));
        assert_eq!(m1.to_i128(), Some(-1));
        assert!(Int::signed_min(w).is_signed_min());
        assert!(Int::signed_max(w).is_signed_max());
        assert!(!Int::signed_max(w).is_all_ones());
        assert_eq!(Int::from_i128(-5, w).signed(), BigInt::from(-5));
        let one = Int::new(1, w);
        assert_eq!(binary("addi", &m1, &one), Some(Int::new(0, w)));
        assert_eq!(binary("subi", &Int::new(0, w), &one), Some(m1.clone()));
        let big = binary("shli", &one, &Int::new(200, w)).unwrap();
        assert_eq!(big.unsigned(), BigUint::one() << 200u32);
        assert_eq!(binary("shli", &one, &Int::new(256, w)), None);
        assert_eq!(binary("divsi", &Int::signed_min(w), &m1), None);
        let (lo, hi) = mul_extended(&m1, &m1, false);
        assert_eq!(
            (lo, hi.clone()),
            (one.clone(), binary("subi", &m1, &one).unwrap())
        );
        let (lo, hi) = mul_extended(&m1, &m1, true);
        assert_eq!((lo, hi), (one.clone(), Int::new(0, w)));
        let mut bytes = Vec::new();
        big.write_le_bytes(33, &mut bytes);
        assert_eq!(bytes.len(), 33);
        assert_eq!(Int::from_le_bytes(&bytes, w), big);
        // Wide negatives are stored sign-extended through the last byte.
        let mut bytes = Vec::new();
        Int::all_ones(129).write_le_bytes(17, &mut bytes);
        assert_eq!(bytes, vec![0xFF; 17]);
        assert_eq!(Int::from_le_bytes(&bytes, 129), Int::all_ones(129));
        let t = resize(&big, 64, false);
        assert_eq!(t, Int::new(0, 64));
        assert_eq!(
            resize(&Int::from_i128(-3, 64), w, true).signed(),
            BigInt::from(-3)
        );
    }
}
