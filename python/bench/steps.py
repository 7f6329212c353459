"""The batched-stepping benchmark from Python, side by side with Node's (steps.mjs) in one run:
`count` games (1 024 by default) of a variant, each step a random legal action per game chosen
from its legal action list (legal_actions with legal_counts), the finished games reset with the
reset mask. Runs alternate, Python then Node; the medians are printed, and the median of each
pair's ratio (the two runs of a pair share the machine's load of the moment).

    python python/bench/steps.py [--variants english,international] [--count 1024] [--runs 5] [--seconds 2] [--mask]
"""

import argparse
import json
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

from bitdraughts.env import Envs

HERE = Path(__file__).resolve().parent


def python_run(variant: str, count: int, seconds: float, mask: bool) -> float:
    envs = Envs(variant, count, seed=1, mask=mask, observation=False)
    rng = np.random.default_rng(1)
    rows = np.arange(count)
    # The actions drawn straight into the core's action buffer, stepped as they stand there.
    actions = envs.actions
    legal, counts, done = envs.legal_actions, envs.legal_counts, envs.done
    steps = 0
    started = time.perf_counter()
    until = started + seconds
    while time.perf_counter() < until:
        for _ in range(16):
            # Views stay valid: nothing here grows the core's memory.
            actions[:] = legal[rows, (rng.random(count) * counts).astype(np.int32)]
            envs.step()
            steps += count
            if done.any():
                envs.reset(done)
    return steps / (time.perf_counter() - started)


def node_run(variant: str, count: int, seconds: float, mask: bool) -> float:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not on PATH: the side-by-side needs it")
    out = subprocess.run([node, str(HERE / "steps.mjs"), variant, str(count), str(seconds), "1" if mask else "0"], check=True, capture_output=True, text=True)
    report = json.loads(out.stdout)
    return report["steps"] / report["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default="english,international")
    parser.add_argument("--count", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--mask", action="store_true", help="write the dense mask each step too")
    args = parser.parse_args()
    print(f"batched stepping, {args.count} games, random legal action from the legal lists, {'with' if args.mask else 'without'} the dense mask; median of {args.runs} runs of {args.seconds} s")
    for variant in args.variants.split(","):
        py, js = [], []
        for _ in range(args.runs):
            py.append(python_run(variant, args.count, args.seconds, args.mask))
            js.append(node_run(variant, args.count, args.seconds, args.mask))
        p, n = statistics.median(py), statistics.median(js)
        paired = statistics.median(a / b for a, b in zip(py, js))
        print(f"{variant:>14}: Python {p / 1e6:6.2f} M steps/s, Node {n / 1e6:6.2f} M steps/s, Python/Node {p / n:6.1%} (pairs' median {paired:6.1%})  "
              f"(Python runs {', '.join(f'{x / 1e6:.2f}' for x in py)}; Node {', '.join(f'{x / 1e6:.2f}' for x in js)})")


if __name__ == "__main__":
    main()
