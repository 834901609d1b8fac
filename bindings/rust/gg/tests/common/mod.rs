//! Test support: seeded edge lists and straightforward reference algorithms
//! computed from the edge list itself (not from anything gg returns).
#![allow(dead_code)]

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

pub struct Edges {
    pub n: u32,
    pub src: Vec<u32>,
    pub dst: Vec<u32>,
    pub weights: Vec<f32>,
}

/// A seeded random directed graph without duplicate edges, integer weights 1..=9.
pub fn random_edges(n: u32, m: usize, seed: u64) -> Edges {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as u32
    };
    let mut seen = std::collections::HashSet::new();
    let mut edges = Edges { n, src: vec![], dst: vec![], weights: vec![] };
    while edges.src.len() < m {
        let (u, v) = (next() % n, next() % n);
        if u != v && seen.insert((u, v)) {
            edges.src.push(u);
            edges.dst.push(v);
            edges.weights.push((1 + next() % 9) as f32);
        }
    }
    edges
}

pub fn adjacency(e: &Edges) -> Vec<Vec<(u32, f32)>> {
    let mut adj = vec![Vec::new(); e.n as usize];
    for i in 0..e.src.len() {
        adj[e.src[i] as usize].push((e.dst[i], e.weights[i]));
    }
    adj
}

pub fn bfs(e: &Edges, source: u32) -> Vec<u32> {
    let adj = adjacency(e);
    let mut depth = vec![u32::MAX; e.n as usize];
    depth[source as usize] = 0;
    let mut queue = VecDeque::from([source]);
    while let Some(u) = queue.pop_front() {
        for &(v, _) in &adj[u as usize] {
            if depth[v as usize] == u32::MAX {
                depth[v as usize] = depth[u as usize] + 1;
                queue.push_back(v);
            }
        }
    }
    depth
}

#[derive(PartialEq)]
struct Entry(f32, u32);
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.partial_cmp(&other.0).unwrap().then(self.1.cmp(&other.1))
    }
}

pub fn dijkstra(e: &Edges, source: u32) -> Vec<f32> {
    let adj = adjacency(e);
    let mut dist = vec![f32::INFINITY; e.n as usize];
    dist[source as usize] = 0.0;
    let mut heap = BinaryHeap::from([std::cmp::Reverse(Entry(0.0, source))]);
    while let Some(std::cmp::Reverse(Entry(d, u))) = heap.pop() {
        if d > dist[u as usize] {
            continue;
        }
        for &(v, w) in &adj[u as usize] {
            if d + w < dist[v as usize] {
                dist[v as usize] = d + w;
                heap.push(std::cmp::Reverse(Entry(d + w, v)));
            }
        }
    }
    dist
}

pub fn widest(e: &Edges, source: u32) -> Vec<f32> {
    let adj = adjacency(e);
    let mut width = vec![0.0f32; e.n as usize];
    width[source as usize] = f32::INFINITY;
    let mut heap = BinaryHeap::from([Entry(f32::INFINITY, source)]);
    while let Some(Entry(w, u)) = heap.pop() {
        if w < width[u as usize] {
            continue;
        }
        for &(v, weight) in &adj[u as usize] {
            let candidate = w.min(weight);
            if candidate > width[v as usize] {
                width[v as usize] = candidate;
                heap.push(Entry(candidate, v));
            }
        }
    }
    width
}

pub fn components(e: &Edges) -> Vec<u32> {
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut parent: Vec<u32> = (0..e.n).collect();
    for i in 0..e.src.len() {
        let (a, b) = (find(&mut parent, e.src[i]), find(&mut parent, e.dst[i]));
        // Union by smaller id keeps the root the smallest id of the component.
        if a < b {
            parent[b as usize] = a;
        } else {
            parent[a as usize] = b;
        }
    }
    (0..e.n).map(|v| find(&mut parent, v)).collect()
}

pub fn pagerank(e: &Edges, damping: f64, iterations: usize) -> Vec<f64> {
    let n = e.n as usize;
    let adj = adjacency(e);
    let mut rank = vec![1.0 / n as f64; n];
    for _ in 0..iterations {
        let dangling: f64 = (0..n).filter(|&u| adj[u].is_empty()).map(|u| rank[u]).sum();
        let mut next = vec![(1.0 - damping) / n as f64 + damping * dangling / n as f64; n];
        for u in 0..n {
            for &(v, _) in &adj[u] {
                next[v as usize] += damping * rank[u] / adj[u].len() as f64;
            }
        }
        rank = next;
    }
    rank
}

pub fn brandes(e: &Edges) -> Vec<f64> {
    let n = e.n as usize;
    let adj = adjacency(e);
    let mut centrality = vec![0.0; n];
    for s in 0..n {
        let mut order = Vec::new();
        let mut sigma = vec![0.0f64; n];
        let mut depth = vec![-1i64; n];
        let mut delta = vec![0.0f64; n];
        sigma[s] = 1.0;
        depth[s] = 0;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            order.push(u);
            for &(v, _) in &adj[u] {
                let v = v as usize;
                if depth[v] < 0 {
                    depth[v] = depth[u] + 1;
                    queue.push_back(v);
                }
                if depth[v] == depth[u] + 1 {
                    sigma[v] += sigma[u];
                }
            }
        }
        for &u in order.iter().rev() {
            for &(v, _) in &adj[u] {
                let v = v as usize;
                if depth[v] == depth[u] + 1 {
                    delta[u] += sigma[u] / sigma[v] * (1.0 + delta[v]);
                }
            }
            if u != s {
                centrality[u] += delta[u];
            }
        }
    }
    centrality
}
