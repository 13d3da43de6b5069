//! docs/onnx.md's op table (between `<!-- onnx-ops:begin -->` and
//! `<!-- onnx-ops:end -->`) is the importer's converter table: its ops,
//! opsets, attributes and what each becomes are generated from
//! `frontends/onnx/src/ops`. The node suite's columns after those (pass
//! counts, failing cases) are carried over as they are; `XIR_ONNX_REPORT`
//! regenerates them. `XIR_BLESS=1` rewrites the block.

use std::collections::HashMap;
use std::path::PathBuf;

const BEGIN: &str = "<!-- onnx-ops:begin -->\n";
const END: &str = "<!-- onnx-ops:end -->";
/// The columns the converter table writes.
const OWN: [&str; 4] = ["op", "opsets", "attributes", "imported as"];

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/onnx.md")
}

fn cells(line: &str) -> Vec<String> {
    let l = line.trim();
    let l = l.strip_prefix('|').unwrap_or(l);
    let l = l.strip_suffix('|').unwrap_or(l);
    l.split('|').map(|c| c.trim().to_string()).collect()
}

/// The table `block` should be: generated, with the other columns' cells
/// taken from `block` by op (`–` for an op it lacks).
fn expected(block: &str) -> String {
    let mut lines = block.lines().filter(|l| l.starts_with('|'));
    let head = lines.next().map(cells).unwrap_or_default();
    let sep = lines.next().map(cells).unwrap_or_default();
    let keep: Vec<usize> = (0..head.len())
        .filter(|&i| !OWN.contains(&head[i].as_str()))
        .collect();
    let columns: Vec<(String, String)> = keep
        .iter()
        .map(|&i| (head[i].clone(), sep.get(i).cloned().unwrap_or("---".into())))
        .collect();
    let rows: HashMap<String, Vec<String>> = lines
        .map(cells)
        .map(|r| {
            let kept = keep
                .iter()
                .map(|&i| r.get(i).cloned().unwrap_or_default())
                .collect();
            (r[0].clone(), kept)
        })
        .collect();
    xir_onnx::op_table(&columns, &|op| {
        rows.get(op)
            .cloned()
            .unwrap_or_else(|| vec!["–".to_string(); columns.len()])
    })
}

#[test]
fn docs_op_table_is_the_converter_table() {
    let path = doc_path();
    let doc = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let (start, end) = match (doc.find(BEGIN), doc.find(END)) {
        (Some(s), Some(e)) if s + BEGIN.len() <= e => (s + BEGIN.len(), e),
        _ => panic!(
            "{} lacks the markers {BEGIN:?} ... {END:?} around its op table",
            path.display()
        ),
    };
    let block = &doc[start..end];
    let want = expected(block);
    if block == want {
        return;
    }
    if std::env::var_os("XIR_BLESS").is_some_and(|v| v == "1") {
        let mut new = doc[..start].to_string();
        new.push_str(&want);
        new.push_str(&doc[end..]);
        std::fs::write(&path, new).expect("writable docs/onnx.md");
        eprintln!("rewrote the op table of {}", path.display());
        return;
    }
    let first = block
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(block.lines().count().min(want.lines().count()));
    panic!(
        "docs/onnx.md's op table does not match the importer's converter table \
         (frontends/onnx/src/ops). Regenerate it with\n\n    \
         XIR_BLESS=1 cargo test -p xir-onnx --test op_table\n\n\
         First difference, line {} of the table:\n  docs:      {}\n  generated: {}",
        first + 1,
        block.lines().nth(first).unwrap_or("(end)"),
        want.lines().nth(first).unwrap_or("(end)")
    );
}

#[test]
fn table_cells_hold_no_pipes() {
    // A `|` in an op's attributes or description would split its cell.
    let t = xir_onnx::op_table(&[], &|_| Vec::new());
    for line in t.lines().filter(|l| l.starts_with('|')) {
        assert_eq!(cells(line).len(), OWN.len(), "{line}");
    }
}
