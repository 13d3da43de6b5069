//! A generic interner: each distinct value is stored once and named by a small id.

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

pub(crate) struct Interner<T> {
    values: Vec<T>,
    /// Each value's hash: the table grows without hashing a value again (a
    /// model's dense weights are megabytes).
    hashes: Vec<u64>,
    table: HashTable<u32>,
}

impl<T: Hash + Eq> Interner<T> {
    pub fn new() -> Self {
        Interner {
            values: Vec::new(),
            hashes: Vec::new(),
            table: HashTable::new(),
        }
    }

    fn hash<Q: Hash + ?Sized>(v: &Q) -> u64 {
        FxBuildHasher.hash_one(v)
    }

    /// The id of `v`, inserting it if it is new.
    pub fn intern(&mut self, v: T) -> u32 {
        let hash = Self::hash(&v);
        let values = &self.values;
        if let Some(&id) = self.table.find(hash, |&id| values[id as usize] == v) {
            return id;
        }
        let id = self.values.len() as u32;
        self.values.push(v);
        self.hashes.push(hash);
        let hashes = &self.hashes;
        self.table
            .insert_unique(hash, id, |&id| hashes[id as usize]);
        id
    }

    /// Looks up by a borrowed form without allocating (e.g. `&[u8]` for `Box<[u8]>`).
    pub fn find<Q>(&self, q: &Q) -> Option<u32>
    where
        T: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let hash = Self::hash(q);
        self.table
            .find(hash, |&id| self.values[id as usize].borrow() == q)
            .copied()
    }

    #[inline]
    pub fn get(&self, id: u32) -> &T {
        &self.values[id as usize]
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }
}
