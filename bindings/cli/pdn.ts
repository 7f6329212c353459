// `bitdraughts pdn check|fen FILE`: a line per game. `check` says how the final position stands:
// the end of the game, or a draw the side to move could claim there (RULES.md 5.4).

import { describeResult } from "../game/game.js";
import type { PdnEntry } from "../pdn/read.js";
import { VariantName } from "../core/variant.js";
import { Options, UsageError, variantOf } from "./args.js";
import { readPdnFile } from "./pdn-file.js";

/** The fallback variant of `pdn`, for games without a GameType: --variant, or none. */
function fallbackVariantOf(options: Options): VariantName | undefined {
  return options.variant === undefined ? undefined : variantOf(options);
}

/** `pdn check FILE` and `pdn fen FILE`: a line per game; exit code 1 when some game has an error. */
export function runPdn(operands: string[], options: Options): number {
  const [action, file] = operands;
  if (action !== "check" && action !== "fen") throw new UsageError(`pdn needs an action, check or fen, not ${JSON.stringify(action ?? "")}`);
  if (file === undefined) throw new UsageError(`pdn ${action} needs a FILE (- for standard input)`);
  const variant = fallbackVariantOf(options);
  const games = readPdnFile(file, { continueOnError: true, ...(variant !== undefined && { variant }) });
  for (const entry of games) console.log(action === "fen" ? fenLine(entry) : options.json === true ? JSON.stringify(checkJson(entry)) : checkLine(entry));
  return games.some((g) => g.error !== undefined) ? 1 : 0;
}

function fenLine(entry: PdnEntry): string {
  return entry.error !== undefined ? `error: ${entry.error.message}` : entry.game!.position.toFen();
}

function checkLine(entry: PdnEntry): string {
  const head = `game ${entry.number}`;
  if (entry.error !== undefined) return `${head}: error: ${entry.error.message}`;
  const game = entry.game!;
  const board = game.result.status === "ongoing" ? "" : `, ${describeResult(game.result, game.variant)}`;
  const claim = game.drawClaim === undefined ? "" : `, draw claimable by threefold repetition`;
  return `${head}: ${entry.variant}, ${game.ply} plies, result ${entry.result ?? "none"}${board}${claim}, ${game.position.toFen()}`;
}

function checkJson(entry: PdnEntry): Record<string, unknown> {
  const line: Record<string, unknown> = { game: entry.number, line: entry.record.line, variant: entry.variant ?? null };
  if (entry.game !== undefined) {
    line.plies = entry.game.ply;
    line.result = entry.result ?? null;
    line.end = entry.game.result;
    line.drawClaim = entry.game.drawClaim ?? null;
    line.fen = entry.game.position.toFen();
  }
  if (entry.error !== undefined) line.error = entry.error.message;
  return line;
}

