//! `placement=min-transfer`: labels (placements) for classes of colocated values and
//! ops, chosen to minimise the bytes moved between devices.
//!
//! The problem, apart from the IR: classes, each with the labels it may take (a
//! pinned class exactly one), and nets, one per value: the class that produces it,
//! the classes that use it, and its byte size. A net costs its bytes once for each
//! label, other than its producer's, that one of its users has (one transfer per
//! destination, shared by every user there); `linked` label pairs (shared memory)
//! move nothing.
//!
//! The solver is α-expansion (Boykov, Veksler and Zabih): from a feasible labeling,
//! for each label α in turn, the best choice of which classes move to α is a minimum
//! s-t cut, because every term of a net's cost under such a move is submodular (a
//! sum of unary terms and negated ANDs of same-polarity literals, each a gadget of
//! one extra node). Moves repeat until none improves. With two labels and every free
//! class starting on one of them, one move explores every labeling: the result is
//! an exact minimum. With more it is a local optimum within a known factor.

use super::maxflow::{FlowGraph, INF};

/// One value: who makes it, who reads it, what moving it costs.
#[derive(Clone, Debug)]
pub struct Net {
    pub producer: u32,
    /// Distinct user classes other than the producer.
    pub users: Vec<u32>,
    pub bytes: u64,
}

#[derive(Clone, Debug, Default)]
pub struct Problem {
    pub labels: usize,
    /// Per class: the labels it may take (one for a pinned class).
    pub allowed: Vec<Vec<u32>>,
    pub nets: Vec<Net>,
    /// Label pairs (either order) whose transfers move nothing.
    pub linked: Vec<(u32, u32)>,
}

impl Problem {
    /// Whether data on `a` is on `b` for free (same label, or a shared-memory link).
    fn free(&self, a: u32, b: u32) -> bool {
        a == b
            || self
                .linked
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    /// The bytes a labeling moves.
    pub fn cost(&self, label: &[u32]) -> u64 {
        let mut total: u64 = 0;
        let mut seen: Vec<u32> = Vec::new();
        for net in &self.nets {
            let p = label[net.producer as usize];
            seen.clear();
            for &u in &net.users {
                let l = label[u as usize];
                if !self.free(p, l) && !seen.contains(&l) {
                    seen.push(l);
                }
            }
            total = total.saturating_add(net.bytes.saturating_mul(seen.len() as u64));
        }
        total
    }
}

/// An energy over binary variables (1: the class moves to α), built as a flow
/// network: `x = 1` is the sink side.
struct Energy {
    g: FlowGraph,
    s: u32,
    t: u32,
}

impl Energy {
    fn new(vars: usize) -> Energy {
        let mut g = FlowGraph::new(vars);
        let s = g.add_node();
        let t = g.add_node();
        Energy { g, s, t }
    }

    /// `w * x`.
    fn if_one(&mut self, x: u32, w: u64) {
        self.g.add_edge(self.s, x, w);
    }

    /// `w * (1 - x)`.
    fn if_zero(&mut self, x: u32, w: u64) {
        self.g.add_edge(x, self.t, w);
    }

    /// `-w * AND(xs)`, up to a constant.
    fn minus_and(&mut self, xs: &[u32], w: u64) {
        match xs {
            [] => {}
            [x] => self.if_zero(*x, w),
            _ => {
                let z = self.g.add_node();
                self.g.add_edge(z, self.t, w);
                for &x in xs {
                    self.g.add_edge(x, z, w);
                }
            }
        }
    }

    /// `-w * AND(1 - xs)`, up to a constant.
    fn minus_and_not(&mut self, xs: &[u32], w: u64) {
        match xs {
            [] => {}
            [x] => self.if_one(*x, w),
            _ => {
                let z = self.g.add_node();
                self.g.add_edge(self.s, z, w);
                for &x in xs {
                    self.g.add_edge(z, x, w);
                }
            }
        }
    }
}

/// The best α-expansion move from `label`: the new labeling.
fn expand(p: &Problem, label: &[u32], alpha: u32) -> Vec<u32> {
    let n = label.len();
    // A class may move when it is not at α and may take α.
    let movable: Vec<bool> = (0..n)
        .map(|c| label[c] != alpha && p.allowed[c].contains(&alpha))
        .collect();
    let mut e = Energy::new(n);
    for (c, &m) in movable.iter().enumerate() {
        if !m {
            e.if_one(c as u32, INF);
        }
    }
    let mut by_label: Vec<(u32, Vec<u32>, bool)> = Vec::new();
    let mut users_m: Vec<u32> = Vec::new();
    for net in &p.nets {
        let w = net.bytes;
        if w == 0 || net.users.is_empty() {
            continue;
        }
        let pc = net.producer;
        let pl = label[pc as usize];
        let pm = movable[pc as usize];
        // Destination α: paid when the producer stays off α and some user is at α.
        if !p.free(pl, alpha) {
            if net.users.iter().any(|&u| label[u as usize] == alpha) {
                if pm {
                    e.if_zero(pc, w);
                }
            } else {
                users_m.clear();
                users_m.extend(net.users.iter().copied().filter(|&u| movable[u as usize]));
                if pm {
                    e.if_zero(pc, w);
                    users_m.push(pc);
                }
                e.minus_and_not(&users_m, w);
            }
        }
        // Destinations d != α: the users now at d that may stay there.
        by_label.clear();
        for &u in &net.users {
            let l = label[u as usize];
            if l == alpha {
                continue;
            }
            match by_label.iter_mut().find(|(d, _, _)| *d == l) {
                Some((_, list, fixed)) => {
                    if movable[u as usize] {
                        list.push(u);
                    } else {
                        *fixed = true;
                    }
                }
                None => {
                    let m = movable[u as usize];
                    by_label.push((l, if m { vec![u] } else { vec![] }, !m));
                }
            }
        }
        for (d, list, fixed) in &by_label {
            // Paid while a user stays on d and the producer is somewhere d is not
            // free from: where it is now (a0) or at α (a1).
            let a0 = !p.free(pl, *d);
            let a1 = if pm { !p.free(alpha, *d) } else { a0 };
            match (a0, a1) {
                (false, false) => {}
                // w * [some user stays on d], up to a constant.
                (true, true) => {
                    if !fixed {
                        e.minus_and(list, w);
                    }
                }
                // w * x_P * [some user stays on d].
                (false, true) => {
                    e.if_one(pc, w);
                    if !fixed {
                        let mut xs = list.clone();
                        xs.push(pc);
                        e.minus_and(&xs, w);
                    }
                }
                // w * (1 - x_P) * [some user stays on d]: its negative part mixes
                // polarities (not submodular), so it is dropped. What remains is an
                // upper bound, exact at the current labeling, and a move is kept only
                // if the true cost falls. Only links lead here.
                (true, false) => e.if_zero(pc, w),
            }
        }
    }
    let (s, t) = (e.s, e.t);
    let (_, side) = e.g.min_cut(s, t);
    (0..n)
        .map(|c| if side[c] { label[c] } else { alpha })
        .collect()
}

/// A labeling of least cost (exact for two labels), from `init` (feasible: each
/// class's label among its allowed ones). Deterministic. Classes no net connects
/// are solved apart (functions, mostly): smaller cuts, and no move of one part
/// waits for another.
pub fn solve(p: &Problem, init: Vec<u32>) -> Vec<u32> {
    let n = p.allowed.len();
    let free = |c: u32| p.allowed[c as usize].len() > 1;
    // Classes that may move interact only through nets they share: a pinned class
    // adds constant or unary terms, so it does not join parts.
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    fn members_of<'a>(
        net: &'a Net,
        free: &'a impl Fn(u32) -> bool,
    ) -> impl Iterator<Item = u32> + 'a {
        std::iter::once(net.producer)
            .chain(net.users.iter().copied())
            .filter(move |&c| free(c))
    }
    for net in &p.nets {
        if net.bytes == 0 || net.users.is_empty() {
            continue;
        }
        let mut first = None;
        for c in members_of(net, &free) {
            let b = find(&mut parent, c as usize);
            match first {
                None => first = Some(c as usize),
                Some(f) => {
                    let a = find(&mut parent, f);
                    if a != b {
                        parent[a.max(b)] = a.min(b);
                    }
                }
            }
        }
    }
    // Parts in order of their first free class, each with its nets.
    let mut part_of = vec![usize::MAX; n];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for c in 0..n {
        if !free(c as u32) {
            continue;
        }
        let r = find(&mut parent, c);
        if part_of[r] == usize::MAX {
            part_of[r] = parts.len();
            parts.push(Vec::new());
        }
        part_of[c] = part_of[r];
    }
    for (i, net) in p.nets.iter().enumerate() {
        if net.bytes == 0 || net.users.is_empty() {
            continue;
        }
        if let Some(c) = members_of(net, &free).next() {
            parts[part_of[c as usize]].push(i);
        }
    }
    let mut label = init;
    let mut local = vec![u32::MAX; n];
    let mut classes: Vec<u32> = Vec::new();
    for nets in &parts {
        if nets.is_empty() {
            continue;
        }
        // The part's classes: its free ones and the pinned ones its nets touch.
        classes.clear();
        let mut sub_nets = Vec::with_capacity(nets.len());
        for &i in nets {
            let net = &p.nets[i];
            let mut map = |c: u32| {
                if local[c as usize] == u32::MAX {
                    local[c as usize] = classes.len() as u32;
                    classes.push(c);
                }
                local[c as usize]
            };
            let producer = map(net.producer);
            let users = net.users.iter().map(|&u| map(u)).collect();
            sub_nets.push(Net {
                producer,
                users,
                bytes: net.bytes,
            });
        }
        let sub = Problem {
            labels: p.labels,
            allowed: classes
                .iter()
                .map(|&c| p.allowed[c as usize].clone())
                .collect(),
            nets: sub_nets,
            linked: p.linked.clone(),
        };
        let start: Vec<u32> = classes.iter().map(|&c| label[c as usize]).collect();
        for (&c, l) in classes.iter().zip(expansions(&sub, start)) {
            label[c as usize] = l;
            local[c as usize] = u32::MAX;
        }
    }
    label
}

/// α-expansion moves until none improves.
fn expansions(p: &Problem, init: Vec<u32>) -> Vec<u32> {
    let mut label = init;
    let mut best = p.cost(&label);
    // With two labels and every class that may move starting on the same one, the
    // move to the other label explores every labeling: one move is exact.
    let movable: Vec<u32> = (0..label.len())
        .filter(|&c| p.allowed[c].len() > 1)
        .map(|c| label[c])
        .collect();
    if p.labels == 2 && p.linked.is_empty() && movable.windows(2).all(|w| w[0] == w[1]) {
        if let Some(&at) = movable.first() {
            let next = expand(p, &label, 1 - at);
            if p.cost(&next) < best {
                label = next;
            }
        }
        return label;
    }
    // Each accepted move strictly lowers the cost; the cap only bounds pathological
    // inputs.
    for _ in 0..64 {
        let mut improved = false;
        for alpha in 0..p.labels as u32 {
            if best == 0 {
                return label;
            }
            let next = expand(p, &label, alpha);
            let c = p.cost(&next);
            if c < best {
                best = c;
                label = next;
                improved = true;
            }
        }
        if !improved {
            break;
        }
    }
    label
}

#[cfg(test)]
#[path = "min_transfer_tests.rs"]
mod tests;
