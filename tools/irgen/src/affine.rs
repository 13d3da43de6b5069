//! Affine maps, integer sets and strided layouts.

use crate::Gen;

impl Gen {
    fn affine_expr(&mut self, dims: usize, syms: usize, depth: u32) -> String {
        let leaf = |g: &mut Gen| -> String {
            let r = g.rng.range(0, 5);
            if r < 3 && dims > 0 {
                format!("d{}", g.rng.range(0, dims - 1))
            } else if r < 4 && syms > 0 {
                format!("s{}", g.rng.range(0, syms - 1))
            } else {
                (g.rng.range(0, 20) as i64 - 5).to_string()
            }
        };
        if depth >= 2 {
            return leaf(self);
        }
        match self.rng.range(0, 6) {
            0 => format!(
                "{} + {}",
                self.affine_expr(dims, syms, depth + 1),
                leaf(self)
            ),
            1 => format!("{} - {}", leaf(self), leaf(self)),
            2 => format!("{} * {}", leaf(self), self.rng.range(0, 8) as i64 - 2),
            3 => {
                let op = self.rng.pick(&["floordiv", "ceildiv", "mod"]);
                format!(
                    "({}) {op} {}",
                    self.affine_expr(dims, syms, depth + 1),
                    self.rng.range(1, 8)
                )
            }
            _ => leaf(self),
        }
    }

    fn affine_header(&self, dims: usize, syms: usize) -> String {
        let d: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
        let mut s = format!("({})", d.join(", "));
        if syms > 0 {
            let v: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
            s.push_str(&format!("[{}]", v.join(", ")));
        }
        s
    }

    pub fn affine_map_with(&mut self, dims: usize, syms: usize) -> String {
        let n = self.rng.range(if dims == 0 { 1 } else { 0 }, 3);
        let res: Vec<String> = (0..n).map(|_| self.affine_expr(dims, syms, 0)).collect();
        format!(
            "affine_map<{} -> ({})>",
            self.affine_header(dims, syms),
            res.join(", ")
        )
    }

    pub fn affine_set(&mut self) -> String {
        let dims = self.rng.range(1, 2);
        let syms = self.rng.range(0, 1);
        let n = self.rng.range(1, 3);
        let cs: Vec<String> = (0..n)
            .map(|_| {
                let e = self.affine_expr(dims, syms, 0);
                let rel = self.rng.pick(&[">= 0", "== 0"]);
                format!("{e} {rel}")
            })
            .collect();
        format!(
            "affine_set<{} : ({})>",
            self.affine_header(dims, syms),
            cs.join(", ")
        )
    }

    pub fn strided(&mut self, rank: usize) -> String {
        let st: Vec<String> = (0..rank)
            .map(|_| {
                if self.rng.chance(1, 4) {
                    "?".into()
                } else {
                    self.rng.range(0, 16).to_string()
                }
            })
            .collect();
        match self.rng.range(0, 3) {
            0 => format!("strided<[{}]>", st.join(", ")),
            1 => format!("strided<[{}], offset: ?>", st.join(", ")),
            _ => format!(
                "strided<[{}], offset: {}>",
                st.join(", "),
                self.rng.range(0, 9)
            ),
        }
    }
}
