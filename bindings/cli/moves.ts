// `bitdraughts moves`: the legal moves of one position, or of one FEN a line from standard input.

import { createInterface } from "node:readline";
import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { Options, positionOf, variantOf } from "./args.js";

function movesJson(position: Position): string {
  return JSON.stringify(position.legalMoves().map((m) => ({ from: m.from, to: m.to, path: m.path, captured: m.captured, notation: m.notation })));
}

export async function runMoves(options: Options): Promise<void> {
  const variant = variantOf(options);
  const optionalCapture = options["optional-capture"] === true;
  const show = (position: Position): string => options.json === true ? movesJson(position) : position.legalMoves().map((m) => m.notation).join(" ");
  // One position: --fen, or the start position when nobody is piping FENs in (a terminal).
  if (options.fen !== undefined || process.stdin.isTTY === true) {
    console.log(show(positionOf(variant, options.fen, optionalCapture)));
    return;
  }
  // Batch mode: one FEN a line in, one answer a line out, so answers line up with their
  // inputs; a bad line (a blank one too) answers with its error.
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    try {
      console.log(show(Position.fromFen(variant, line, { optionalCapture })));
    } catch (error) {
      if (!(error instanceof DraughtsError)) throw error;
      console.log(options.json === true ? JSON.stringify({ error: error.message }) : `error: ${error.message}`);
    }
  }
}

