//! The NNUE evaluation against the network format of `nets/README.md`: files written
//! here by an independent writer are read back, bad files are refused, incremental
//! accumulators equal full refreshes over long random games, colour-flipped positions
//! evaluate alike, and the output equals a plain `i64` reading of the formula.
//!
//! The deterministic placeholder weights of `placeholder_weights` were the default
//! net before the trained ones of `nets/`; they remain a sane net to test against.

use crate::common;

use std::sync::Arc;

use chariot::board::{Color, PieceKind, Position, Square};
use chariot::eval::nnue::{self, AccumulatorStack, NetError, Network};
use common::{perft_fens, Rng};

const INPUTS: usize = 1260;
const HIDDEN: usize = 256;

/// The float-free content of a network file.
struct Weights {
    width: usize,          // the hidden width (HIDDEN, or another of a version-2 file)
    features: Vec<i16>,    // INPUTS × width, feature-major
    bias: Vec<i16>,        // HIDDEN
    output: Vec<i16>,      // per bucket 2 × HIDDEN: side to move, then the other side
    output_bias: Vec<i32>, // per bucket
    scale: u32,
    king_mirror: bool, // version 2's flag
}

impl Weights {
    fn buckets(&self) -> usize {
        self.output_bias.len()
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// The payload of a net file: weights, then the biases.
fn payload(w: &Weights) -> Vec<u8> {
    let mut payload = Vec::new();
    for v in w.features.iter().chain(&w.bias).chain(&w.output) {
        payload.extend_from_slice(&v.to_le_bytes());
    }
    for b in &w.output_bias {
        payload.extend_from_slice(&b.to_le_bytes());
    }
    payload
}

/// Writes the file format of `nets/README.md`, version 2 (48-byte header: inputs, width,
/// buckets, flags, QA, QB, SCALE, reserved, hash).
fn write_net_v2(w: &Weights) -> Vec<u8> {
    let payload = payload(w);
    let mut out = b"CHNN".to_vec();
    let flags = u32::from(w.king_mirror);
    for v in [
        2u32,
        1260,
        w.width as u32,
        w.buckets() as u32,
        flags,
        255,
        64,
        w.scale,
        0,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    assert_eq!(out.len(), 48 + payload.len());
    out
}

/// Writes the file format of `nets/README.md` (version 1; architecture 1 with one
/// output bucket, architecture 2 with eight).
fn write_net(w: &Weights) -> Vec<u8> {
    assert!(!w.king_mirror, "version 1 has no king mirroring");
    assert_eq!(w.width, HIDDEN, "version 1 is 256 wide");
    let payload = payload(w);
    let arch = if w.buckets() == 1 { 1 } else { 2 };
    let mut out = b"CHNN".to_vec();
    for v in [1u32, arch, 1260, 256, 255, 64, w.scale] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    let expected = if w.buckets() == 1 { 646_700 } else { 653_896 };
    assert_eq!(out.len(), expected);
    out
}

fn in_range(rng: &mut Rng, lo: i32, hi: i32) -> i16 {
    (lo + rng.below((hi - lo + 1) as usize) as i32) as i16
}

/// Material in units of 25 engine points, for a piece of `kind` on `sq` (a square of
/// its owner's orientation: rank 0 is the owner's back rank).
fn placeholder_material(kind: usize, own_rank: usize) -> i32 {
    match kind {
        0 => 0,                  // king
        1 | 2 => 8,              // advisor, elephant ≈ 200
        3 => 16,                 // horse ≈ 400
        4 => 40,                 // rook ≈ 1000
        5 => 18,                 // cannon ≈ 450
        _ if own_rank >= 5 => 6, // pawn across the river ≈ 150
        _ => 2,                  // pawn at home ≈ 50
    }
}

/// Neurons that count material in the placeholder net.
const MATERIAL_NEURONS: usize = 12;

/// The development placeholder for the default net: deterministic (fixed-seed
/// xorshift64* of `tests/common`) and sane. Twelve neurons count material: bias 128 and,
/// for each feature, ±(material in units of 25, jittered by ±1) with output weights ±43,
/// so that `screlu(128 + d) − screlu(128 − d) = 512·d` makes the output about the
/// material difference in engine units (a rook ≈ 1000). The other 244 neurons are
/// noise: bias 0..=100, feature weights in ±12, output weights in ±6. SCALE 400,
/// output bias 0.
fn placeholder_weights(seed: u64) -> Weights {
    let mut rng = Rng(seed);
    let mut features = vec![0i16; INPUTS * HIDDEN];
    let mut bias = vec![0i16; HIDDEN];
    let mut output = vec![0i16; 2 * HIDDEN];
    for n in 0..HIDDEN {
        if n < MATERIAL_NEURONS {
            bias[n] = 128;
            output[n] = 43;
            output[HIDDEN + n] = -43;
        } else {
            bias[n] = in_range(&mut rng, 0, 100);
            output[n] = in_range(&mut rng, -6, 6);
            output[HIDDEN + n] = in_range(&mut rng, -6, 6);
        }
    }
    for side in 0..2 {
        for kind in 0..7 {
            for sq in 0..90 {
                let feature = side * 630 + kind * 90 + sq;
                let rank = sq / 9;
                // Own pieces (side 0) stand in the perspective's orientation; the
                // other side's pieces have their ranks turned from their owner's view.
                let own_rank = if side == 0 { rank } else { 9 - rank };
                let value = placeholder_material(kind, own_rank);
                let sign = if side == 0 { 1 } else { -1 };
                for n in 0..HIDDEN {
                    features[feature * HIDDEN + n] = if n < MATERIAL_NEURONS {
                        let jitter = if value == 0 {
                            0
                        } else {
                            i32::from(in_range(&mut rng, -1, 1))
                        };
                        (sign * (value + jitter)) as i16
                    } else {
                        in_range(&mut rng, -12, 12)
                    };
                }
            }
        }
    }
    Weights {
        width: HIDDEN,
        features,
        bias,
        output,
        output_bias: vec![0],
        king_mirror: false,
        scale: 400,
    }
}

const PLACEHOLDER_SEED: u64 = 0x00C4_A210_7001;

/// Random weights over wider ranges (feature weights ±40, output ±60), for tests.
fn random_weights(seed: u64) -> Weights {
    random_weights_of_width(seed, HIDDEN)
}

/// [`random_weights`] with `width` hidden neurons.
fn random_weights_of_width(seed: u64, width: usize) -> Weights {
    let mut rng = Rng(seed);
    Weights {
        width,
        features: (0..INPUTS * width)
            .map(|_| in_range(&mut rng, -40, 40))
            .collect(),
        bias: (0..width).map(|_| in_range(&mut rng, -60, 160)).collect(),
        output: (0..2 * width)
            .map(|_| in_range(&mut rng, -60, 60))
            .collect(),
        output_bias: vec![i32::from(in_range(&mut rng, -20_000, 20_000))],
        scale: 400,
        king_mirror: false,
    }
}

/// Random weights with eight output buckets (architecture 2), each bucket's output
/// weights and bias drawn apart.
fn random_bucketed_weights(seed: u64) -> Weights {
    let mut w = random_weights(seed);
    let mut rng = Rng(seed ^ 0x5555);
    w.output = (0..8 * 2 * w.width)
        .map(|_| in_range(&mut rng, -60, 60))
        .collect();
    w.output_bias = (0..8)
        .map(|_| i32::from(in_range(&mut rng, -20_000, 20_000)))
        .collect();
    w
}

/// The formula of `nets/README.md` read plainly, in `i64`.
fn reference_eval(w: &Weights, pos: &Position) -> i64 {
    let width = w.width;
    let mut acc = [vec![0i64; width], vec![0i64; width]];
    for (p, a) in acc.iter_mut().enumerate() {
        for (n, v) in a.iter_mut().enumerate() {
            *v = i64::from(w.bias[n]);
        }
        let perspective = Color::ALL[p];
        // King mirroring: the perspective's king on file f, g, h or i (index > 4) → every
        // file read as 8 − file.
        let own_king = Square::all()
            .find(|&sq| {
                pos.piece_at(sq)
                    .is_some_and(|pc| pc.color() == perspective && pc.kind() == PieceKind::King)
            })
            .unwrap();
        let flip = w.king_mirror && own_king.file() > 4;
        for sq in Square::all() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let side = usize::from(piece.color() != perspective);
            let file = if flip {
                8 - sq.file() as usize
            } else {
                sq.file() as usize
            };
            let sq_index = if perspective == Color::Red {
                sq.rank() as usize * 9 + file
            } else {
                (9 - sq.rank() as usize) * 9 + file
            };
            let f = side * 630 + piece.kind().index() * 90 + sq_index;
            for (n, v) in a.iter_mut().enumerate() {
                *v += i64::from(w.features[f * width + n]);
            }
        }
    }
    let us = pos.side_to_move().index();
    // Architecture 2: bucket (pieces − 1) / 4 of 8.
    let pieces = Square::all()
        .filter(|&sq| pos.piece_at(sq).is_some())
        .count();
    let bucket = if w.buckets() == 1 {
        0
    } else {
        (pieces - 1) / 4
    };
    let output = &w.output[bucket * 2 * width..][..2 * width];
    let mut sum = 0i64;
    for (n, (&x, &y)) in acc[us].iter().zip(&acc[1 - us]).enumerate() {
        let (c, d) = (x.clamp(0, 255), y.clamp(0, 255));
        sum += c * c * i64::from(output[n]) + d * d * i64::from(output[width + n]);
    }
    let out = sum / 255 + i64::from(w.output_bias[bucket]);
    out * i64::from(w.scale) / (255 * 64)
}

/// Positions from random games from the perft suite's starts.
fn sample_positions(rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for fen in perft_fens() {
        let mut pos = Position::from_fen(&fen).unwrap();
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(*rng.pick(&moves));
        }
    }
    out
}

/// Random bucketed weights with king mirroring (a version-2 file).
fn random_mirrored_weights(seed: u64) -> Weights {
    Weights {
        king_mirror: true,
        ..random_bucketed_weights(seed)
    }
}

#[test]
fn written_files_read_back_and_round_trip() {
    let bytes = write_net(&random_weights(1));
    let net = Network::from_bytes(&bytes).expect("a valid file");
    assert_eq!(net.to_bytes(), bytes);
    assert_eq!(net.buckets(), 1);
    for w in [random_weights(1), random_mirrored_weights(1)] {
        let v2 = write_net_v2(&w);
        let net = Network::from_bytes(&v2).expect("a valid version-2 file");
        assert_eq!(net.to_bytes(), v2);
        assert_eq!(net.mirrored(), w.king_mirror);
        assert_eq!(net.buckets(), w.buckets());
        assert_eq!(net.hash(), fnv1a(&v2[48..]));
    }
    let bucketed = write_net(&random_bucketed_weights(1));
    let net2 = Network::from_bytes(&bucketed).expect("a valid architecture-2 file");
    assert_eq!(net2.to_bytes(), bucketed);
    assert_eq!(net2.buckets(), 8);
    assert_eq!(net.hash(), fnv1a(&bytes[40..]));
    assert_eq!(net.scale(), 400);
    assert_eq!(nnue::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(nnue::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    // A file on disk loads as the bytes do (in a temporary directory).
    let dir = std::env::temp_dir().join(format!("chariot-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("placeholder.nnue");
    let placeholder = write_net(&placeholder_weights(PLACEHOLDER_SEED));
    std::fs::write(&path, &placeholder).unwrap();
    let loaded = Network::load(&path).expect("the written file loads");
    assert_eq!(loaded.to_bytes(), placeholder);
    assert_eq!(loaded.hash(), fnv1a(&placeholder[40..]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let good = write_net(&random_weights(2));
    assert!(Network::from_bytes(&good).is_ok());
    let mut cases: Vec<(&str, Vec<u8>, &str)> = Vec::new();
    let mut with = |name: &'static str, edit: &dyn Fn(&mut Vec<u8>), says: &'static str| {
        let mut b = good.clone();
        edit(&mut b);
        cases.push((name, b, says));
    };
    with("magic", &|b| b[0..4].copy_from_slice(b"NNUE"), "magic");
    with("version", &|b| b[4] = 3, "version 3");
    with("architecture", &|b| b[8] = 7, "architecture 7");
    with("inputs", &|b| b[12] = 0, "input count");
    with("hidden", &|b| b[17] = 2, "hidden size 512");
    with("QA", &|b| b[20] = 127, "QA 127");
    with("QB", &|b| b[24] = 32, "QB 32");
    with("scale", &|b| b[28..32].fill(0), "SCALE 0");
    with("truncated", &|b| b.truncate(646_699), "truncated");
    with("header only", &|b| b.truncate(40), "truncated");
    with("short header", &|b| b.truncate(39), "truncated");
    with("empty", &|b| b.clear(), "truncated");
    with("trailing byte", &|b| b.push(0), "wrong size");
    with("payload byte", &|b| b[100_000] ^= 0x10, "hash mismatch");
    with(
        "last byte",
        &|b| *b.last_mut().unwrap() ^= 1,
        "hash mismatch",
    );
    with("hash byte", &|b| b[33] ^= 0xff, "hash mismatch");
    // Architecture 2 is longer: a one-bucket file that claims it is truncated, an
    // eight-bucket file that claims architecture 1 has trailing bytes.
    let mut claims_two = good.clone();
    claims_two[8] = 2;
    cases.push(("architecture 2, short", claims_two, "truncated"));
    let mut claims_one = write_net(&random_bucketed_weights(2));
    assert!(Network::from_bytes(&claims_one).is_ok());
    claims_one[8] = 1;
    cases.push(("architecture 1, long", claims_one, "wrong size"));
    // Version 2's own fields.
    let v2 = write_net_v2(&random_mirrored_weights(3));
    assert!(Network::from_bytes(&v2).is_ok());
    let mut with2 = |name: &'static str, edit: &dyn Fn(&mut Vec<u8>), says: &'static str| {
        let mut b = v2.clone();
        edit(&mut b);
        cases.push((name, b, says));
    };
    with2("v2 buckets", &|b| b[16] = 3, "output bucket count 3");
    with2("v2 one bucket", &|b| b[16] = 1, "wrong size");
    with2("v2 flags", &|b| b[20] = 3, "flags");
    with2("v2 reserved", &|b| b[36] = 1, "reserved");
    with2(
        "v2 width 300",
        &|b| b[12..14].copy_from_slice(&300u16.to_le_bytes()),
        "hidden size 300: this engine reads widths 256, 384, 512, 768, 1024",
    );
    with2("v2 width 0", &|b| b[13] = 0, "hidden size 0");
    // A width the engine reads, on a payload of another: the length gives it away.
    with2("v2 width 512 of 256", &|b| b[13] = 2, "truncated");
    with2("v2 QA", &|b| b[24] = 127, "QA 127");
    with2("v2 short header", &|b| b.truncate(44), "truncated");
    with2("v2 hash", &|b| b[41] ^= 1, "hash mismatch");
    with2("v2 payload", &|b| b[60_000] ^= 4, "hash mismatch");
    for (name, bytes, says) in cases {
        match Network::from_bytes(&bytes) {
            Ok(_) => panic!("{name}: accepted"),
            Err(e) => assert!(e.to_string().contains(says), "{name}: '{e}'"),
        }
    }
    let missing = std::path::Path::new("/nonexistent/chariot.nnue");
    match Network::load(missing) {
        Err(NetError::Io { path, .. }) => assert!(path.contains("chariot.nnue")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn wider_nets_read_back_evaluate_by_the_formula_and_update_incrementally() {
    let mut rng = Rng(11);
    let positions = sample_positions(&mut rng, 25);
    for (seed, width) in [(21, 384), (22, 512), (23, 768), (24, 1024)] {
        // Eight buckets and king mirroring: every path of the accumulators is used.
        let mut w = random_weights_of_width(seed, width);
        let mut r = Rng(seed ^ 0x77);
        w.output = (0..8 * 2 * width)
            .map(|_| in_range(&mut r, -60, 60))
            .collect();
        w.output_bias = (0..8)
            .map(|_| i32::from(in_range(&mut r, -20_000, 20_000)))
            .collect();
        w.king_mirror = seed % 2 == 0;
        let bytes = write_net_v2(&w);
        assert_eq!(
            bytes.len(),
            48 + (INPUTS * width + width + 16 * width) * 2 + 32
        );
        let net = Arc::new(Network::from_bytes(&bytes).expect("a valid wide net"));
        assert_eq!(net.width(), width);
        assert_eq!(net.buckets(), 8);
        assert_eq!(net.mirrored(), w.king_mirror);
        assert_eq!(net.to_bytes(), bytes, "width {width}: round trip");
        for pos in &positions {
            assert_eq!(
                i64::from(net.evaluate(pos)),
                reference_eval(&w, pos),
                "width {width}: {}",
                pos.to_fen()
            );
            assert_eq!(net.evaluate(pos), net.evaluate(&pos.color_flipped()));
        }
        incremental_equals_refresh(&net, seed);
        // Written to a file and loaded as the engine's EvalFile would be.
        let path =
            std::env::temp_dir().join(format!("chariot-wide-{width}-{}.nnue", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let loaded = Network::load(&path).expect("loads");
        std::fs::remove_file(&path).ok();
        assert_eq!(loaded.hash(), net.hash());
        // And the search runs on it with two threads.
        use chariot::search::{self, Config, Limits, Shared, Silent};
        let start = Position::startpos();
        let outcome = search::search(
            &start,
            &Limits {
                depth: Some(5),
                ..Limits::default()
            },
            &Config {
                net: Some(Arc::clone(&net)),
                threads: 2,
                ..Config::default()
            },
            &Shared::new(8),
            &Silent,
        );
        assert!(start.is_legal(outcome.best.unwrap()), "width {width}");
    }
}

#[test]
fn output_is_the_formula_of_the_readme() {
    let mut rng = Rng(3);
    let positions = sample_positions(&mut rng, 40);
    // The positions reach most of architecture 2's buckets.
    let buckets: std::collections::HashSet<usize> = positions
        .iter()
        .map(|p| (p.occupied().count() as usize - 1) / 4)
        .collect();
    assert!(buckets.len() >= 4, "{buckets:?}");
    let nets = [
        (4, random_weights(4)),
        (5, placeholder_weights(5)),
        (9, random_bucketed_weights(9)),
        (10, random_mirrored_weights(10)),
    ];
    for (seed, w) in nets {
        let net = Network::from_bytes(&write_net_v2(&w)).unwrap();
        for pos in &positions {
            assert_eq!(
                i64::from(net.evaluate(pos)),
                reference_eval(&w, pos),
                "net {seed}: {}",
                pos.to_fen()
            );
        }
    }
}

#[test]
fn colour_flipped_positions_evaluate_alike() {
    let mut rng = Rng(6);
    let positions = sample_positions(&mut rng, 60);
    assert!(positions.len() > 1_000);
    let nets = [
        Arc::new(Network::from_bytes(&write_net(&random_weights(7))).unwrap()),
        Arc::new(Network::from_bytes(&write_net(&random_bucketed_weights(7))).unwrap()),
        Arc::new(Network::from_bytes(&write_net_v2(&random_mirrored_weights(7))).unwrap()),
        nnue::embedded().expect("the embedded net is valid"),
    ];
    for net in &nets {
        let mut distinct = std::collections::HashSet::new();
        for pos in &positions {
            let e = net.evaluate(pos);
            distinct.insert(e);
            assert_eq!(e, net.evaluate(&pos.color_flipped()), "{}", pos.to_fen());
        }
        assert!(distinct.len() > 100, "the net hardly varies");
    }
}

#[test]
fn incremental_accumulators_equal_a_full_refresh_over_random_games() {
    let bucketed = write_net(&random_bucketed_weights(8));
    let mirrored = write_net_v2(&random_mirrored_weights(8));
    for (seed, bytes) in [(9, bucketed), (10, mirrored)] {
        incremental_equals_refresh(&Arc::new(Network::from_bytes(&bytes).unwrap()), seed);
    }
}

/// Random games from the start: after every move (and after taking moves back) the
/// accumulators kept by the stack equal a full refresh; with king mirroring, kings
/// cross the middle file many times.
fn incremental_equals_refresh(net: &Arc<Network>, seed: u64) {
    let mut rng = Rng(seed);
    let mut moved = [false; 7];
    let mut captured = [false; 7];
    let mut plies = 0;
    let mut crossings = 0;
    for game in 0..60 {
        let mut pos = Position::startpos();
        let mut stack = AccumulatorStack::new(Arc::clone(net), &pos);
        let length = 60 + rng.below(200);
        for _ in 0..length {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures half the time, so games reach all kinds of captures.
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_some())
                .collect();
            let mv = if !captures.is_empty() && rng.chance(2) {
                *rng.pick(&captures)
            } else {
                *rng.pick(&moves)
            };
            let mover = pos.piece_at(mv.from()).unwrap();
            moved[mover.kind().index()] = true;
            if mover.kind() == PieceKind::King && (mv.from().file() > 4) != (mv.to().file() > 4) {
                crossings += 1;
            }
            if let Some(victim) = pos.piece_at(mv.to()) {
                captured[victim.kind().index()] = true;
            }
            stack.push_move(&pos, mv);
            pos.make_move(mv);
            plies += 1;
            assert_eq!(
                stack.current(),
                net.refreshed(&pos),
                "game {game}: {}",
                pos.to_fen()
            );
            assert_eq!(stack.evaluate(&pos), net.evaluate(&pos));
            // Now and then take a few moves back and check again.
            if rng.chance(10) {
                let back = 1 + rng.below(stack.depth().min(4));
                for _ in 0..back {
                    stack.pop();
                    pos.unmake_move();
                }
                assert_eq!(stack.current(), net.refreshed(&pos));
            }
        }
        // Resetting to a new root refreshes in full.
        stack.reset(&pos);
        assert_eq!(stack.depth(), 0);
        assert_eq!(stack.current(), net.refreshed(&pos));
    }
    assert!(plies > 5_000, "{plies}");
    assert!(crossings > 100, "{crossings}");
    for kind in PieceKind::ALL {
        assert!(moved[kind.index()], "{kind:?} never moved");
        if kind != PieceKind::King {
            assert!(captured[kind.index()], "{kind:?} never captured");
        }
    }
}

#[test]
fn the_placeholder_generator_is_sane() {
    let net = Network::from_bytes(&write_net(&placeholder_weights(PLACEHOLDER_SEED))).unwrap();
    let start = Position::startpos();
    assert!(net.evaluate(&start).abs() < 100, "{}", net.evaluate(&start));
    // Red a rook up (Black's a9 rook gone).
    let up =
        Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    let e = net.evaluate(&up);
    assert!((700..1_300).contains(&e), "{e}");
    assert_eq!(net.evaluate(&up.color_flipped()), e);
}

#[test]
fn search_with_nnue_plays_legal_moves_and_uses_the_net() {
    use chariot::search::{self, bench, Config, Limits, Shared, Silent};
    let net = nnue::embedded().expect("the embedded net is valid");
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let mut rng = Rng(10);
    for pos in sample_positions(&mut rng, 12).iter().step_by(7) {
        for net in [Some(Arc::clone(&net)), None] {
            let config = Config {
                net,
                ..Config::default()
            };
            let shared = Shared::new(4);
            let outcome = search::search(pos, &limits, &config, &shared, &Silent);
            // A move exactly when there is one to play, and a legal one.
            match outcome.best {
                Some(mv) => assert!(pos.is_legal(mv), "{}: {mv}", pos.to_fen()),
                None => assert!(
                    pos.legal_moves().is_empty(),
                    "{}: no move from a position with legal moves",
                    pos.to_fen()
                ),
            }
        }
    }
    // The bench: deterministic with either evaluator, and they differ.
    let a = bench::run(3, Some(Arc::clone(&net)), |_, _, _| {}).0;
    let b = bench::run(3, Some(Arc::clone(&net)), |_, _, _| {}).0;
    let hce = bench::run(3, None, |_, _, _| {}).0;
    assert_eq!(a, b);
    assert_ne!(a, hce, "the net is not used");
}
