// The board on the page: squares drawn from the library's layout, pieces, highlights, square
// labels, taps and drags, and a short animation of the last move along its trail.

import { boardLayout, type BoardLayout, type MoveTrail, type Position, type VariantName } from "bitdraughts/lean";

export interface Highlights {
  readonly selected?: number;
  readonly dests?: readonly number[];
  /** Pieces that must capture. */
  readonly must?: readonly number[];
  /** Squares of each route on offer, by route colour. */
  readonly routes?: ReadonlyArray<{ readonly squares: readonly number[]; readonly colour: string }>;
  readonly last?: readonly number[];
}

export interface BoardInput {
  /** A square was tapped (pressed and let go without dragging). */
  tap(square: number): void;
  /** A piece was pressed: the view starts a drag when the press moves. */
  press(square: number): boolean;
  /** A dragged piece was dropped on `to` (undefined: off the board). */
  drop(from: number, to: number | undefined): void;
}

const STEP_MS = 140;

export class BoardView {
  readonly #board: HTMLElement;
  readonly #overlay: HTMLElement;
  #layout: BoardLayout | undefined;
  #cells = new Map<number, HTMLElement>();
  #drag: { from: number; x: number; y: number; ghost?: HTMLElement; moved: boolean } | undefined;

  constructor(board: HTMLElement, overlay: HTMLElement, input: BoardInput) {
    this.#board = board;
    this.#overlay = overlay;
    board.addEventListener("pointerdown", (e) => {
      const square = this.#squareAt(e.clientX, e.clientY);
      if (square === undefined || e.button !== 0) return;
      e.preventDefault();
      if (input.press(square)) {
        this.#drag = { from: square, x: e.clientX, y: e.clientY, moved: false };
        board.setPointerCapture(e.pointerId);
      } else {
        input.tap(square);
      }
    });
    board.addEventListener("pointermove", (e) => {
      const drag = this.#drag;
      if (!drag) return;
      if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
      drag.moved = true;
      drag.ghost ??= this.#ghost(drag.from);
      const rect = this.#overlay.getBoundingClientRect();
      const size = rect.width / (this.#layout?.size ?? 8);
      drag.ghost.style.left = `${e.clientX - rect.left - size / 2}px`;
      drag.ghost.style.top = `${e.clientY - rect.top - size / 2}px`;
    });
    const end = (e: PointerEvent): void => {
      const drag = this.#drag;
      if (!drag) return;
      this.#drag = undefined;
      drag.ghost?.remove();
      this.#cells.get(drag.from)?.querySelector<HTMLElement>(".piece")?.style.removeProperty("visibility");
      if (drag.moved) input.drop(drag.from, e.type === "pointerup" ? this.#squareAt(e.clientX, e.clientY) : undefined);
      else input.tap(drag.from);
    };
    board.addEventListener("pointerup", end);
    board.addEventListener("pointercancel", end);
  }

  /** Draws the empty board of `variant`, turned round when `flipped`. */
  setBoard(variant: VariantName, flipped: boolean, algebraic: boolean): void {
    const layout = boardLayout(variant, flipped);
    this.#layout = layout;
    const n = layout.size;
    for (const grid of [this.#board, this.#overlay]) {
      grid.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
      grid.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    }
    // Turkish plays on every square: lines between them, as its boards have, instead of colours.
    this.#board.classList.toggle("all-squares", layout.allSquares);
    this.#board.dataset.size = String(n);
    this.#board.replaceChildren();
    this.#cells.clear();
    const at = new Map(layout.squares.map((s) => [s.row * n + s.column, s]));
    for (let row = 0; row < n; row++) {
      for (let column = 0; column < n; column++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        const square = at.get(row * n + column);
        if (square !== undefined) {
          cell.classList.add("dark");
          cell.dataset.square = String(square.square);
          if (!algebraic) cell.append(label(String(square.square)));
          this.#cells.set(square.square, cell);
        } else {
          cell.classList.add("light-label");
        }
        // Algebraic variants: ranks down the left edge, files along the bottom, as players read them.
        if (algebraic && column === 0) cell.append(label(String(flipped ? row + 1 : n - row)));
        if (algebraic && row === n - 1) cell.append(label(String.fromCharCode(97 + (flipped ? n - 1 - column : column)), "file"));
        this.#board.append(cell);
      }
    }
  }

  /** Puts the pieces of `position` on the board, with the highlights. */
  render(position: Position, marks: Highlights): void {
    for (const [square, cell] of this.#cells) {
      cell.querySelector(".piece")?.remove();
      const piece = position.pieceAt(square);
      if (piece) {
        const el = document.createElement("div");
        el.className = `piece ${piece.color} ${piece.role}`;
        cell.append(el);
      }
      cell.dataset.piece = piece ? `${piece.color}-${piece.role}` : "";
      cell.classList.toggle("selected", marks.selected === square);
      cell.classList.toggle("dest", marks.dests?.includes(square) ?? false);
      cell.classList.toggle("must", marks.must?.includes(square) ?? false);
      cell.classList.toggle("last", marks.last?.includes(square) ?? false);
      const route = marks.routes?.find((r) => r.squares.includes(square));
      cell.classList.toggle("route", route !== undefined);
      if (route) cell.style.setProperty("--route", route.colour);
      else cell.style.removeProperty("--route");
    }
  }

  /** Slides the piece now on `trail.to` along the trail and fades the pieces it took. */
  animate(trail: MoveTrail, piece: string, taken: readonly string[]): void {
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const target = this.#cells.get(trail.to)?.querySelector<HTMLElement>(".piece");
    const stops = [trail.from, ...trail.passed, trail.to].map((s) => this.#offset(s));
    if (!target || stops.some((s) => s === undefined)) return;
    const ghost = this.#pieceGhost(piece, trail.from);
    target.style.visibility = "hidden";
    const frames = stops.map((s) => ({ transform: `translate(${s!.x - stops[0]!.x}px, ${s!.y - stops[0]!.y}px)` }));
    const fading = trail.taken.map((s, i) => {
      const el = this.#pieceGhost(taken[i] ?? "", s);
      el.animate([{ opacity: 1 }, { opacity: 0 }], { duration: STEP_MS * (i + 1.5), fill: "forwards" });
      return el;
    });
    const run = ghost.animate(frames, { duration: STEP_MS * (stops.length - 1), easing: "ease-in-out" });
    const done = (): void => {
      ghost.remove();
      for (const el of fading) el.remove();
      target.style.removeProperty("visibility");
    };
    run.finished.then(done, done);
  }

  #squareAt(x: number, y: number): number | undefined {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-square]");
    return el && this.#board.contains(el) ? Number(el.dataset.square) : undefined;
  }

  #offset(square: number): { x: number; y: number } | undefined {
    const cell = this.#cells.get(square);
    return cell ? { x: cell.offsetLeft, y: cell.offsetTop } : undefined;
  }

  #ghost(from: number): HTMLElement {
    const piece = this.#cells.get(from)?.querySelector<HTMLElement>(".piece");
    const ghost = this.#pieceGhost(piece?.className.replace("piece ", "") ?? "", from);
    if (piece) piece.style.visibility = "hidden";
    return ghost;
  }

  #pieceGhost(kind: string, square: number): HTMLElement {
    const cell = this.#cells.get(square)!;
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    Object.assign(ghost.style, { left: `${cell.offsetLeft}px`, top: `${cell.offsetTop}px`, width: `${cell.offsetWidth}px`, height: `${cell.offsetHeight}px` });
    const el = document.createElement("div");
    el.className = `piece ${kind}`;
    ghost.append(el);
    this.#overlay.append(ghost);
    return ghost;
  }
}

function label(text: string, kind = ""): HTMLElement {
  const el = document.createElement("span");
  el.className = `label ${kind}`.trim();
  el.textContent = text;
  return el;
}
