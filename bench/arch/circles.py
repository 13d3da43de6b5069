#!/usr/bin/env python3
"""Import circles between the files of a Rust crate, and lines per crate.

    bench/arch/circles.py [CRATE_DIR ...]     (default: every workspace member)

For each crate (a directory with `src/lib.rs` or `src/main.rs`) the script builds
a file-level dependency graph from the paths written in its sources:

* `use crate::…`, `use super::…`, `use self::…` (brace groups expanded) and the
  same paths written inline in code (`crate::parser::parse(…)`);
* a path resolves to the file of the longest module prefix it names; when that
  module only re-exports the named item (`pub use a::X;`), the path follows the
  re-export to the file that defines `X`;
* a re-export itself (`pub use` / `pub(crate) use`) is no dependency of the file
  that writes it: a facade `mod.rs` or `lib.rs` lists what its children provide;
* `mod x;` declarations are no dependency either; an inline `mod m { … }` (a file's
  `#[cfg(test)] mod tests`) is a module of its own, node `file::m`, which depends on
  what it names (its `use super::*` on its file); a path into it counts as its file;
* comments, string and char literals are ignored; `$crate::` (macros) too.

It prints, per crate, the non-test source lines (files named `tests.rs` /
`*_tests.rs` / under `tests/` and `#[cfg(test)]` modules excluded) and every
strongly connected component of more than one file, largest first, with its files.
`--edges` also lists each circle's edges; `--strict` counts re-exports as
dependencies of the file that writes them. Exit status 0; `--max N` makes it 1 when some component has more than N files.
"""

import os
import re
import sys
from collections import defaultdict

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

ITEM_RE = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+|async\s+|const\s+|extern\s+\"[^\"]*\"\s+)*"
    r"(?:fn|struct|enum|trait|type|const|static|union|macro_rules!|mod)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)


def strip(src):
    """Source with comments and string/char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * src.count("\n", i, j))
            i = j
            continue
        m = re.match(r'b?r(#*)"', src[i:i + 10]) if c in "br" and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")) else None
        if m:
            end = '"' + m.group(1)
            j = src.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j
            continue
        if c == '"' or (c == "b" and src.startswith('b"', i) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_"))):
            j = i + (2 if c == "b" else 1)
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j + 1
            continue
        if c == "'":
            # char literal ('a', '\n', '\u{1F}') vs lifetime ('a)
            m = re.match(r"'(?:\\(?:u\{[0-9a-fA-F]*\}|x[0-9a-fA-F]{2}|.)|[^\\'])'", src[i:i + 12])
            if m:
                out.append("' '")
                i += m.end()
                continue
        out.append(c)
        i += 1
    return "".join(out)


def split_top(s, sep=","):
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> [[a, b], [a, c, d], [a, c, e]] (aliases dropped)."""
    tree = re.sub(r"\s+", " ", tree).strip()
    tree = re.sub(r"\s+as\s+\w+$", "", tree)
    if "{" not in tree:
        return [[seg.strip() for seg in tree.split("::") if seg.strip()]]
    k = tree.index("{")
    prefix = [seg.strip() for seg in tree[:k].split("::") if seg.strip()]
    inner = tree[k + 1:tree.rindex("}")]
    paths = []
    for part in split_top(inner):
        for sub in expand_use(part):
            paths.append(prefix + sub)
    return paths


class Crate:
    def __init__(self, crate_dir, strict=False):
        self.dir = crate_dir
        self.strict = strict
        src = os.path.join(crate_dir, "src")
        root = "lib.rs" if os.path.exists(os.path.join(src, "lib.rs")) else "main.rs"
        self.src = src
        self.files = {}  # module path tuple -> file (relative to crate dir)
        self.text = {}  # file -> stripped text
        self.raw = {}
        self.inline = {}  # file -> list of (start, end, name, is_test) inline modules
        self._load((), os.path.join(src, root))

    def _load(self, modpath, path):
        rel = os.path.relpath(path, self.dir)
        self.files[modpath] = rel
        with open(path, encoding="utf-8") as f:
            raw = f.read()
        self.raw[rel] = raw
        text = strip(raw)
        self.text[rel] = text
        self.inline[rel] = inline_mods(text)
        is_root_like = os.path.basename(path) in ("lib.rs", "main.rs", "mod.rs")
        base = os.path.dirname(path) if is_root_like else os.path.splitext(path)[0]
        for m in re.finditer(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text, re.M):
            name = m.group(1)
            line = text.count("\n", 0, m.end())
            near = "\n".join(raw.split("\n")[max(0, line - 3):line + 1])
            pm = re.findall(r'#\[path\s*=\s*"([^"]+)"\]', near)
            pm = pm[-1] if pm else None
            cand = [os.path.join(base, name + ".rs"), os.path.join(base, name, "mod.rs")]
            if pm:
                cand.insert(0, os.path.join(os.path.dirname(path), pm))
            for c in cand:
                if os.path.exists(c):
                    self._load(modpath + (name,), c)
                    break

    def module_of(self, file):
        for k, v in self.files.items():
            if v == file:
                return k
        raise KeyError(file)

    def defines(self, file, name):
        return any(m.group(1) == name for m in ITEM_RE.finditer(self.text[file]))

    def reexports(self, file):
        """name -> absolute path (list) for `pub use` items of a file (globs as '*')."""
        out = {}
        mod = self.module_of(file)
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", self.text[file]):
            for p in expand_use(m.group(1)):
                ap = self.absolute(mod, p, file, m.start())
                if ap is None:
                    continue
                name = p[-1]
                alias = re.search(r"\bas\s+(\w+)", m.group(1))
                out.setdefault(name if name != "*" else "*", []).append(ap)
        return out

    def scope_module(self, file, pos):
        """The module path in effect at `pos` of `file` (inside inline `mod x { }`)."""
        mod = list(self.module_of(file))
        for start, end, name, _ in self.inline[file]:
            if start <= pos < end:
                mod.append(name)
        return tuple(mod)

    def absolute(self, mod, path, file, pos):
        """An absolute module path list for a written path, or None (external)."""
        if not path:
            return None
        head = path[0]
        scope = list(self.scope_module(file, pos))
        if head == "crate":
            return list(path[1:])
        if head in ("self", "super"):
            i = 0
            while i < len(path) and path[i] in ("self", "super"):
                if path[i] == "super":
                    if not scope:
                        return None
                    scope.pop()
                i += 1
            return scope + list(path[i:])
        # 2018-edition relative path: a child module of the current scope
        if tuple(scope) + (head,) in self.files:
            return scope + list(path)
        return None

    def resolve(self, ap, seen=None):
        """Absolute path -> set of files that define what it names."""
        seen = seen or set()
        key = tuple(ap)
        if key in seen:
            return set()
        seen.add(key)
        # the longest prefix that is a file module (inline test modules belong to their file)
        for k in range(len(ap), -1, -1):
            pre = tuple(ap[:k])
            if pre in self.files:
                file = self.files[pre]
                rest = ap[k:]
                if not rest or rest == ["*"]:
                    return {file}
                name = rest[0]
                if self.defines(file, name):
                    return {file}
                rx = self.reexports(file)
                if name in rx:
                    out = set()
                    for target in rx[name]:
                        out |= self.resolve(target + rest[1:], seen) or set()
                    return out or {file}
                if "*" in rx:
                    out = set()
                    for target in rx["*"]:
                        t = target[:-1] + rest if target[-1] == "*" else target + rest
                        out |= self.resolve(t, seen)
                    if out:
                        return out
                return {file}
        return set()

    def graph(self):
        edges = defaultdict(set)
        for file, text in self.text.items():
            mod = self.module_of(file)
            reexport_spans = [(m.start(), m.end()) for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+[^;]+;", text)]
            use_spans = []
            paths = []
            for m in re.finditer(r"(?<![\w$])use\s+([^;]+);", text):
                use_spans.append((m.start(), m.end()))
                if not self.strict and any(s <= m.start() < e for s, e in reexport_spans):
                    continue
                for p in expand_use(m.group(1)):
                    paths.append((p, m.start()))
            children = [k[-1] for k in self.files if len(k) == len(mod) + 1 and k[:-1] == mod]
            heads = "|".join(["crate", "super", "self"] + children)
            for m in re.finditer(r"(?<![\w$:])((?:" + heads + r")(?:\s*::\s*\w+)+)", text):
                if any(s <= m.start() < e for s, e in use_spans):
                    continue
                paths.append(([s.strip() for s in m.group(1).split("::")], m.start()))
            for p, pos in paths:
                ap = self.absolute(mod, p, file, pos)
                if ap is None:
                    continue
                source = self.node_at(file, pos)
                for target in self.resolve(ap):
                    if target != source:
                        edges[source].add(target)
        return edges

    def node_at(self, file, pos):
        """The graph node of a position: the file, or `file::m` inside an inline `mod m { }`."""
        chain = [name for start, end, name, _ in self.inline[file] if start <= pos < end]
        return "::".join([file] + chain)

    def nodes(self):
        out = set(self.text)
        for file, mods in self.inline.items():
            for start, _, _, _ in mods:
                out.add(self.node_at(file, start + 1))
        return out

    def lines(self):
        """Non-test source lines: test files and `#[cfg(test)]` inline modules excluded."""
        total = 0
        for file, raw in self.raw.items():
            b = os.path.basename(file)
            if b == "tests.rs" or b.endswith("_tests.rs") or "/tests/" in file:
                continue
            n = raw.count("\n")
            for start, end, _, is_test in self.inline[file]:
                if is_test:
                    n -= self.text[file].count("\n", start, end)
            total += n
        return total


def inline_mods(text):
    """(start, end, name, is_test) of each inline `mod name { … }` (outermost and nested)."""
    out = []
    for m in re.finditer(r"\bmod\s+(\w+)\s*\{", text):
        depth, j = 1, m.end()
        while j < len(text) and depth:
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
            j += 1
        before = text[max(0, m.start() - 80):m.start()]
        out.append((m.start(), j, m.group(1), "cfg(test)" in before))
    return out


def sccs(nodes, edges):
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def members():
    with open(os.path.join(ROOT, "Cargo.toml"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"members\s*=\s*\[([^\]]*)\]", text)
    return [os.path.join(ROOT, s) for s in re.findall(r'"([^"]+)"', m.group(1))]


def main(argv):
    max_size = None
    show_edges = False
    strict = False
    args = []
    it = iter(argv)
    for a in it:
        if a == "--edges":
            show_edges = True
        elif a == "--strict":
            strict = True
        elif a == "--max":
            max_size = int(next(it))
        else:
            args.append(a)
    dirs = [os.path.abspath(a) for a in args] or members()
    worst = 0
    for d in dirs:
        crate = Crate(d, strict)
        edges = crate.graph()
        comps = [c for c in sccs(crate.nodes(), edges) if len(c) > 1]
        comps.sort(key=lambda c: (-len(c), c))
        name = os.path.relpath(d, ROOT)
        largest = len(comps[0]) if comps else 1
        worst = max(worst, largest)
        print(f"{name}: {len(crate.text)} files, {crate.lines()} non-test lines, "
              f"largest circle {largest} file{'s' if largest != 1 else ''}")
        for c in comps:
            print(f"  circle of {len(c)}: {' '.join(c)}")
            if show_edges:
                for f in c:
                    inside = sorted(t for t in edges.get(f, ()) if t in c)
                    print(f"    {f} -> {' '.join(inside)}")
    if max_size is not None and worst > max_size:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
