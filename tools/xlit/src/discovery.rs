//! Finding tests and the suite each one belongs to.
//!
//! A suite's root is the nearest enclosing directory holding a `lit.toml`;
//! failing that, the nearest one named `lit-tests` (so `xlit lit-tests/x` and
//! `cargo test` name tests the same way), failing that the directory given on
//! the command line. Test names are `<suite> :: <path relative to root>`.

use crate::config::{Config, CONFIG_NAME};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub const DEFAULT_SUFFIXES: &[&str] = &[".mlir"];
/// Directory names lit never looks into for tests.
const SKIPPED_DIRS: &[&str] = &["Inputs", "Output"];

#[derive(Debug)]
pub struct Suite {
    pub name: String,
    pub root: PathBuf,
    pub config: Config,
}

#[derive(Debug, Clone)]
pub struct TestFile {
    /// Absolute path of the test.
    pub path: PathBuf,
    pub suite: Arc<Suite>,
    /// Path relative to the suite root, `/`-separated.
    pub rel: String,
}

impl TestFile {
    pub fn full_name(&self) -> String {
        format!("{} :: {}", self.suite.name, self.rel)
    }
}

#[derive(Default)]
pub struct Discovery {
    /// Command-line suffixes; they replace the config's and the defaults.
    pub suffixes: Vec<String>,
    suites: HashMap<PathBuf, Arc<Suite>>,
}

impl Discovery {
    pub fn new(suffixes: Vec<String>) -> Self {
        Discovery {
            suffixes,
            suites: HashMap::new(),
        }
    }

    /// All tests under `paths`, sorted by name, without duplicates.
    pub fn discover(&mut self, paths: &[PathBuf]) -> Result<Vec<TestFile>, String> {
        let mut found = BTreeMap::new();
        for p in paths {
            let abs = std::fs::canonicalize(p)
                .map_err(|e| format!("'{}' is not a valid test path: {e}", p.display()))?;
            if abs.is_file() {
                // A file named explicitly is a test whatever its suffix.
                let dir = abs.parent().unwrap_or(Path::new("/")).to_path_buf();
                let suite = self.suite_for(&dir, &dir)?;
                let t = make_test(&abs, &suite);
                found.insert(t.full_name(), t);
            } else {
                let suite = self.suite_for(&abs, &abs)?;
                self.walk(&abs, &suite, &mut found)?;
            }
        }
        Ok(found.into_values().collect())
    }

    fn suffixes_for(&self, suite: &Suite) -> Vec<String> {
        if !self.suffixes.is_empty() {
            self.suffixes.clone()
        } else if !suite.config.suffixes.is_empty() {
            suite.config.suffixes.clone()
        } else {
            DEFAULT_SUFFIXES.iter().map(|s| s.to_string()).collect()
        }
    }

    fn walk(
        &mut self,
        dir: &Path,
        suite: &Arc<Suite>,
        found: &mut BTreeMap<String, TestFile>,
    ) -> Result<(), String> {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        entries.sort();
        let suffixes = self.suffixes_for(suite);
        for path in entries {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name.starts_with('.') || suite.config.excludes.contains(&name) {
                continue;
            }
            if path.is_dir() {
                if SKIPPED_DIRS.contains(&name.as_str()) {
                    continue;
                }
                // A nested config starts a nested suite.
                let sub = if path.join(CONFIG_NAME).is_file() {
                    self.suite_for(&path, &path)?
                } else {
                    suite.clone()
                };
                self.walk(&path, &sub, found)?;
            } else if name != CONFIG_NAME && suffixes.iter().any(|s| name.ends_with(s.as_str())) {
                let t = make_test(&path, suite);
                found.insert(t.full_name(), t);
            }
        }
        Ok(())
    }

    /// The suite containing `dir`; `fallback` is the root when nothing marks one.
    fn suite_for(&mut self, dir: &Path, fallback: &Path) -> Result<Arc<Suite>, String> {
        let root = find_root(dir).unwrap_or_else(|| fallback.to_path_buf());
        if let Some(s) = self.suites.get(&root) {
            return Ok(s.clone());
        }
        let cfg_path = root.join(CONFIG_NAME);
        let config = if cfg_path.is_file() {
            Config::load(&cfg_path)?
        } else {
            Config::default()
        };
        let name = config.name.clone().unwrap_or_else(|| {
            root.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "tests".into())
        });
        let s = Arc::new(Suite {
            name,
            root: root.clone(),
            config,
        });
        self.suites.insert(root, s.clone());
        Ok(s)
    }
}

fn find_root(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| d.join(CONFIG_NAME).is_file())
        .or_else(|| {
            dir.ancestors()
                .find(|d| d.file_name().is_some_and(|n| n == "lit-tests"))
        })
        .map(Path::to_path_buf)
}

fn make_test(path: &Path, suite: &Arc<Suite>) -> TestFile {
    let rel = path
        .strip_prefix(&suite.root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/");
    TestFile {
        path: path.to_path_buf(),
        suite: suite.clone(),
        rel,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_and_skips() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("lit-tests");
        for f in [
            "a.mlir",
            "sub/b.mlir",
            "sub/notes.txt",
            "sub/Inputs/helper.mlir",
            "Output/old.mlir",
            ".hidden/c.mlir",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "// RUN: true\n").unwrap();
        }
        let mut d = Discovery::new(vec![]);
        let names: Vec<_> = d
            .discover(&[root.join("sub"), root.clone()])
            .unwrap()
            .iter()
            .map(TestFile::full_name)
            .collect();
        assert_eq!(names, ["lit-tests :: a.mlir", "lit-tests :: sub/b.mlir"]);

        // Explicit files are tests whatever their suffix; --suffix replaces defaults.
        let mut d = Discovery::new(vec![".txt".into()]);
        let names: Vec<_> = d
            .discover(std::slice::from_ref(&root))
            .unwrap()
            .iter()
            .map(TestFile::full_name)
            .collect();
        assert_eq!(names, ["lit-tests :: sub/notes.txt"]);
    }

    #[test]
    fn config_names_suite() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("suite");
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::fs::write(
            root.join(CONFIG_NAME),
            "name = \"xir\"\nsuffixes = [\".test\"]\n",
        )
        .unwrap();
        std::fs::write(root.join("d/x.test"), "// RUN: true\n").unwrap();
        std::fs::write(root.join("d/y.mlir"), "// RUN: true\n").unwrap();
        let tests = Discovery::new(vec![]).discover(&[root.join("d")]).unwrap();
        let names: Vec<_> = tests.iter().map(TestFile::full_name).collect();
        assert_eq!(names, ["xir :: d/x.test"]);
    }
}
