//! The `memory-plan{report=true}` table: per function and pool, the planned size next
//! to the lower bound (peak live bytes).

/// One line of the table.
pub struct Row {
    pub func: String,
    pub pool: String,
    pub size: u64,
    pub lower_bound: u64,
    pub buffers: usize,
    pub largest: u64,
    pub heuristic: &'static str,
}

impl Row {
    /// size / lower bound (1 for an empty pool).
    pub fn ratio(&self) -> f64 {
        if self.lower_bound == 0 {
            1.0
        } else {
            self.size as f64 / self.lower_bound as f64
        }
    }
}

pub fn table(rows: &[Row]) -> String {
    let head = [
        "function",
        "pool",
        "size",
        "lower-bound",
        "ratio",
        "buffers",
        "largest",
        "heuristic",
    ];
    let cells: Vec<[String; 8]> = rows
        .iter()
        .map(|r| {
            [
                format!("@{}", r.func),
                r.pool.clone(),
                r.size.to_string(),
                r.lower_bound.to_string(),
                format!("{:.3}", r.ratio()),
                r.buffers.to_string(),
                r.largest.to_string(),
                r.heuristic.to_string(),
            ]
        })
        .collect();
    let mut w = head.map(str::len);
    for c in &cells {
        for (i, s) in c.iter().enumerate() {
            w[i] = w[i].max(s.len());
        }
    }
    let mut out = String::from(
        "===-------------------------------------------------------------------------===\n",
    );
    out += "                              Memory plan report\n";
    out += "===-------------------------------------------------------------------------===\n";
    let line = |c: &[&str]| {
        let mut s = String::new();
        for (i, x) in c.iter().enumerate() {
            // Names left-aligned, numbers right-aligned.
            if i < 2 || i == 7 {
                s += &format!("{x:<w$}", w = w[i]);
            } else {
                s += &format!("{x:>w$}", w = w[i]);
            }
            if i + 1 < c.len() {
                s += "  ";
            }
        }
        s.trim_end().to_string() + "\n"
    };
    out += &line(&head);
    for c in &cells {
        let refs: Vec<&str> = c.iter().map(String::as_str).collect();
        out += &line(&refs);
    }
    out
}
