#!/usr/bin/env python3
"""Fits Chariot's win/draw/loss model (UCI_ShowWDL) to self-play results.

Reads lines `<fen> | <score> | <result>` (datagen's text form: the search score and
the result from Red's view), turns each into the side to move's score and outcome,
groups the positions by material (MATERIAL below, both sides, kings not counted) in
buckets of BUCKET, and fits for each bucket the two logistic curves

    P(win)  = 1 / (1 + exp(-(s - a) / b))
    P(loss) = 1 / (1 + exp(-(-s - a) / b))      P(draw) = 1 - P(win) - P(loss)

(s: the side to move's score in engine units) by maximum likelihood: a grid over a and
b, then a finer grid around the best point. Mate scores (|s| >= 20000) are left out and
scores are clamped to +-3000. Prints the table for src/search/wdl.rs.

    xz -dc /work/shared/data/selfplay-hce-r3/*.txt.xz | python3 tools/scripts/fit_wdl.py
"""

import math
import sys

MATERIAL = {"r": 10, "n": 4, "h": 4, "c": 4, "a": 2, "b": 2, "e": 2, "p": 1}
BUCKET = 8
BIN = 10
CLAMP = 3000
MIN_POSITIONS = 3000


def material(board):
    return sum(MATERIAL.get(ch.lower(), 0) for ch in board if ch.isalpha())


def read(stream):
    # bucket -> {score bin: [wins, draws, losses]}
    hist = {}
    for line in stream:
        parts = line.split("|")
        if len(parts) < 3:
            continue
        fields = parts[0].split()
        if len(fields) < 2:
            continue
        try:
            score = int(parts[1])
            result = float(parts[2])
        except ValueError:
            continue
        if abs(score) >= 20000:
            continue
        if fields[1] == "b":
            score, result = -score, 1.0 - result
        score = max(-CLAMP, min(CLAMP, score))
        outcome = 0 if result > 0.75 else (2 if result < 0.25 else 1)
        bucket = material(fields[0]) // BUCKET
        bins = hist.setdefault(bucket, {})
        counts = bins.setdefault(round(score / BIN) * BIN, [0, 0, 0])
        counts[outcome] += 1
    return hist


def sigmoid(x):
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def log_likelihood(bins, a, b):
    total = 0.0
    for s, (w, d, l) in bins.items():
        pw = sigmoid((s - a) / b)
        pl = sigmoid((-s - a) / b)
        pd = max(1e-9, 1.0 - pw - pl)
        total += w * math.log(max(pw, 1e-9)) + d * math.log(pd) + l * math.log(max(pl, 1e-9))
    return total


def fit(bins):
    best = None
    for a in range(0, 1601, 40):
        for b in range(20, 801, 20):
            ll = log_likelihood(bins, a, b)
            if best is None or ll > best[0]:
                best = (ll, a, b)
    _, a0, b0 = best
    for a in range(max(0, a0 - 40), a0 + 41, 4):
        for b in range(max(4, b0 - 20), b0 + 21, 2):
            ll = log_likelihood(bins, a, b)
            if ll > best[0]:
                best = (ll, a, b)
    return best


def main():
    hist = read(sys.stdin)
    rows = []
    for bucket in sorted(hist):
        bins = hist[bucket]
        n = sum(sum(c) for c in bins.values())
        if n < MIN_POSITIONS:
            continue
        wins = sum(c[0] for c in bins.values())
        draws = sum(c[1] for c in bins.values())
        ll, a, b = fit(bins)
        mid = bucket * BUCKET + BUCKET // 2
        rows.append((mid, a, b))
        print(f"# material {bucket * BUCKET}-{bucket * BUCKET + BUCKET - 1}: {n} positions, "
              f"{100 * wins / n:.1f}% wins {100 * draws / n:.1f}% draws for the side to move; "
              f"a {a} b {b} (log-likelihood per position {ll / n:.4f})")
    print("pub const MODEL: [(i32, f64, f64); %d] = [" % len(rows))
    for mid, a, b in rows:
        print(f"    ({mid}, {a:.1f}, {b:.1f}),")
    print("];")


if __name__ == "__main__":
    main()
