//! Random func + arith programs for the broad `canonicalize` differential test:
//! arguments and constants (scalars, splat and non-splat vectors and tensors, NaN,
//! ±inf, ±0) of every integer and float type, and every arith op with its flags,
//! built as chains so that the folds and patterns of MLIR's arith dialect meet
//! (ext of ext, trunc of ext, cmp of ext, select of not, bitcast of bitcast, ...).
//! Integers go past 128 bits (i129, i256, i512), which MLIR folds as APInt.

use irgen::arith::{CMPF, CMPI, FLT_BIN, INT_BIN};
use irgen::XorShift as Rng;

const INTS: &[&str] = &[
    "i1", "i8", "i16", "i32", "i64", "index", "i128", "i129", "i256", "i512",
];
/// The integer types of a width (not index), narrowest first.
const SIZED: &[&str] = &[
    "i1", "i8", "i16", "i32", "i64", "i128", "i129", "i256", "i512",
];
/// The sized integer types the pattern templates chain.
const CHAIN: &[&str] = &[
    "i8", "i16", "i32", "i64", "i8", "i16", "i32", "i64", "i129", "i256",
];
const FLOATS: &[&str] = &["f16", "bf16", "f32", "f64"];

const FASTMATH: &[&str] = &["nnan,nsz", "contract", "fast", "nnan", "reassoc"];
const OVERFLOW: &[&str] = &["nsw", "nuw", "nsw, nuw"];

fn width(e: &str) -> u32 {
    match e {
        "i1" => 1,
        "i8" => 8,
        "i16" | "f16" | "bf16" => 16,
        "i32" | "f32" => 32,
        "i64" | "index" | "f64" => 64,
        _ => e[1..].parse().expect("an iN type"),
    }
}

/// 2^k + delta in decimal (a non-negative result, |delta| small).
fn pow2_plus(k: u32, delta: i64) -> String {
    const BASE: u64 = 1_000_000_000;
    // Little-endian base-10^9 limbs.
    let mut limbs: Vec<u64> = vec![1];
    for _ in 0..k {
        let mut carry = 0;
        for l in limbs.iter_mut() {
            let v = *l * 2 + carry;
            *l = v % BASE;
            carry = v / BASE;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    // Add (or subtract) |delta| < 10^9 with carries through the limbs.
    let d = delta.unsigned_abs();
    assert!(d < BASE);
    if delta >= 0 {
        let mut carry = d;
        for l in limbs.iter_mut() {
            let v = *l + carry;
            *l = v % BASE;
            carry = v / BASE;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    } else {
        let mut borrow = d;
        for l in limbs.iter_mut() {
            if *l >= borrow {
                *l -= borrow;
                borrow = 0;
                break;
            }
            *l = *l + BASE - borrow;
            borrow = 1;
        }
        assert_eq!(borrow, 0, "2^{k} + {delta} is negative");
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut out = limbs.last().expect("a limb").to_string();
    for l in limbs.iter().rev().skip(1) {
        out.push_str(&format!("{l:09}"));
    }
    out
}

fn is_float(e: &str) -> bool {
    FLOATS.contains(&e)
}

struct Gen {
    r: Rng,
    /// Elements of the vector (or tensor) shape, or scalars.
    lanes: Option<usize>,
    /// The shape is a tensor's, not a vector's.
    tensor: bool,
    /// (name, element type) of every value so far.
    pool: Vec<(String, &'static str)>,
    args: Vec<(String, &'static str)>,
    body: String,
    n: usize,
}

impl Gen {
    fn ty(&self, e: &str) -> String {
        match self.lanes {
            Some(n) if self.tensor => format!("tensor<{n}x{e}>"),
            Some(n) => format!("vector<{n}x{e}>"),
            None => e.to_string(),
        }
    }

    fn fresh(&mut self) -> String {
        self.n += 1;
        format!("%v{}", self.n)
    }

    fn emit(&mut self, e: &'static str, rhs: String) -> String {
        let v = self.fresh();
        self.body.push_str(&format!("  {v} = {rhs}\n"));
        self.pool.push((v.clone(), e));
        v
    }

    fn int_literal(&mut self, e: &str) -> String {
        if e == "i1" {
            return ["false", "true"][self.r.below(2)].to_string();
        }
        let w = width(e);
        if w > 64 {
            // Small values, the signed extremes, unsigned all-ones (which wraps
            // to -1) and values past 64 and 128 bits.
            let mut choices: Vec<String> = ["0", "1", "-1", "2", "3", "5", "-8", "7", "16", "31"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            choices.extend([
                pow2_plus(w - 1, -1),
                format!("-{}", pow2_plus(w - 1, 0)),
                pow2_plus(w, -1),
                pow2_plus(w - 2, 0),
                pow2_plus(64, 0),
                pow2_plus(64, -1),
                format!("-{}", pow2_plus(64, 0)),
                pow2_plus(100, 3),
                format!("-{}", pow2_plus(100, 0)),
                pow2_plus(127, 0),
            ]);
            return choices[self.r.below(choices.len())].clone();
        }
        let max = if w == 64 {
            i64::MAX as i128
        } else {
            (1i128 << (w - 1)) - 1
        };
        let choices = [0, 1, -1, 2, 3, 5, -8, 7, max, -max - 1, 16, 31];
        choices[self.r.below(choices.len())].to_string()
    }

    fn float_literal(&mut self, e: &str) -> String {
        let specials: [&str; 3] = match e {
            "f16" => ["0x7E00", "0x7C00", "0xFC00"],
            "bf16" => ["0x7FC0", "0x7F80", "0xFF80"],
            "f32" => ["0x7FC00000", "0x7F800000", "0xFF800000"],
            _ => [
                "0x7FF8000000000000",
                "0x7FF0000000000000",
                "0xFFF0000000000000",
            ],
        };
        let plain = [
            "0.0", "-0.0", "1.0", "-1.0", "2.5", "-4.0", "3.0", "0.5", "1.0e+04", "-1.5",
        ];
        if self.r.chance(20) {
            specials[self.r.below(3)].to_string()
        } else {
            plain[self.r.below(plain.len())].to_string()
        }
    }

    fn literal(&mut self, e: &str) -> String {
        if is_float(e) {
            self.float_literal(e)
        } else {
            self.int_literal(e)
        }
    }

    fn constant(&mut self, e: &'static str) -> String {
        let attr = match self.lanes {
            None => {
                let l = self.literal(e);
                if e == "i1" {
                    l
                } else {
                    format!("{l} : {e}")
                }
            }
            Some(n) => {
                let body = if self.r.chance(50) {
                    self.literal(e)
                } else {
                    let xs: Vec<String> = (0..n).map(|_| self.literal(e)).collect();
                    format!("[{}]", xs.join(", "))
                };
                format!("dense<{body}> : {}", self.ty(e))
            }
        };
        self.emit(e, format!("arith.constant {attr}"))
    }

    /// A value of element type `e`: mostly a recent one, else a new argument or
    /// constant.
    fn val(&mut self, e: &'static str) -> String {
        let have: Vec<usize> = (0..self.pool.len())
            .filter(|&i| self.pool[i].1 == e)
            .collect();
        if !have.is_empty() && self.r.chance(75) {
            let recent = &have[have.len().saturating_sub(4)..];
            let i = if self.r.chance(70) {
                recent[self.r.below(recent.len())]
            } else {
                have[self.r.below(have.len())]
            };
            return self.pool[i].0.clone();
        }
        if self.r.chance(45) {
            self.constant(e)
        } else {
            let a = format!("%a{}", self.args.len());
            self.args.push((a.clone(), e));
            self.pool.push((a.clone(), e));
            a
        }
    }

    fn pick_type(&mut self) -> &'static str {
        // Recent values' types are likelier, so chains form.
        if !self.pool.is_empty() && self.r.chance(60) {
            let k = self.pool.len();
            return self.pool[k - 1 - self.r.below(k.min(3))].1;
        }
        if self.r.chance(55) {
            INTS[self.r.below(INTS.len())]
        } else {
            FLOATS[self.r.below(FLOATS.len())]
        }
    }

    /// `xori(x, all ones)`, the `not` several patterns look for.
    fn not(&mut self, e: &'static str, x: &str) -> String {
        let t = self.ty(e);
        let ones = match (e, self.lanes) {
            ("i1", None) => "true".to_string(),
            (_, None) => format!("-1 : {e}"),
            ("i1", Some(_)) => format!("dense<true> : {t}"),
            (_, Some(_)) => format!("dense<-1> : {t}"),
        };
        let c = self.emit(e, format!("arith.constant {ones}"));
        self.emit(e, format!("arith.xori {x}, {c} : {t}"))
    }

    /// A chain shaped like the source of one of arith's patterns.
    fn template(&mut self) {
        let ints = CHAIN;
        let a = ints[self.r.below(ints.len())];
        let b = ints[self.r.below(ints.len())];
        let (narrow, wide) = if width(a) <= width(b) { (a, b) } else { (b, a) };
        let (tn, tw) = (self.ty(narrow), self.ty(wide));
        match self.r.below(10) {
            0 => {
                // cmpf(p, [su]itofp x, c)
                let f = FLOATS[self.r.below(4)];
                let tf = self.ty(f);
                let x = self.val(narrow);
                let conv = ["sitofp", "uitofp"][self.r.below(2)];
                let v = self.emit(f, format!("arith.{conv} {x} : {tn} to {tf}"));
                let lits = [
                    "4.4", "-4.4", "0.0", "-0.0", "1.0e+10", "-1.0e+10", "65536.0", "255.0",
                    "-128.0", "127.5", "2.0", "-3.0", "1.0e+30",
                ];
                let lit = lits[self.r.below(lits.len())];
                let c = if self.lanes.is_some() {
                    self.emit(f, format!("arith.constant dense<{lit}> : {tf}"))
                } else {
                    self.emit(f, format!("arith.constant {lit} : {f}"))
                };
                let p = CMPF[1 + self.r.below(14)];
                self.emit("i1", format!("arith.cmpf {p}, {v}, {c} : {tf}"));
            }
            1 if narrow != wide => {
                // trunci(shrsi(x, width difference))
                let x = self.val(wide);
                let d = width(wide) - width(narrow);
                let c = if self.lanes.is_some() {
                    self.emit(wide, format!("arith.constant dense<{d}> : {tw}"))
                } else {
                    self.emit(wide, format!("arith.constant {d} : {wide}"))
                };
                let s = self.emit(wide, format!("arith.shrsi {x}, {c} : {tw}"));
                self.emit(narrow, format!("arith.trunci {s} : {tw} to {tn}"));
            }
            2 if narrow != wide => {
                // op(ext x, ext y), cmpi(ext x, ext y)
                let ext = ["extui", "extsi"][self.r.below(2)];
                let x = self.val(narrow);
                let y = self.val(narrow);
                let ex = self.emit(wide, format!("arith.{ext} {x} : {tn} to {tw}"));
                let ey = self.emit(wide, format!("arith.{ext} {y} : {tn} to {tw}"));
                if self.r.chance(40) {
                    let p = ["eq", "ne", "slt"][self.r.below(3)];
                    self.emit("i1", format!("arith.cmpi {p}, {ex}, {ey} : {tw}"));
                } else {
                    let op = ["andi", "ori", "xori"][self.r.below(3)];
                    self.emit(wide, format!("arith.{op} {ex}, {ey} : {tw}"));
                }
            }
            3 => {
                // select shapes
                let e = ["i1", "i8", "i32", "f32"][self.r.below(4)];
                let t = self.ty(e);
                let ct = if self.lanes.is_some() {
                    format!("{}, ", self.ty("i1"))
                } else {
                    String::new()
                };
                let c = self.val("i1");
                let (x, y) = match self.r.below(3) {
                    0 if e != "f32" => {
                        let (one, zero) = match (e, self.lanes) {
                            ("i1", None) => ("true".to_string(), "false".to_string()),
                            (_, None) => (format!("1 : {e}"), format!("0 : {e}")),
                            ("i1", Some(_)) => {
                                (format!("dense<true> : {t}"), format!("dense<false> : {t}"))
                            }
                            _ => (format!("dense<1> : {t}"), format!("dense<0> : {t}")),
                        };
                        let o = self.emit(e, format!("arith.constant {one}"));
                        let z = self.emit(e, format!("arith.constant {zero}"));
                        if self.r.chance(50) {
                            (o, z)
                        } else {
                            (z, o)
                        }
                    }
                    1 => {
                        let (a, b2, d) = (self.val(e), self.val(e), self.val(e));
                        let inner = self.emit(e, format!("arith.select {c}, {a}, {b2} : {ct}{t}"));
                        if self.r.chance(50) {
                            (inner, d)
                        } else {
                            (d, inner)
                        }
                    }
                    _ => (self.val(e), self.val(e)),
                };
                let c = if self.r.chance(40) {
                    self.not("i1", &c)
                } else {
                    c
                };
                self.emit(e, format!("arith.select {c}, {x}, {y} : {ct}{t}"));
            }
            4 => {
                // xori(cmpi, true)
                let x = self.val(wide);
                let y = self.val(wide);
                let p = self.r.pick(CMPI);
                let cmp = self.emit("i1", format!("arith.cmpi {p}, {x}, {y} : {tw}"));
                self.not("i1", &cmp);
            }
            5 => {
                // mulf / divf of negations, truncf of [su]itofp
                let f = FLOATS[self.r.below(4)];
                let tf = self.ty(f);
                if self.r.chance(50) {
                    let (x, y) = (self.val(f), self.val(f));
                    let nx = self.emit(f, format!("arith.negf {x} : {tf}"));
                    let ny = self.emit(f, format!("arith.negf {y} : {tf}"));
                    let op = ["mulf", "divf"][self.r.below(2)];
                    let fm = self.fastmath();
                    self.emit(f, format!("arith.{op} {nx}, {ny}{fm} : {tf}"));
                } else {
                    let x = self.val(wide);
                    let conv = ["sitofp", "uitofp"][self.r.below(2)];
                    let big = self.ty("f64");
                    let v = self.emit("f64", format!("arith.{conv} {x} : {tw} to {big}"));
                    let rm = if self.r.chance(20) {
                        " to_nearest_away"
                    } else {
                        ""
                    };
                    let f = FLOATS[self.r.below(3)];
                    let tf = self.ty(f);
                    self.emit(f, format!("arith.truncf {v}{rm} : {big} to {tf}"));
                }
            }
            6 if narrow != wide => {
                // ext chains and trunci of them
                let mid = ints
                    .iter()
                    .copied()
                    .find(|&i| width(i) > width(narrow) && width(i) < width(wide));
                let x = self.val(narrow);
                let e1 = ["extui", "extsi"][self.r.below(2)];
                let e2 = ["extui", "extsi"][self.r.below(2)];
                let (m, tm) = match mid {
                    Some(m) => (m, self.ty(m)),
                    None => (wide, tw.clone()),
                };
                let v = self.emit(m, format!("arith.{e1} {x} : {tn} to {tm}"));
                let v = if m != wide {
                    self.emit(wide, format!("arith.{e2} {v} : {tm} to {tw}"))
                } else {
                    v
                };
                if self.r.chance(60) {
                    let back = ints
                        .iter()
                        .copied()
                        .filter(|&i| width(i) < width(wide))
                        .collect::<Vec<_>>();
                    let to = back[self.r.below(back.len())];
                    let tt = self.ty(to);
                    self.emit(to, format!("arith.trunci {v} : {tw} to {tt}"));
                }
            }
            7 => {
                // index_cast chains
                let x = self.val(narrow);
                let ti = self.ty("index");
                let (c1, c2) = if self.r.chance(50) {
                    ("index_cast", "index_cast")
                } else {
                    ("index_castui", "index_castui")
                };
                let ext = if c1 == "index_cast" { "extsi" } else { "extui" };
                let (src, se) = if narrow != wide && self.r.chance(50) {
                    (
                        self.emit(wide, format!("arith.{ext} {x} : {tn} to {tw}")),
                        wide,
                    )
                } else {
                    (x, narrow)
                };
                let st = self.ty(se);
                let i = self.emit("index", format!("arith.{c1} {src} : {st} to {ti}"));
                let back = [se, "i8", "i64"][self.r.below(3)];
                let tb = self.ty(back);
                self.emit(back, format!("arith.{c2} {i} : {ti} to {tb}"));
            }
            8 => {
                // extended ops whose high half is unused or whose rhs is one
                let x = self.val(wide);
                let y = if self.r.chance(50) {
                    let one = if self.lanes.is_some() {
                        format!("dense<1> : {tw}")
                    } else {
                        format!("1 : {wide}")
                    };
                    self.emit(wide, format!("arith.constant {one}"))
                } else {
                    self.val(wide)
                };
                let op = ["mulsi_extended", "mului_extended", "addui_extended"][self.r.below(3)];
                let v = self.fresh();
                if op == "addui_extended" {
                    let ct = self.ty("i1");
                    self.body
                        .push_str(&format!("  {v}:2 = arith.{op} {x}, {y} : {tw}, {ct}\n"));
                } else {
                    self.body
                        .push_str(&format!("  {v}:2 = arith.{op} {x}, {y} : {tw}\n"));
                }
                self.pool.push((format!("{v}#0"), wide));
            }
            _ => {
                // bitcast chains, extf(truncf) and truncf(extf)
                if self.r.chance(50) {
                    let x = self.val("f32");
                    let (t32, ti) = (self.ty("f32"), self.ty("i32"));
                    let v = self.emit("i32", format!("arith.bitcast {x} : {t32} to {ti}"));
                    self.emit("f32", format!("arith.bitcast {v} : {ti} to {t32}"));
                } else {
                    let x = self.val("f32");
                    let (t32, th) = (self.ty("f32"), self.ty("f16"));
                    let (fa, fb) = (self.fastmath(), self.fastmath());
                    if self.r.chance(50) {
                        let v = self.emit("f16", format!("arith.truncf {x}{fa} : {t32} to {th}"));
                        self.emit("f32", format!("arith.extf {v}{fb} : {th} to {t32}"));
                    } else {
                        let t64 = self.ty("f64");
                        let v = self.emit("f64", format!("arith.extf {x}{fa} : {t32} to {t64}"));
                        let to = ["f16", "f32", "bf16"][self.r.below(3)];
                        let tt = self.ty(to);
                        self.emit(to, format!("arith.truncf {v}{fb} : {t64} to {tt}"));
                    }
                }
            }
        }
    }

    fn op(&mut self) {
        if self.r.chance(25) {
            return self.template();
        }
        let e = self.pick_type();
        let t = self.ty(e);
        let k = self.r.below(100);
        if !is_float(e) {
            match k {
                0..=39 => {
                    let op = self.r.pick(INT_BIN);
                    let (x, y) = (self.val(e), self.val(e));
                    let flags =
                        if matches!(op, "addi" | "subi" | "muli" | "shli") && self.r.chance(20) {
                            format!(" overflow<{}>", self.r.pick(OVERFLOW))
                        } else {
                            String::new()
                        };
                    self.emit(e, format!("arith.{op} {x}, {y}{flags} : {t}"));
                }
                40..=49 => {
                    let p = self.r.pick(CMPI);
                    let (x, y) = (self.val(e), self.val(e));
                    self.emit("i1", format!("arith.cmpi {p}, {x}, {y} : {t}"));
                }
                50..=57 => self.select(e),
                58..=75 if e != "index" => self.int_cast(e),
                58..=75 => {
                    let to = ["i8", "i32", "i64", "i129", "i256"][self.r.below(5)];
                    let op = ["index_cast", "index_castui"][self.r.below(2)];
                    let x = self.val(e);
                    let tt = self.ty(to);
                    self.emit(to, format!("arith.{op} {x} : {t} to {tt}"));
                }
                76..=81 if e != "i1" && e != "index" => {
                    let op =
                        ["mulsi_extended", "mului_extended", "addui_extended"][self.r.below(3)];
                    let (x, y) = (self.val(e), self.val(e));
                    let v = self.fresh();
                    if op == "addui_extended" {
                        let ct = self.ty("i1");
                        self.body
                            .push_str(&format!("  {v}:2 = arith.{op} {x}, {y} : {t}, {ct}\n"));
                        self.pool.push((format!("{v}#0"), e));
                        if self.r.chance(50) {
                            self.pool.push((format!("{v}#1"), "i1"));
                        }
                    } else {
                        self.body
                            .push_str(&format!("  {v}:2 = arith.{op} {x}, {y} : {t}\n"));
                        self.pool.push((format!("{v}#0"), e));
                        if self.r.chance(50) {
                            self.pool.push((format!("{v}#1"), e));
                        }
                    }
                }
                _ => {
                    // not(x), the shape several patterns look for.
                    let x = self.val(e);
                    self.not(e, &x);
                }
            }
        } else {
            match k {
                0..=39 => {
                    let op = self.r.pick(FLT_BIN);
                    let (x, y) = (self.val(e), self.val(e));
                    let fm = self.fastmath();
                    self.emit(e, format!("arith.{op} {x}, {y}{fm} : {t}"));
                }
                40..=47 => {
                    let x = self.val(e);
                    let fm = self.fastmath();
                    self.emit(e, format!("arith.negf {x}{fm} : {t}"));
                }
                48..=59 => {
                    let p = self.r.pick(CMPF);
                    let (x, y) = (self.val(e), self.val(e));
                    let fm = self.fastmath();
                    self.emit("i1", format!("arith.cmpf {p}, {x}, {y}{fm} : {t}"));
                }
                60..=65 => self.select(e),
                _ => self.float_cast(e),
            }
        }
    }

    fn fastmath(&mut self) -> String {
        if self.r.chance(25) {
            format!(" fastmath<{}>", self.r.pick(FASTMATH))
        } else {
            String::new()
        }
    }

    fn select(&mut self, e: &'static str) {
        let c = self.val("i1");
        let (x, y) = (self.val(e), self.val(e));
        let t = self.ty(e);
        let ct = if self.lanes.is_some() {
            format!("{}, ", self.ty("i1"))
        } else {
            String::new()
        };
        self.emit(e, format!("arith.select {c}, {x}, {y} : {ct}{t}"));
    }

    fn int_cast(&mut self, e: &'static str) {
        let w = width(e);
        let x = self.val(e);
        let t = self.ty(e);
        let wider: Vec<&'static str> = SIZED[1..]
            .iter()
            .copied()
            .filter(|&i| width(i) > w)
            .collect();
        let narrower: Vec<&'static str> = SIZED.iter().copied().filter(|&i| width(i) < w).collect();
        let same_float: Vec<&'static str> =
            FLOATS.iter().copied().filter(|&f| width(f) == w).collect();
        let choice = self.r.below(5);
        if choice <= 1 && !wider.is_empty() {
            let to = wider[self.r.below(wider.len())];
            let op = ["extsi", "extui"][choice];
            let tt = self.ty(to);
            self.emit(to, format!("arith.{op} {x} : {t} to {tt}"));
        } else if choice == 2 && !narrower.is_empty() {
            let to = narrower[self.r.below(narrower.len())];
            let tt = self.ty(to);
            let flags = if self.r.chance(15) {
                format!(" overflow<{}>", self.r.pick(OVERFLOW))
            } else {
                String::new()
            };
            self.emit(to, format!("arith.trunci {x}{flags} : {t} to {tt}"));
        } else if choice == 3 && self.r.chance(15) {
            self.emit(e, format!("arith.bitcast {x} : {t} to {t}"));
        } else if choice == 3 && !same_float.is_empty() {
            let to = same_float[self.r.below(same_float.len())];
            let tt = self.ty(to);
            self.emit(to, format!("arith.bitcast {x} : {t} to {tt}"));
        } else if choice == 4 && e != "i1" && self.r.chance(50) {
            let op = ["index_cast", "index_castui"][self.r.below(2)];
            let tt = self.ty("index");
            self.emit("index", format!("arith.{op} {x} : {t} to {tt}"));
        } else {
            let to = FLOATS[self.r.below(FLOATS.len())];
            let op = ["sitofp", "uitofp"][self.r.below(2)];
            let tt = self.ty(to);
            self.emit(to, format!("arith.{op} {x} : {t} to {tt}"));
        }
    }

    fn float_cast(&mut self, e: &'static str) {
        let w = width(e);
        let x = self.val(e);
        let t = self.ty(e);
        let wider: Vec<&'static str> = FLOATS.iter().copied().filter(|&f| width(f) > w).collect();
        let narrower: Vec<&'static str> =
            FLOATS.iter().copied().filter(|&f| width(f) < w).collect();
        let choice = self.r.below(4);
        if choice == 0 && !wider.is_empty() {
            let to = wider[self.r.below(wider.len())];
            let tt = self.ty(to);
            let fm = self.fastmath();
            self.emit(to, format!("arith.extf {x}{fm} : {t} to {tt}"));
        } else if choice == 1 && !narrower.is_empty() {
            let to = narrower[self.r.below(narrower.len())];
            let tt = self.ty(to);
            let fm = self.fastmath();
            self.emit(to, format!("arith.truncf {x}{fm} : {t} to {tt}"));
        } else if choice == 2 {
            let to = ["i8", "i16", "i32", "i64", "i128", "i129", "i256"][self.r.below(7)];
            let op = ["fptosi", "fptoui"][self.r.below(2)];
            let tt = self.ty(to);
            self.emit(to, format!("arith.{op} {x} : {t} to {tt}"));
        } else {
            let to = match w {
                16 => "i16",
                32 => "i32",
                _ => "i64",
            };
            let tt = self.ty(to);
            self.emit(to, format!("arith.bitcast {x} : {t} to {tt}"));
        }
    }
}

/// One function `@f` of about 4 to 24 ops returning its last few values.
pub fn gen_broad(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0xA24B_AED4_963E_E407) | 1);
    let lanes = if r.chance(30) {
        Some(1 + r.below(4))
    } else {
        None
    };
    let tensor = lanes.is_some() && r.chance(30);
    let mut g = Gen {
        r,
        lanes,
        tensor,
        pool: Vec::new(),
        args: Vec::new(),
        body: String::new(),
        n: 0,
    };
    let ops = 4 + g.r.below(20);
    for _ in 0..ops {
        g.op();
    }
    let k = g.pool.len();
    let ret: Vec<(String, &str)> = g.pool[k.saturating_sub(3)..].to_vec();
    let rets: Vec<String> = ret.iter().map(|(v, _)| v.clone()).collect();
    let tys: Vec<String> = ret.iter().map(|(_, e)| g.ty(e)).collect();
    let args: Vec<String> = g
        .args
        .iter()
        .map(|(a, e)| format!("{a}: {}", g.ty(e)))
        .collect();
    format!(
        "func.func @f({}) -> ({}) {{\n{}  return {} : {}\n}}\n",
        args.join(", "),
        tys.join(", "),
        g.body,
        rets.join(", "),
        tys.join(", ")
    )
}
