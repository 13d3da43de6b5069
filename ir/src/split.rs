//! `--split-input-file`: cutting a buffer into chunks at `// -----` lines, as
//! mlir-opt's `splitAndProcessBuffer` does, keeping whole-file positions.

use crate::context::Context;
use crate::diag::{Diagnostic, SourceBuffer};

/// The marker `--split-input-file` and `--output-split-marker` default to.
pub const DEFAULT_MARKER: &str = "// -----";

/// mlir-opt looks for the marker without its last two bytes, to warn about near
/// misses such as `// ----`.
const CHECK_LEN: usize = 2;

/// One chunk: a slice of the file that starts right after a marker (or at 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    pub text: &'a str,
    /// Byte offset of `text` in the whole file.
    pub offset: usize,
    /// 1-based line and byte column of `text`'s first byte in the whole file.
    pub line: u32,
    pub col: u32,
}

impl Chunk<'_> {
    /// A buffer to parse this chunk from: its first line is padded with spaces up to
    /// the chunk's column and `line_offset` is set, so that positions in the buffer
    /// are those of the whole file.
    pub fn buffer(&self, name: &str) -> SourceBuffer {
        let mut text = " ".repeat(self.col as usize - 1);
        text.push_str(self.text);
        let mut buf = SourceBuffer::new(name, text);
        buf.line_offset = self.line - 1;
        buf
    }

    /// Where the implicit top-level module of this chunk is: mlir-opt uses `0:0`
    /// for a chunk at the start of the file and the chunk's start otherwise.
    pub fn module_line_col(&self) -> (u32, u32) {
        if self.offset == 0 {
            (0, 0)
        } else {
            (self.line, self.col)
        }
    }
}

/// The chunks of a file, and the offsets of near misses (`// ----`, `// -----0`) that
/// mlir-opt warns about before processing any chunk.
#[derive(Clone, Debug, Default)]
pub struct Split<'a> {
    pub chunks: Vec<Chunk<'a>>,
    pub near_misses: Vec<usize>,
}

/// What goes between the outputs of two chunks (`--output-split-marker`).
pub fn output_joiner(marker: &str) -> String {
    format!("{marker}\n")
}

/// Splits `text` at `marker`. An empty marker gives the whole text as one chunk;
/// an empty text gives no chunk at all (mlir-opt then processes nothing).
pub fn split_input<'a>(text: &'a str, marker: &str) -> Split<'a> {
    if marker.is_empty() {
        return Split {
            chunks: vec![chunk(text, 0, text.len())],
            near_misses: Vec::new(),
        };
    }
    let bytes = text.as_bytes();
    let m = marker.as_bytes();
    // mlir-opt would split on an empty prefix forever; use the whole marker then
    // (and also when the prefix would end inside a character).
    let (prefix, suffix) = if m.len() > CHECK_LEN && marker.is_char_boundary(m.len() - CHECK_LEN) {
        m.split_at(m.len() - CHECK_LEN)
    } else {
        (m, &[][..])
    };

    // Pieces between occurrences of the prefix, as byte ranges.
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i + prefix.len() <= bytes.len() {
        if &bytes[i..i + prefix.len()] == prefix {
            pieces.push((start, i));
            i += prefix.len();
            start = i;
        } else {
            i += 1;
        }
    }
    pieces.push((start, bytes.len()));

    let mut out = Split::default();
    let mut ranges = Vec::new();
    let mut prev = (0, 0);
    for (s, e) in pieces {
        if prev.0 == prev.1 {
            // mlir-opt replaces an empty chunk by the next piece, marker remnant and all.
            prev = (s, e);
            continue;
        }
        let piece = &bytes[s..e];
        let full = piece.starts_with(suffix)
            && (suffix.is_empty() || (piece.len() > CHECK_LEN && piece[CHECK_LEN] != b'0'));
        if full {
            ranges.push(prev);
            prev = (s + suffix.len(), e);
        } else {
            out.near_misses.push(s);
            prev = (prev.0, e);
        }
    }
    if prev.0 != prev.1 {
        ranges.push(prev);
    }
    out.chunks = ranges.into_iter().map(|(s, e)| chunk(text, s, e)).collect();
    out
}

fn chunk(text: &str, start: usize, end: usize) -> Chunk<'_> {
    let before = &text.as_bytes()[..start];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    Chunk {
        text: &text[start..end],
        offset: start,
        line,
        col: (start - line_start) as u32 + 1,
    }
}

/// mlir-opt's `near miss with file split marker` warnings, at the byte after the
/// marker's prefix.
pub fn near_miss_warnings(
    ctx: &mut Context,
    name: &str,
    text: &str,
    split: &Split,
) -> Vec<Diagnostic> {
    split
        .near_misses
        .iter()
        .map(|&off| {
            let c = chunk(text, off, off);
            let loc = ctx.file_loc(name, c.line, c.col);
            Diagnostic::warning(loc, "near miss with file split marker")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! Chunk positions are those mlir-opt 22 reports for the same inputs.
    use super::*;

    fn starts(text: &str) -> Vec<(u32, u32, &str)> {
        split_input(text, DEFAULT_MARKER)
            .chunks
            .iter()
            .map(|c| (c.line, c.col, c.text))
            .collect()
    }

    #[test]
    fn chunks_start_right_after_the_marker() {
        let text = "a\n// -----\nb\n  // ----- c\nd\n";
        assert_eq!(
            starts(text),
            [(1, 1, "a\n"), (2, 9, "\nb\n  "), (4, 11, " c\nd\n")]
        );
    }

    #[test]
    fn no_marker_and_empty_input() {
        assert_eq!(starts("a\n"), [(1, 1, "a\n")]);
        assert!(starts("").is_empty());
        assert_eq!(split_input("a // -----\n", "").chunks.len(), 1);
    }

    #[test]
    fn marker_at_start_of_file_stays_in_the_first_chunk() {
        // mlir-opt then reports "expected operation name" at 1:7.
        assert_eq!(
            starts("// -----\nx\n// -----\n"),
            [(1, 7, "--\nx\n"), (3, 9, "\n")]
        );
    }

    #[test]
    fn longer_markers_split_and_leave_dashes() {
        assert_eq!(starts("a\n// ------\nb"), [(1, 1, "a\n"), (2, 9, "-\nb")]);
    }

    #[test]
    fn near_misses() {
        let text = "a\n// -----0\nb\n// -----// -----// -----\nc";
        let split = split_input(text, DEFAULT_MARKER);
        let mut ctx = Context::new();
        let warnings = near_miss_warnings(&mut ctx, "f", text, &split);
        let at: Vec<_> = warnings
            .iter()
            .map(|w| match ctx.attr_kind(w.loc) {
                crate::AttrKind::Location(crate::Location::FileLineCol { line, col, .. }) => {
                    (*line, *col)
                }
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(at, [(2, 7), (4, 7), (4, 15)]);
        assert_eq!(warnings[0].message, "near miss with file split marker");
        assert_eq!(
            split.chunks.iter().map(|c| c.text).collect::<Vec<_>>(),
            ["a\n// -----0\nb\n// -----// -----", "\nc"]
        );
        // A marker ending the file without a newline is a near miss too.
        assert_eq!(split_input("a\n// -----", DEFAULT_MARKER).near_misses, [8]);
    }

    #[test]
    fn custom_markers() {
        let text = "a\n// =====\nb\n";
        assert_eq!(split_input(text, "// =====").chunks.len(), 2);
        assert_eq!(split_input(text, "=").chunks.len(), 2);
        assert_eq!(output_joiner("// XX"), "// XX\n");
    }

    #[test]
    fn chunk_buffers_keep_whole_file_positions() {
        let text = "a\n// ----- x\nb\n";
        let split = split_input(text, DEFAULT_MARKER);
        let c = &split.chunks[1];
        assert_eq!(c.module_line_col(), (2, 9));
        assert_eq!(split.chunks[0].module_line_col(), (0, 0));
        let buf = c.buffer("f");
        assert_eq!(buf.line_col(9), (2, 10));
        assert_eq!(buf.line_col(11), (3, 1));
        assert_eq!(buf.line_text(2), Some("         x"));
    }
}
