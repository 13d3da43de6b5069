//! The `{-# ... #-}` block after the top-level op: the blobs of the
//! `dense_resource` keys printed, then the external resources, as MLIR prints them.

use super::escape::{push_keyword_or_string, push_quoted};
use super::Printer;
use crate::resources::ResourceValue;

impl Printer<'_> {
    pub(crate) fn print_resources(&mut self) {
        let res = &self.ir.resources;
        let blobs: Vec<_> = self
            .resources_used
            .iter()
            .filter_map(|k| res.blobs.get(k).map(|b| (*k, b)))
            .collect();
        let external: Vec<_> = res.external.iter().filter(|(_, e)| !e.is_empty()).collect();
        if blobs.is_empty() && external.is_empty() {
            return;
        }
        let ctx = self.ctx;
        let mut s = String::from("\n{-#\n");
        let mut sections = Vec::new();
        if !blobs.is_empty() {
            let mut d = String::from("  dialect_resources: {\n    builtin: {\n");
            for (i, (k, b)) in blobs.iter().enumerate() {
                d.push_str("      ");
                push_keyword_or_string(&mut d, ctx.bytes(*k));
                d.push_str(": \"");
                d.push_str(&b.hex());
                d.push('"');
                d.push_str(if i + 1 < blobs.len() { ",\n" } else { "\n" });
            }
            d.push_str("    }\n  }");
            sections.push(d);
        }
        if !external.is_empty() {
            let mut d = String::from("  external_resources: {\n");
            for (gi, (g, entries)) in external.iter().enumerate() {
                d.push_str("    ");
                push_keyword_or_string(&mut d, g);
                d.push_str(": {\n");
                for (i, (k, v)) in entries.iter().enumerate() {
                    d.push_str("      ");
                    push_keyword_or_string(&mut d, k);
                    d.push_str(": ");
                    match v {
                        ResourceValue::Bool(b) => d.push_str(if *b { "true" } else { "false" }),
                        ResourceValue::String(t) => push_quoted(&mut d, t),
                        ResourceValue::Blob(b) => {
                            d.push('"');
                            d.push_str(&b.hex());
                            d.push('"');
                        }
                    }
                    d.push_str(if i + 1 < entries.len() { ",\n" } else { "\n" });
                }
                d.push_str(if gi + 1 < external.len() {
                    "    },\n"
                } else {
                    "    }\n"
                });
            }
            d.push_str("  }");
            sections.push(d);
        }
        s.push_str(&sections.join(",\n"));
        s.push_str("\n#-}\n");
        self.out.push_str(&s);
    }
}
