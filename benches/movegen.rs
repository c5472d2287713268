//! Move generation, make/unmake and perft benchmarks (`cargo bench`).

use std::hint::black_box;

use chariot::board::{perft, MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn suite() -> Vec<Position> {
    include_str!("../tests/data/perft.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Position::from_fen(l.split(';').next().unwrap()).unwrap())
        .collect()
}

fn movegen(c: &mut Criterion) {
    let positions = suite();
    let total: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal (suite positions)", |b| {
        b.iter(|| {
            let mut count = 0;
            for pos in &positions {
                let mut list = MoveList::new();
                black_box(pos).generate_legal(&mut list);
                count += list.len();
            }
            assert_eq!(count, total);
            count
        });
    });
    group.bench_function("captures (suite positions)", |b| {
        b.iter(|| {
            let mut count = 0;
            for pos in &positions {
                let mut list = MoveList::new();
                black_box(pos).generate_captures(&mut list);
                count += list.len();
            }
            count
        });
    });
    group.bench_function("make+unmake all legal (suite positions)", |b| {
        let mut positions = positions.clone();
        b.iter(|| {
            for pos in &mut positions {
                for mv in pos.legal_moves() {
                    pos.make_move(mv);
                    pos.unmake_move();
                }
            }
        });
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let mut start = Position::startpos();
    group.throughput(Throughput::Elements(3_290_240));
    group.bench_function("startpos depth 4", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&mut start), 4), 3_290_240));
    });
    let mut middle =
        Position::from_fen("r1bakab2/9/2n6/p5n1p/4R4/9/P3C3P/9/9/RN3K3 b - - 0 1").unwrap();
    group.throughput(Throughput::Elements(2_348_725));
    group.bench_function("sparse middlegame depth 5", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&mut middle), 5), 2_348_725));
    });
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
