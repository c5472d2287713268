#!/usr/bin/env python3
"""Results, average depth and time a move of each engine in tourney's PGN files.

    tools/scripts/pgn-summary.py FILE.pgn [FILE.pgn ...]

For each pair of engines that met: W-D-L of the first against the second, its score and
Elo with a 95 % interval (from the games' scores, trinomial). Then for each engine the
move comments tourney writes, `{score/depth seconds}`, each credited to the side that
made the move (Red moves first unless the game's FEN says `b`): average depth and time a
move. Moves without such a comment are not counted.
"""
import math
import re
import sys
from collections import defaultdict

TAG = re.compile(r'^\[(\w+) "([^"]*)"\]', re.M)
TOKEN = re.compile(r"\{([^}]*)\}|\b([A-I]\d-[A-I]\d)\b")
MOVE_INFO = re.compile(r"^\S+/(\d+) (\d+(?:\.\d+)?)s$")


def games(text):
    """Each game's tags and movetext."""
    for chunk in re.split(r"\n(?=\[Game |\[Event )", text):
        tags = dict(TAG.findall(chunk))
        if "Red" in tags and "Black" in tags:
            body = chunk[chunk.rfind("]") + 1 :]
            yield tags, body


def main(paths):
    depth = defaultdict(int)
    seconds = defaultdict(float)
    moves = defaultdict(int)
    # results[(a, b)] = [wins, draws, losses] of a against b, a < b by name
    results = defaultdict(lambda: [0, 0, 0])
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, body in games(text):
            fen = tags.get("FEN", "")
            black_first = len(fen.split()) > 1 and fen.split()[1] == "b"
            sides = [tags["Black"], tags["Red"]] if black_first else [tags["Red"], tags["Black"]]
            red_score = {"1-0": 2, "1/2-1/2": 1, "0-1": 0}.get(tags.get("Result"))
            if red_score is not None:
                a, b = sorted([tags["Red"], tags["Black"]])
                a_score = red_score if a == tags["Red"] else 2 - red_score
                results[(a, b)][2 - a_score] += 1
            ply = 0
            for comment, move in TOKEN.findall(body):
                if move:
                    ply += 1
                    continue
                m = MOVE_INFO.match(comment.strip())
                if not m or ply == 0:
                    continue
                who = sides[(ply - 1) % 2]
                depth[who] += int(m.group(1))
                seconds[who] += float(m.group(2))
                moves[who] += 1
    if not moves:
        sys.exit("no move comments found")
    for (a, b), (w, d, l) in sorted(results.items()):
        print(f"{a} against {b}: {w}-{d}-{l} (W-D-L), {elo_line(w, d, l)}")
    for who in sorted(moves, key=lambda w: -moves[w]):
        n = moves[who]
        print(f"{who}: {n} moves, average depth {depth[who] / n:.1f}, "
              f"average time {seconds[who] / n:.3f} s a move")


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def elo_line(w, d, l):
    """The score and Elo with its 95 % interval, as +x.x +/- y.y."""
    n = w + d + l
    mean = (w + d / 2) / n
    var = (w * (1 - mean) ** 2 + d * (0.5 - mean) ** 2 + l * mean**2) / n
    margin = 1.959964 * math.sqrt(var / n)
    low, high = elo(mean - margin), elo(mean + margin)
    return f"{100 * mean:.1f} %, Elo {elo(mean):+.1f} +/- {(high - low) / 2:.1f}"


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
