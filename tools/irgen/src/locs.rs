//! Locations `loc(...)` of every kind, including aliases defined before or after use.

use crate::Gen;

impl Gen {
    fn file_name(&mut self) -> String {
        self.rng
            .pick(&[
                "\"a.mlir\"",
                "\"dir/f.py\"",
                "\"sp ace.c\"",
                "\"q\\22.c\"",
                "\"\u{e9}.x\"",
            ])
            .to_string()
    }

    fn file_loc(&mut self) -> String {
        let f = self.file_name();
        let (l, c) = (self.rng.range(0, 200), self.rng.range(0, 80));
        match self.rng.range(0, 5) {
            0 => format!("{f}:{l}"),
            1 => format!(
                "{f}:{l}:{c} to {}:{}",
                l + self.rng.range(0, 3),
                self.rng.range(0, 80)
            ),
            2 => format!("{f}:{l}:{c} to :{}", c + self.rng.range(0, 9)),
            _ => format!("{f}:{l}:{c}"),
        }
    }

    /// The inside of `loc(...)`.
    pub fn loc_body(&mut self, depth: u32) -> String {
        if depth >= 3 {
            return self.file_loc();
        }
        match self.rng.range(0, 9) {
            0 => "unknown".into(),
            1 | 2 => self.file_loc(),
            3 => self.string_lit(),
            4 => {
                let n = self.string_lit();
                format!("{n}({})", self.loc_body(depth + 1))
            }
            5 => format!(
                "callsite({} at {})",
                self.loc_body(depth + 1),
                self.loc_body(depth + 1)
            ),
            6 | 7 => {
                let n = self.rng.range(0, 3);
                let items: Vec<String> = (0..n).map(|_| self.loc_body(depth + 1)).collect();
                let meta = match self.rng.range(0, 3) {
                    0 => format!("<{}>", self.string_lit()),
                    1 => "<{a = 1 : i32}>".into(),
                    _ => String::new(),
                };
                format!("fused{meta}[{}]", items.join(", "))
            }
            _ if !self.loc_aliases.is_empty() => self.rng.pick(&self.loc_aliases),
            _ => self.file_loc(),
        }
    }

    /// ` loc(...)` or empty, for ops and block arguments.
    pub fn opt_loc(&mut self) -> String {
        if !self.cfg_locs || self.rng.chance(1, 2) {
            return String::new();
        }
        if !self.late_loc_aliases.is_empty() && self.rng.chance(1, 6) {
            let a = self.rng.pick(&self.late_loc_aliases);
            return format!(" loc({a})");
        }
        format!(" loc({})", self.loc_body(0))
    }
}
