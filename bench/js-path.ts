// The JavaScript path's benchmark: random playouts from the start position, each ply a
// `legalMoves()` and a `play()` (what a bot, a UI or the match runner pays per position).
//
//   npm run bench:js                         international and english, median of 5 runs
//   npm run bench:js -- --variant russian    other variants (repeat the flag or a comma list)
//   npm run bench:js -- --runs 9 --seconds 2
//
// A playout ends when the side to move has no move or after MAX_PLIES plies (kings can shuffle
// for ever), then starts again. Moves are picked by a seeded generator, so every run walks the
// same games.

import { Position, VARIANTS, type VariantName } from "../bindings/index.js";

const MAX_PLIES = 200;

interface Options {
  variants: VariantName[];
  runs: number;
  seconds: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { variants: [], runs: 5, seconds: 1 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (flag === "--variant" && value !== undefined) {
      for (const name of value.split(",")) {
        if (!(VARIANTS as readonly string[]).includes(name)) throw new Error(`unknown variant ${JSON.stringify(name)}`);
        options.variants.push(name as VariantName);
      }
      i++;
    } else if (flag === "--runs" && value !== undefined) {
      options.runs = Number(value);
      i++;
    } else if (flag === "--seconds" && value !== undefined) {
      options.seconds = Number(value);
      i++;
    } else throw new Error(`unknown option ${JSON.stringify(flag)} (--variant V, --runs N, --seconds S)`);
  }
  if (options.variants.length === 0) options.variants = ["international", "english"];
  return options;
}

/** A small seeded generator (xorshift32): the same playouts every run. */
function random(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** A rate per second by the wall clock and by this process's CPU time (less hurt by a busy machine). */
interface Rate {
  readonly wall: number;
  readonly cpu: number;
}

/** Runs `batch` (which returns the plies it played) until `seconds` have passed. */
function timed(seconds: number, batch: () => number): Rate {
  let plies = 0;
  const cpu = process.cpuUsage();
  const began = performance.now();
  const until = began + seconds * 1000;
  let now = began;
  while (now < until) {
    plies += batch();
    now = performance.now();
  }
  const used = process.cpuUsage(cpu);
  return { wall: plies / ((now - began) / 1000), cpu: plies / ((used.user + used.system) / 1e6) };
}

/** `legalMoves()` + `play()` on immutable positions. */
function positionPath(variant: VariantName, seconds: number): Rate {
  const pick = random(20261130);
  const start = Position.initial(variant);
  let position = start;
  let ply = 0;
  return timed(seconds, () => {
    let plies = 0;
    for (let k = 0; k < 256; k++) {
      const moves = position.legalMoves();
      if (moves.length === 0 || ply === MAX_PLIES) {
        position = start;
        ply = 0;
        continue;
      }
      position = position.play(moves[pick(moves.length)]!);
      ply++;
      plies++;
    }
    return plies;
  });
}

/** `moves()` + `make(i)` on a cursor; a finished playout is unmade back to the start. */
function cursorPath(variant: VariantName, seconds: number): Rate {
  const pick = random(20261130);
  const cursor = Position.initial(variant).cursor();
  return timed(seconds, () => {
    let plies = 0;
    for (let k = 0; k < 256; k++) {
      const count = cursor.moves();
      if (count === 0 || cursor.ply === MAX_PLIES) {
        while (cursor.unmake());
        continue;
      }
      cursor.make(pick(count));
      plies++;
    }
    return plies;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const PATHS = { Position: positionPath, Cursor: cursorPath } as const;

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  console.log(`JS path: random playouts from the start position, plies a second (median of ${options.runs} runs of ${options.seconds} s)`);
  console.log("  Position: legalMoves() + play(move); Cursor: moves() + make(i). wall: by the clock; cpu: by this process's CPU time.");
  for (const variant of options.variants) {
    for (const [name, path] of Object.entries(PATHS)) {
      path(variant, 0.2); // warm up
      const rates = Array.from({ length: options.runs }, () => path(variant, options.seconds));
      const wall = median(rates.map((r) => r.wall));
      const cpu = median(rates.map((r) => r.cpu));
      console.log(`${variant.padEnd(14)} ${name.padEnd(9)} wall ${format(wall)}/s   cpu ${format(cpu)}/s   (wall runs: ${rates.map((r) => format(r.wall)).join(", ")})`);
    }
  }
}

function format(rate: number): string {
  return Math.round(rate).toLocaleString("en-US").padStart(10);
}

main();
