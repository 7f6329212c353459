// The board in text for the terminal, as White sees it (White at the bottom, RULES.md 2), in
// the variant's own orientation: italian and spanish boards have the bottom-right corner dark.
// Men are w and b, kings W and B, empty dark squares `.`, light squares blank. Coordinates are
// what the variant's players write moves with: rank numbers and file letters around the board
// for russian, brazilian and czech; for the numbered variants a key of the square numbers
// beside the board, row for row.

import type { Piece, Position } from "../core/position.js";
import { squareAt } from "../core/squares.js";
import { variantInfo } from "../core/variant.js";

const CELL = 3;

export function pieceLetter(piece: Piece | undefined): string {
  if (piece === undefined) return ".";
  const letter = piece.color === "white" ? "w" : "b";
  return piece.role === "king" ? letter.toUpperCase() : letter;
}

/** The position as lines of text, without a trailing newline. */
export function drawBoard(position: Position): string {
  const info = variantInfo(position.variant);
  const n = info.size;
  const width = n * CELL;
  const edge = `+${"-".repeat(width)}+`;
  const rows: string[] = [];
  for (let row = 0; row < n; row++) {
    let cells = "";
    let key = "";
    for (let column = 0; column < n; column++) {
      const square = squareAt(info, row, column);
      cells += square === undefined ? " ".repeat(CELL) : ` ${pieceLetter(position.pieceAt(square))} `;
      // Right-aligned under the piece's column: `  1 `, ` 12 `.
      key += square === undefined ? " ".repeat(CELL) : `${String(square).padStart(CELL - 1)} `;
    }
    rows.push(info.algebraic ? `${String(n - row).padStart(2)} |${cells}|` : `   |${cells}|  ${key.trimEnd()}`);
  }
  if (!info.algebraic) return [`   ${edge}`, ...rows, `   ${edge}`].join("\n");
  const files = Array.from({ length: n }, (_, c) => ` ${String.fromCharCode(97 + c)} `).join("");
  return [`   ${edge}`, ...rows, `   ${edge}`, `    ${files.trimEnd()}`].join("\n");
}
