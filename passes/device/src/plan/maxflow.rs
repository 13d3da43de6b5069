//! Minimum s-t cut by maximum flow (Dinic's algorithm, iterative so that long
//! chains cannot overflow the stack). Deterministic: the source side is what the
//! source still reaches in the residual graph, the smallest minimum cut.

/// A capacity no cut may pay.
pub const INF: u64 = u64::MAX / 4;

#[derive(Default)]
pub struct FlowGraph {
    nodes: usize,
    /// Edge 2i is the i-th edge added, 2i+1 its reverse.
    to: Vec<u32>,
    cap: Vec<u64>,
}

impl FlowGraph {
    pub fn new(nodes: usize) -> FlowGraph {
        FlowGraph {
            nodes,
            ..FlowGraph::default()
        }
    }

    pub fn add_node(&mut self) -> u32 {
        self.nodes += 1;
        (self.nodes - 1) as u32
    }

    pub fn num_nodes(&self) -> usize {
        self.nodes
    }

    pub fn add_edge(&mut self, from: u32, to: u32, cap: u64) {
        if cap == 0 || from == to {
            return;
        }
        self.to.push(to);
        self.cap.push(cap.min(INF));
        self.to.push(from);
        self.cap.push(0);
    }

    /// The minimum cut between `s` and `t`: its value (saturating at [`INF`]) and,
    /// per node, whether it is on the source side.
    pub fn min_cut(mut self, s: u32, t: u32) -> (u64, Vec<bool>) {
        let n = self.nodes;
        // Adjacency in CSR form, edges in insertion order (determinism).
        let mut start = vec![0u32; n + 1];
        for e in 0..self.to.len() {
            let from = self.to[e ^ 1] as usize;
            start[from + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![0u32; self.to.len()];
        for e in 0..self.to.len() {
            let from = self.to[e ^ 1] as usize;
            adj[fill[from] as usize] = e as u32;
            fill[from] += 1;
        }
        let mut flow: u64 = 0;
        let mut level = vec![u32::MAX; n];
        let mut it = vec![0u32; n];
        let mut queue = Vec::with_capacity(n);
        let mut path: Vec<u32> = Vec::new();
        loop {
            // Levels by breadth-first search from s.
            self.bfs(s, &start, &adj, &mut level, &mut queue);
            if level[t as usize] == u32::MAX {
                break;
            }
            it.copy_from_slice(&start[..n]);
            // Blocking flow: advance along the level graph, retreat from dead ends.
            path.clear();
            let mut u = s as usize;
            loop {
                if u == t as usize {
                    let f = path
                        .iter()
                        .map(|&e| self.cap[e as usize])
                        .min()
                        .unwrap_or(0);
                    let mut back_to = path.len();
                    for (k, &e) in path.iter().enumerate() {
                        self.cap[e as usize] -= f;
                        self.cap[(e ^ 1) as usize] = self.cap[(e ^ 1) as usize].saturating_add(f);
                        if self.cap[e as usize] == 0 && back_to == path.len() {
                            back_to = k;
                        }
                    }
                    flow = flow.saturating_add(f);
                    path.truncate(back_to);
                    u = match path.last() {
                        Some(&e) => self.to[e as usize] as usize,
                        None => s as usize,
                    };
                    continue;
                }
                let mut advanced = false;
                while it[u] < start[u + 1] {
                    let e = adj[it[u] as usize];
                    let v = self.to[e as usize] as usize;
                    if self.cap[e as usize] > 0 && level[v] == level[u] + 1 {
                        path.push(e);
                        u = v;
                        advanced = true;
                        break;
                    }
                    it[u] += 1;
                }
                if advanced {
                    continue;
                }
                if u == s as usize {
                    break;
                }
                level[u] = u32::MAX;
                let e = path
                    .pop()
                    .expect("a node other than s was reached by an edge");
                u = self.to[(e ^ 1) as usize] as usize;
                it[u] += 1;
            }
            if flow >= INF {
                break;
            }
        }
        // The source side: reachable from s in the residual graph.
        self.bfs(s, &start, &adj, &mut level, &mut queue);
        let side = level.iter().map(|&l| l != u32::MAX).collect();
        (flow.min(INF), side)
    }

    /// Breadth-first distances from `s` over edges with capacity left
    /// (`u32::MAX`: unreached).
    fn bfs(&self, s: u32, start: &[u32], adj: &[u32], level: &mut [u32], queue: &mut Vec<u32>) {
        level.iter_mut().for_each(|l| *l = u32::MAX);
        level[s as usize] = 0;
        queue.clear();
        queue.push(s);
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head] as usize;
            head += 1;
            for &e in &adj[start[u] as usize..start[u + 1] as usize] {
                let v = self.to[e as usize] as usize;
                if self.cap[e as usize] > 0 && level[v] == u32::MAX {
                    level[v] = level[u] + 1;
                    queue.push(v as u32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_cut() {
        // s=0, t=5: the classic CLRS network, max flow 23.
        let mut g = FlowGraph::new(6);
        for (a, b, c) in [
            (0, 1, 16),
            (0, 2, 13),
            (1, 2, 10),
            (2, 1, 4),
            (1, 3, 12),
            (3, 2, 9),
            (2, 4, 14),
            (4, 3, 7),
            (3, 5, 20),
            (4, 5, 4),
        ] {
            g.add_edge(a, b, c);
        }
        let (f, side) = g.min_cut(0, 5);
        assert_eq!(f, 23);
        assert_eq!(side, vec![true, true, true, false, true, false]);
    }

    #[test]
    fn a_long_chain_does_not_overflow_the_stack() {
        let n = 200_000;
        let mut g = FlowGraph::new(n);
        for i in 0..n - 1 {
            g.add_edge(i as u32, i as u32 + 1, if i == n / 2 { 3 } else { 10 });
        }
        let (f, side) = g.min_cut(0, n as u32 - 1);
        assert_eq!(f, 3);
        assert!(side[n / 2] && !side[n / 2 + 1]);
    }

    #[test]
    fn infinite_edges_are_never_cut() {
        let mut g = FlowGraph::new(3);
        g.add_edge(0, 1, INF);
        g.add_edge(1, 2, 5);
        g.add_edge(0, 2, 1);
        let (f, side) = g.min_cut(0, 2);
        assert_eq!(f, 6);
        assert_eq!(side, vec![true, true, false]);
    }
}
