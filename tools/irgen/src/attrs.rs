//! Random attribute values (builtin kinds and opaque dialect attributes).

use crate::types::{IntTy, HEX_FLOATS};
use crate::Gen;

const TRICKY_FLOATS: &[&str] = &[
    "0.0",
    "-0.0",
    "1.0",
    "-1.0",
    "0.1",
    "0.5",
    "1.5",
    "-2.5",
    "3.14159",
    "1.0e-5",
    "1.0e10",
    "1.0e300",
    "-1.0e300",
    "1.0e-320",
    "5.0e-324",
    "123456789.0",
    "1234567.8",
    "1.234567e6",
    "0.3",
    "65504.0",
    "65520.0",
    "2.0e-45",
    "6.0e-8",
    "1.0e38",
    "3.4028235e38",
    "0.999999",
    "0.123456789",
    "100.0",
    "1.0e-7",
    "2.5e-1",
    "7.0",
    "1.0e+2",
    "9.87654321e-3",
];

const STRINGS: &[&str] = &[
    "",
    "plain",
    "with space",
    "quote\\\"inside",
    "back\\\\slash",
    "tab\\there",
    "new\\nline",
    "hex\\41\\42",
    "caf\u{e9}",
    "\u{65e5}\u{672c}\u{8a9e}",
    "emoji \u{1F600}",
    "ctl\\01\\7F",
    "#notalias",
    "%not.ssa",
    "{braces}",
    "a = 1 : i64",
    "\\22q\\22",
];

impl Gen {
    pub fn string_lit(&mut self) -> String {
        let s = self.rng.pick(STRINGS);
        format!("\"{s}\"")
    }

    /// A decimal integer literal (without type) valid for `ty`.
    pub fn int_lit(&mut self, ty: IntTy) -> String {
        let w = ty.width;
        if w == 1 && ty.sign == 0 {
            return self
                .rng
                .pick(&["true", "false", "0", "1", "-1"])
                .to_string();
        }
        let (min, max): (i128, u128) = match ty.sign {
            1 => (
                -(1i128 << (w.min(127) - 1)),
                (1u128 << (w.min(128) - 1)) - 1,
            ),
            2 => (
                0,
                if w >= 128 {
                    u128::MAX
                } else {
                    (1u128 << w) - 1
                },
            ),
            _ => (
                -(1i128 << (w.min(127) - 1)),
                if w >= 128 {
                    u128::MAX
                } else {
                    (1u128 << w) - 1
                },
            ),
        };
        match self.rng.range(0, 7) {
            0 => min.to_string(),
            1 => max.to_string(),
            2 => "0".into(),
            3 if max > 0 => {
                let v = (self.rng.next_u64() as u128) % (max.min(1 << 63) + 1);
                format!("0x{v:X}")
            }
            4 if min < 0 => "-1".into(),
            _ => {
                let span = max.min(1 << 62) as u64 + 1;
                let v = (self.rng.next_u64() % span) as i128;
                if min < 0 && self.rng.chance(1, 2) && v <= -min {
                    (-v).to_string()
                } else {
                    v.to_string()
                }
            }
        }
    }

    /// Like `int_lit` but always decimal (dense elements reject hex integers).
    pub fn dec_int_lit(&mut self, ty: IntTy) -> String {
        let v = self.int_lit(ty);
        match v.strip_prefix("0x") {
            Some(h) => u128::from_str_radix(h, 16)
                .map(|x| x.to_string())
                .unwrap_or(v),
            None => v,
        }
    }

    pub fn float_lit(&mut self, ty: &str) -> String {
        if let Some(&(_, digits)) = HEX_FLOATS.iter().find(|(n, _)| *n == ty) {
            if self.rng.chance(1, 6) {
                let bits = match self.rng.range(0, 3) {
                    0 => u64::MAX,                 // NaN with payload
                    1 => 0x7FF0_0000_0000_0000u64, // inf-like pattern (f64)
                    _ => self.rng.next_u64(),
                };
                let hex = format!("{bits:016X}");
                return format!("0x{}", &hex[16 - digits..]);
            }
        }
        if self.rng.chance(3, 4) {
            self.rng.pick(TRICKY_FLOATS).to_string()
        } else {
            let m = self.rng.range(0, 99999);
            let f = self.rng.range(0, 9999);
            let e = self.rng.range(0, 80) as i64 - 40;
            let sign = if self.rng.chance(1, 3) { "-" } else { "" };
            format!("{sign}{m}.{f}e{e}")
        }
    }

    pub fn int_attr(&mut self) -> String {
        if self.rng.chance(1, 8) {
            return format!("{} : index", self.rng.range(0, 1000));
        }
        if self.rng.chance(1, 8) {
            return self.rng.range(0, 100000).to_string(); // i64 by default
        }
        let ty = self.int_ty();
        let v = self.int_lit(ty);
        if v == "true" || v == "false" {
            return v; // bool literals take no type
        }
        format!("{v} : {}", ty.text())
    }

    pub fn float_attr(&mut self) -> String {
        let ty = self.float_ty();
        let v = self.float_lit(ty);
        if ty == "f64" && !v.starts_with("0x") && self.rng.chance(1, 3) {
            return v;
        }
        format!("{v} : {ty}")
    }

    pub fn symbol_ref(&mut self) -> String {
        let mut s = String::new();
        let n = self.rng.range(1, 3);
        for i in 0..n {
            if i > 0 {
                s.push_str("::");
            }
            match self.rng.range(0, 4) {
                0 => s.push_str("@\"sym with space\""),
                1 => s.push_str("@\"q\\22uote\""),
                _ => s.push_str(&format!("@sym_{}", self.rng.range(0, 50))),
            }
        }
        s
    }

    pub fn dense_array(&mut self) -> String {
        let (ty, float) = self.rng.pick(&[
            ("i1", false),
            ("i8", false),
            ("i16", false),
            ("i32", false),
            ("i64", false),
            ("f32", true),
            ("f64", true),
            ("i24", false),
            ("i128", false),
            ("i256", false),
            ("ui8", false),
            ("si16", false),
            ("f16", true),
            ("bf16", true),
            ("f128", true),
        ]);
        let n = self.rng.range(0, 5);
        if n == 0 {
            return format!("array<{ty}>");
        }
        let vals: Vec<String> = (0..n)
            .map(|_| {
                if float {
                    self.rng.pick(super::attrs::TRICKY_FLOATS).to_string()
                } else if ty == "i1" {
                    self.rng.pick(&["true", "false"]).to_string()
                } else {
                    let digits = ty.trim_start_matches(['u', 's', 'i']);
                    let w = digits.parse().unwrap_or(32);
                    let sign = if ty.starts_with('u') { 2 } else { 1 };
                    let v = self.int_lit(IntTy { width: w, sign });
                    v.to_string()
                }
            })
            .collect();
        format!("array<{ty}: {}>", vals.join(", "))
    }

    pub fn opaque_attr(&mut self) -> String {
        let d = self.dialect_name();
        match self.rng.range(0, 3) {
            0 => format!("#{d}.attr"),
            1 => format!("#{d}.attr<{}, \"s\", [1, 2]>", self.rng.range(0, 9)),
            2 => format!("#{d}<\"opaque\">"),
            _ => format!("#{d}.nest<a<b>, {{c}}>"),
        }
    }

    /// Any attribute value.
    pub fn attr(&mut self, depth: u32) -> String {
        if depth >= 4 {
            return self.int_attr();
        }
        if !self.attr_aliases.is_empty() && self.rng.chance(1, 12) {
            return self.rng.pick(&self.attr_aliases);
        }
        match self.rng.range(0, 24) {
            0..=3 => self.int_attr(),
            4..=6 => self.float_attr(),
            7 | 8 => {
                let s = self.string_lit();
                if self.rng.chance(1, 4) {
                    let t = self.any_ty(2);
                    format!("{s} : {t}")
                } else {
                    s
                }
            }
            9 | 10 => {
                let n = self.rng.range(0, 4);
                let items: Vec<String> = (0..n).map(|_| self.attr(depth + 1)).collect();
                format!("[{}]", items.join(", "))
            }
            11 => self.attr_dict(depth + 1),
            12 => self.symbol_ref(),
            13 => "unit".into(),
            14 | 15 => self.any_ty(depth),
            16 | 17 => self.dense(),
            18 => self.dense_array(),
            19 => {
                let dims = self.rng.range(0, 3);
                let syms = self.rng.range(0, 2);
                self.affine_map_with(dims, syms)
            }
            20 => self.affine_set(),
            21 => {
                let r = self.rng.range(0, 3);
                self.strided(r)
            }
            22 => self.sparse(),
            _ => self.opaque_attr(),
        }
    }

    pub fn attr_key(&mut self) -> String {
        match self.rng.range(0, 12) {
            0 => "\"quoted key\"".into(),
            1 => "\"0num\"".into(),
            2 => format!("dialect.k{}", self.rng.range(0, 9)),
            3 => format!("_u{}", self.rng.range(0, 9)),
            4 => format!("a$b{}", self.rng.range(0, 9)),
            _ => format!("k{}", self.rng.range(0, 40)),
        }
    }

    /// `{k = v, unit_key, ...}` with distinct keys.
    pub fn attr_dict(&mut self, depth: u32) -> String {
        let n = if depth > 2 {
            self.rng.range(0, 2)
        } else {
            self.rng.range(0, 5)
        };
        let mut keys: Vec<String> = Vec::new();
        let mut out = Vec::new();
        for _ in 0..n {
            let k = self.attr_key();
            if keys.contains(&k) {
                continue;
            }
            keys.push(k.clone());
            if self.rng.chance(1, 8) {
                out.push(k);
            } else {
                let v = self.attr(depth + 1);
                out.push(format!("{k} = {v}"));
            }
        }
        format!("{{{}}}", out.join(", "))
    }
}
