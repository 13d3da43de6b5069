//! The optimizer against brute force on small random problems.

use super::{solve, Net, Problem};
use irgen::XorShift;

/// Draws in `0..n` as u64.
fn below(r: &mut XorShift, n: u64) -> u64 {
    r.below(n as usize) as u64
}

fn random_problem(seed: u64, labels: usize, links: bool) -> Problem {
    let mut r = XorShift::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let n = 1 + below(&mut r, 9) as usize;
    let allowed = (0..n)
        .map(|_| match below(&mut r, 6) {
            // Pinned.
            0 => vec![below(&mut r, labels as u64) as u32],
            // Any label but one (an op one device cannot run).
            1 if labels > 1 => {
                let no = below(&mut r, labels as u64) as u32;
                (0..labels as u32).filter(|&l| l != no).collect()
            }
            _ => (0..labels as u32).collect(),
        })
        .collect();
    let nets = (0..1 + below(&mut r, 12))
        .map(|_| {
            let producer = below(&mut r, n as u64) as u32;
            let mut users: Vec<u32> = (0..1 + below(&mut r, 3))
                .map(|_| below(&mut r, n as u64) as u32)
                .filter(|&u| u != producer)
                .collect();
            users.sort_unstable();
            users.dedup();
            Net {
                producer,
                users,
                bytes: [0, 1, 4, 16, 64, 100][below(&mut r, 6) as usize],
            }
        })
        .collect();
    let linked = if links && labels > 1 && below(&mut r, 2) == 0 {
        vec![(0, 1)]
    } else {
        vec![]
    };
    Problem {
        labels,
        allowed,
        nets,
        linked,
    }
}

/// Every feasible labeling's least cost.
fn brute_force(p: &Problem) -> u64 {
    let n = p.allowed.len();
    let mut best = u64::MAX;
    let mut idx = vec![0usize; n];
    loop {
        let label: Vec<u32> = (0..n).map(|c| p.allowed[c][idx[c]]).collect();
        best = best.min(p.cost(&label));
        let mut k = 0;
        while k < n {
            idx[k] += 1;
            if idx[k] < p.allowed[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
        if k == n {
            return best;
        }
    }
}

/// The initial labeling device-plan uses: label 0 (the default) where allowed.
fn init(p: &Problem) -> Vec<u32> {
    p.allowed
        .iter()
        .map(|a| if a.contains(&0) { 0 } else { a[0] })
        .collect()
}

fn feasible(p: &Problem, label: &[u32]) -> bool {
    label
        .iter()
        .enumerate()
        .all(|(c, l)| p.allowed[c].contains(l))
}

#[test]
fn two_labels_are_solved_exactly() {
    for seed in 0..3000 {
        let p = random_problem(seed, 2, false);
        let got = solve(&p, init(&p));
        assert!(
            feasible(&p, &got),
            "seed {seed}: {got:?} breaks {:?}",
            p.allowed
        );
        assert_eq!(
            p.cost(&got),
            brute_force(&p),
            "seed {seed}: {p:?} -> {got:?}"
        );
    }
}

#[test]
fn more_labels_never_worse_than_the_start_and_locally_optimal() {
    let mut exact = 0;
    let trials = 2000;
    for seed in 0..trials {
        let p = random_problem(seed, 3, false);
        let start = init(&p);
        let got = solve(&p, start.clone());
        assert!(feasible(&p, &got), "seed {seed}");
        let c = p.cost(&got);
        assert!(c <= p.cost(&start), "seed {seed}");
        // No single class can improve it by changing its label alone.
        for class in 0..got.len() {
            for &l in &p.allowed[class] {
                let mut other = got.clone();
                other[class] = l;
                assert!(
                    p.cost(&other) >= c,
                    "seed {seed}: class {class} to {l} improves"
                );
            }
        }
        exact += (c == brute_force(&p)) as u32;
    }
    // α-expansion is not exact for three labels, but close on small problems.
    assert!(
        exact * 100 >= trials as u32 * 95,
        "{exact}/{trials} optimal"
    );
}

#[test]
fn links_cost_nothing_and_moves_stay_monotone() {
    for seed in 0..2000 {
        let p = random_problem(seed, 3, true);
        let start = init(&p);
        let got = solve(&p, start.clone());
        assert!(feasible(&p, &got), "seed {seed}");
        assert!(p.cost(&got) <= p.cost(&start), "seed {seed}");
    }
    // Two linked labels: nothing is ever paid.
    let p = Problem {
        labels: 2,
        allowed: vec![vec![0], vec![1], vec![0, 1]],
        nets: vec![Net {
            producer: 0,
            users: vec![1, 2],
            bytes: 64,
        }],
        linked: vec![(1, 0)],
    };
    assert_eq!(p.cost(&[0, 1, 1]), 0);
    assert_eq!(p.cost(&solve(&p, vec![0, 1, 0])), 0);
}

#[test]
fn one_transfer_per_destination() {
    // A value on label 0 read by two classes on label 1 and one on label 2.
    let p = Problem {
        labels: 3,
        allowed: vec![vec![0], vec![1], vec![1], vec![2]],
        nets: vec![Net {
            producer: 0,
            users: vec![1, 2, 3],
            bytes: 10,
        }],
        linked: vec![],
    };
    assert_eq!(p.cost(&[0, 1, 1, 2]), 20);
}

#[test]
fn deterministic() {
    for seed in 0..200 {
        let p = random_problem(seed, 3, true);
        assert_eq!(solve(&p, init(&p)), solve(&p, init(&p)));
    }
}
