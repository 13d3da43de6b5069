//! Source buffers and their line tables, to turn byte offsets into line:col and back.

/// One input buffer. `name` is what locations print (`<stdin>` or the path as given).
/// `line_offset` shifts reported lines (a chunk of a split input file reports the
/// lines of the whole file).
pub struct SourceBuffer {
    pub name: String,
    pub text: String,
    pub line_offset: u32,
    line_starts: Vec<u32>,
    /// Offsets of chars standing for non-UTF-8 input bytes (`lexer::source_text`):
    /// 4 bytes of text, one column. Empty for plain UTF-8 input.
    raw_chars: Vec<u32>,
}

impl SourceBuffer {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let mut line_starts = vec![0u32];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        // The `contains` is a fast scan; most inputs have no mapped chars.
        let raw_chars = if text.as_bytes().contains(&0xF4) {
            text.as_bytes()
                .windows(3)
                .enumerate()
                .filter(|&(_, w)| crate::lexer::is_raw_prefix(w[0], w[1], w[2]))
                .map(|(i, _)| i as u32)
                .collect()
        } else {
            Vec::new()
        };
        SourceBuffer {
            name: name.into(),
            text,
            line_offset: 0,
            line_starts,
            raw_chars,
        }
    }

    /// 1-based line and column (in bytes) of a byte offset, shifted by `line_offset`.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let mut col = offset as u32 - start + 1;
        if !self.raw_chars.is_empty() {
            let from = self.raw_chars.partition_point(|&p| p < start);
            let to = self.raw_chars.partition_point(|&p| p < offset as u32);
            col -= 3 * (to - from) as u32;
        }
        (line as u32 + 1 + self.line_offset, col)
    }

    /// Byte offset of a 1-based line:col (with `line_offset` applied), if inside.
    pub fn offset(&self, line: u32, col: u32) -> Option<usize> {
        let l = line.checked_sub(1 + self.line_offset)? as usize;
        let start = *self.line_starts.get(l)? as usize;
        let mut off = start + col.saturating_sub(1) as usize;
        let from = self.raw_chars.partition_point(|&p| (p as usize) < start);
        for &p in &self.raw_chars[from..] {
            if (p as usize) >= off {
                break;
            }
            off += 3;
        }
        (off <= self.text.len()).then_some(off)
    }

    /// The text of a 1-based line (without its newline).
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let l = line.checked_sub(1 + self.line_offset)? as usize;
        let start = *self.line_starts.get(l)? as usize;
        let end = self
            .line_starts
            .get(l + 1)
            .map(|&e| e as usize - 1)
            .unwrap_or(self.text.len());
        self.text.get(start..end)
    }
}

/// The buffers diagnostics can point into.
#[derive(Default)]
pub struct SourceMgr {
    pub buffers: Vec<SourceBuffer>,
}

impl SourceMgr {
    pub fn add(&mut self, buf: SourceBuffer) -> usize {
        self.buffers.push(buf);
        self.buffers.len() - 1
    }

    /// The last added buffer with this name that contains `line`.
    pub fn find(&self, name: &str, line: u32) -> Option<&SourceBuffer> {
        self.buffers
            .iter()
            .rev()
            .find(|b| b.name == name && b.line_text(line).is_some())
    }
}
