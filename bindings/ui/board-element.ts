// The board component: draws a position on any element, takes moves by click, drag or keys
// (arrows and Enter), and shows what a draughts board shows: destinations, the last move, a
// capture's path with the pieces taken greyed until it ends, and an engine's arrows. Framework-
// free: a plain class over the DOM. Its config follows the chess board libraries people know
// (movable.dests, lastMove, orientation, drawable.shapes); docs/board.md is its reference.

import type { Move } from "../core/notation.js";
import type { Piece } from "../core/position.js";
import { variantInfo, type Color, type VariantName } from "../core/variant.js";
import { boardLayout, moveTrail, type BoardLayout } from "./board.js";
import { BOARD_CSS } from "./board-style.js";

/** What the board reads of a position: the package's Position fits. */
export interface BoardPosition {
  readonly variant: VariantName;
  readonly turn: Color;
  readonly algebraic: boolean;
  /** The piece on a square, if any. */
  pieceAt(square: number): Piece | undefined;
  /** The legal moves of the side to move. */
  legalMoves(): readonly Move[];
}

/** A move as the board knows it: its landing squares from origin to destination, and what it takes. */
export interface BoardMove {
  readonly from: number;
  readonly to: number;
  readonly path: readonly number[];
  readonly captured: readonly number[];
  readonly isCapture: boolean;
}

/** An arrow (from `orig` to `dest`, through `via`) or, without `dest`, a ring on `orig`. */
export interface DrawShape {
  readonly orig: number;
  readonly dest?: number;
  /** Landing squares on the way: a capture drawn leg by leg. */
  readonly via?: readonly number[];
  /** green (default), red, blue or yellow: each a CSS variable (--bd-green …). */
  readonly brush?: "green" | "red" | "blue" | "yellow";
}

/** Where the player's move goes: the move, and the package's Move when the board was given moves. */
export interface MoveMeta {
  readonly path: readonly number[];
  readonly captured: readonly number[];
  readonly move?: Move;
}

/** What a board is given (new Board, board.set): every key optional, each kept until set again. */
export interface BoardConfig {
  /** The pieces, the variant, the side to move and the legal moves, all at once. */
  readonly position?: BoardPosition;
  /** The board's geometry and numbering when no position is given. */
  readonly variant?: VariantName;
  /** The pieces when no position is given: square → piece. */
  readonly pieces?: ReadonlyMap<number, Piece>;
  /** The side drawn at the bottom (default white). */
  readonly orientation?: Color;
  /** Square numbers, algebraic coordinates (a1 …) or none; default: the variant's own notation. */
  readonly coordinates?: "numbers" | "algebraic" | "none";
  /** The squares of the last move, origin, landings, destination: highlighted, and its path drawn. */
  readonly lastMove?: readonly number[] | undefined;
  /** Takes no input at all. */
  readonly viewOnly?: boolean;
  readonly animation?: { readonly duration?: number };
  readonly movable?: {
    /** Which side the player moves: "both" (default: the side to move), one colour, or "none". */
    readonly color?: Color | "both" | "none";
    /** Legal destinations by origin; each destination one move (no routes). */
    readonly dests?: ReadonlyMap<number, readonly number[]> | undefined;
    /** Legal moves with their paths: captures are then entered leg by leg and routes chosen. */
    readonly moves?: readonly Move[] | undefined;
    readonly showDests?: boolean;
    readonly events?: {
      /** The player made a move: the board has drawn it, and waits for the next position or moves. */
      readonly after?: (from: number, to: number, meta: MoveMeta) => void;
    };
  };
  readonly drawable?: { readonly shapes?: readonly DrawShape[] };
  readonly events?: {
    /** A piece was selected (undefined: the selection was dropped). */
    readonly select?: (square: number | undefined) => void;
    /** The player's target fits several routes (the board then asks for a landing square); [] when that ends. */
    readonly routes?: (moves: readonly BoardMove[]) => void;
  };
}

interface Selection {
  readonly from: number;
  /** Landing squares entered so far, origin first. */
  readonly path: number[];
  /** The destination clicked when several routes end there. */
  end?: number;
}

type State = { -readonly [K in keyof BoardConfig]?: BoardConfig[K] } & {
  orientation: Color;
  movable: NonNullable<BoardConfig["movable"]>;
  animation: NonNullable<BoardConfig["animation"]>;
  drawable: NonNullable<BoardConfig["drawable"]>;
  events: NonNullable<BoardConfig["events"]>;
};

const STYLE_ID = "bitdraughts-board-style";
const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const SVG = "http://www.w3.org/2000/svg";

/** A draughts board drawn into `element`: `new Board(element, config)`, then `set(config)` as the game goes. */
export class Board {
  /** The element the board draws into. */
  readonly element: HTMLElement;
  #state: State = { orientation: "white", movable: { color: "both", showDests: true }, animation: { duration: 200 }, drawable: {}, events: {} };
  #layout: BoardLayout | undefined;
  #built = "";
  #grid: HTMLElement;
  #svg: SVGSVGElement;
  #cells = new Map<number, HTMLElement>();
  #pieces = new Map<number, Piece>();
  #moves: readonly BoardMove[] = [];
  #sel: Selection | undefined;
  #cursor: [number, number] | undefined;
  #drag: { from: number; x: number; y: number; fresh: boolean; ghost?: HTMLElement } | undefined;
  #listening = new AbortController();
  /** The routes last handed to events.routes, as text, to tell only of a change. */
  #routesShown = "";

  /** Draws a board into `element` (its children replaced); throws TypeError without a variant or a position. */
  constructor(element: HTMLElement, config: BoardConfig = {}) {
    if (!(element instanceof HTMLElement)) throw new TypeError("the board needs an HTML element to draw into");
    this.element = element;
    if (!document.getElementById(STYLE_ID)) {
      const style = document.createElement("style");
      style.id = STYLE_ID;
      style.textContent = BOARD_CSS;
      document.head.prepend(style);
    }
    element.classList.add("bd-board");
    element.tabIndex = 0;
    element.setAttribute("role", "application");
    element.setAttribute("aria-roledescription", "draughts board");
    this.#grid = document.createElement("div");
    this.#grid.className = "bd-grid";
    this.#svg = document.createElementNS(SVG, "svg");
    element.replaceChildren(this.#grid, this.#svg);
    const options = { signal: this.#listening.signal };
    element.addEventListener("pointerdown", (e) => this.#down(e), options);
    element.addEventListener("pointermove", (e) => this.#move(e), options);
    element.addEventListener("pointerup", (e) => this.#up(e), options);
    element.addEventListener("pointercancel", (e) => this.#up(e), options);
    element.addEventListener("keydown", (e) => this.#keydown(e), options);
    this.set(config);
  }

  /**
   * Changes what is given, keeps the rest. A new position, pieces or moves drop the player's
   * selection. A config the board cannot draw throws (TypeError, or VariantError for an unknown
   * variant) and leaves the board as it was.
   */
  set(config: BoardConfig): void {
    const s = this.#state;
    const variant = config.position?.variant ?? config.variant ?? s.variant;
    if (variant === undefined) throw new TypeError("the board needs a variant or a position");
    variantInfo(variant);
    for (const [key, allowed] of [["orientation", ["white", "black"]], ["coordinates", ["numbers", "algebraic", "none"]]] as const) {
      const value = config[key];
      if (value !== undefined && !(allowed as readonly string[]).includes(value)) throw new TypeError(`${key} must be one of ${allowed.join(", ")}, not ${JSON.stringify(value)}`);
    }
    const before = new Map(this.#pieces);
    const oldLast = s.lastMove;
    const fresh = (config.position !== undefined && config.position !== s.position) || config.pieces !== undefined || config.movable?.dests !== undefined || config.movable?.moves !== undefined || (config.movable?.color !== undefined && config.movable.color !== s.movable.color);
    Object.assign(s, config, {
      movable: { ...s.movable, ...config.movable },
      animation: { ...s.animation, ...config.animation },
      drawable: { ...s.drawable, ...config.drawable },
      events: { ...s.events, ...config.events },
    });
    s.variant = variant;
    if (config.position !== undefined && config.pieces === undefined) s.pieces = undefined;
    if (config.position !== undefined || config.pieces !== undefined) this.#readPieces();
    if (config.movable?.dests !== undefined && config.movable.moves === undefined) s.movable = { ...s.movable, moves: undefined };
    if (config.movable?.moves !== undefined && config.movable.dests === undefined) s.movable = { ...s.movable, dests: undefined };
    if (fresh) {
      this.#moves = this.#legal();
      this.#select(undefined);
    }
    this.#build();
    this.#render();
    const last = s.lastMove;
    if (last !== undefined && last.length > 1 && String(last) !== String(oldLast)) this.#animate(before, last);
  }

  /** The side at the bottom. */
  get orientation(): Color {
    return this.#state.orientation;
  }

  /** Turns the board round. */
  toggleOrientation(): void {
    this.set({ orientation: this.#state.orientation === "white" ? "black" : "white" });
  }

  /** Drops the player's selection and any capture entered in part. */
  cancelMove(): void {
    this.#select(undefined);
    this.#render();
  }

  /** The selected square, if any. */
  get selected(): number | undefined {
    return this.#sel?.from;
  }

  /** Takes the board's elements, listeners and attributes off its element. */
  destroy(): void {
    const el = this.element;
    this.#listening.abort();
    el.replaceChildren();
    el.classList.remove("bd-board", "all-squares", "numbers");
    for (const name of ["tabindex", "role", "aria-roledescription", "aria-label", "data-size"]) el.removeAttribute(name);
    el.style.removeProperty("--bd-n");
  }

  #readPieces(): void {
    const s = this.#state;
    this.#pieces.clear();
    if (s.position !== undefined && s.pieces === undefined) {
      const count = boardLayout(s.variant!).squares.length;
      for (let sq = 1; sq <= count; sq++) {
        const piece = s.position.pieceAt(sq);
        if (piece) this.#pieces.set(sq, piece);
      }
    } else for (const [sq, piece] of s.pieces ?? []) this.#pieces.set(sq, piece);
  }

  /** The moves the player may make now. */
  #legal(): readonly BoardMove[] {
    const { movable, position, viewOnly } = this.#state;
    if (viewOnly || movable.color === "none") return [];
    if (movable.moves) return movable.moves;
    if (movable.dests) return [...movable.dests].flatMap(([from, tos]) => tos.map((to) => ({ from, to, path: [from, to], captured: [], isCapture: false })));
    if (position === undefined || (movable.color !== "both" && movable.color !== position.turn)) return [];
    return position.legalMoves();
  }

  /** Draws the empty grid when the variant, the orientation or the numbering changed. */
  #build(): void {
    const s = this.#state;
    const mode = s.coordinates ?? ((s.position?.algebraic ?? variantInfo(s.variant!).algebraic) ? "algebraic" : "numbers");
    const key = `${s.variant}/${s.orientation}/${mode}`;
    if (key === this.#built) return;
    this.#built = key;
    const flipped = s.orientation === "black";
    const layout = (this.#layout = boardLayout(s.variant!, flipped));
    const n = layout.size;
    const el = this.element;
    el.style.setProperty("--bd-n", String(n));
    el.dataset.size = String(n);
    el.classList.toggle("all-squares", layout.allSquares);
    el.classList.toggle("numbers", mode === "numbers");
    const at = new Map(layout.squares.map((q) => [q.row * n + q.column, q]));
    this.#cells.clear();
    this.#cursor = undefined;
    const cells: HTMLElement[] = [];
    for (let row = 0; row < n; row++) {
      for (let column = 0; column < n; column++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        const q = at.get(row * n + column);
        if (q) {
          cell.dataset.square = String(q.square);
          cell.dataset.name = q.name;
          this.#cells.set(q.square, cell);
          if (mode === "numbers") cell.append(label(String(q.square)));
        }
        // Algebraic: ranks down the left edge, files along the bottom, as players read them.
        if (mode === "algebraic" && column === 0) cell.append(label(String(flipped ? row + 1 : n - row)));
        if (mode === "algebraic" && row === n - 1) cell.append(label(String.fromCharCode(97 + (flipped ? n - 1 - column : column)), "file"));
        cells.push(cell);
      }
    }
    this.#grid.replaceChildren(...cells);
    this.#svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  }

  #render(): void {
    const s = this.#state;
    const sel = this.#sel;
    const cands = this.#candidates();
    const k = sel?.path.length ?? 0;
    const dests = new Set<number>();
    if (sel !== undefined && s.movable.showDests !== false) {
      for (const m of cands) {
        if (sel.end === undefined && k === 1) dests.add(m.to);
        else if (m.path.length > k) dests.add(m.path[k]!);
        if (k > 1 && sel.end === undefined) dests.add(m.to);
      }
    }
    const taken = new Set(sel !== undefined && k > 1 ? this.#trail(cands[0]!).slice(0, k - 1) : []);
    const must = this.#moves.length > 0 && this.#moves.every((m) => m.isCapture) ? new Set(this.#moves.map((m) => m.from)) : new Set<number>();
    const last = new Set(s.lastMove ?? []);
    const path = new Set(k > 1 ? sel!.path : []);
    // A capture entered in part: its piece stands where it landed last.
    const shown = new Map(this.#pieces);
    if (k > 1) {
      shown.delete(sel!.from);
      shown.set(sel!.path[k - 1]!, this.#pieces.get(sel!.from)!);
    }
    for (const [sq, cell] of this.#cells) {
      const piece = shown.get(sq);
      const kind = piece ? `${piece.color}-${piece.role}` : "";
      if (cell.dataset.piece !== kind) {
        cell.querySelector(".piece")?.remove();
        if (piece) {
          const el = document.createElement("div");
          el.className = `piece ${piece.color} ${piece.role}`;
          cell.prepend(el);
        }
        cell.dataset.piece = kind;
      }
      const on = (name: string, value: boolean): void => void cell.classList.toggle(name, value);
      on("selected", sel?.from === sq);
      on("dest", dests.has(sq));
      on("must", must.has(sq));
      on("last", last.has(sq));
      on("path", path.has(sq));
      on("taken", taken.has(sq));
    }
    const focus = this.#cursor;
    this.#grid.querySelector(".focus")?.classList.remove("focus");
    const cell = focus && (this.#grid.children[focus[0] * this.#layout!.size + focus[1]] as HTMLElement);
    cell?.classList.add("focus");
    // What the cursor is on, for a screen reader: the square's name and its piece.
    const on = cell?.dataset.square === undefined ? undefined : shown.get(Number(cell.dataset.square));
    this.element.setAttribute("aria-label", cell ? `${cell.dataset.name ?? "light square"}${on ? `, ${on.color} ${on.role}` : ""}${cell.classList.contains("dest") ? ", destination" : ""}` : "draughts board");
    this.#draw(k > 1 ? sel!.path : undefined);
    const routes = sel?.end === undefined ? [] : cands;
    const told = routes.map((m) => m.path).join(" ");
    if (told !== this.#routesShown) s.events.routes?.(routes);
    this.#routesShown = told;
  }

  /** The moves that fit the selection: its origin, the landings entered, the destination chosen. */
  #candidates(): readonly BoardMove[] {
    const sel = this.#sel;
    if (sel === undefined) return [];
    return this.#moves.filter((m) => m.from === sel.from && (sel.end === undefined || m.to === sel.end) && sel.path.every((sq, i) => m.path[i] === sq));
  }

  /** The pieces a move takes, leg by leg. */
  #trail(m: BoardMove): readonly number[] {
    return m.captured.length === 0 ? [] : moveTrail(this.#state.variant!, m as Move).taken;
  }

  #select(sel: Selection | undefined): void {
    const was = this.#sel?.from;
    this.#sel = sel;
    if (was !== sel?.from) this.#state.events.select?.(sel?.from);
  }

  /** A square was chosen (a click, a drop, Enter): select, step a capture's leg, or play. */
  #choose(sq: number, dropped = false): void {
    const sel = this.#sel;
    const own = this.#moves.some((m) => m.from === sq);
    if (sel === undefined) {
      if (own) this.#select({ from: sq, path: [sq] });
      return this.#render();
    }
    const cands = this.#candidates();
    const k = sel.path.length;
    const here = sel.path[k - 1] === sq;
    const ends = cands.filter((m) => m.to === sq && (m.path.length > k || here));
    const steps = cands.filter((m) => m.path.length > k && m.path[k] === sq);
    if (ends.length === 1 && steps.every((m) => m === ends[0])) return this.#play(ends[0]!, !dropped);
    if (steps.length > 0) {
      sel.path.push(sq);
      const left = this.#candidates();
      if (left.length === 1) return this.#play(left[0]!, !dropped);
    } else if (ends.length > 1 && sel.end === undefined) {
      sel.end = sq;
    } else if (own && k === 1 && sq !== sel.from) {
      this.#select({ from: sq, path: [sq] });
    } else {
      this.#select(undefined);
    }
    this.#render();
  }

  /** Plays the player's move on the board, then tells the page. */
  #play(m: BoardMove, animate: boolean): void {
    const before = new Map(this.#pieces);
    const piece = this.#pieces.get(m.from);
    this.#pieces.delete(m.from);
    for (const sq of m.captured) this.#pieces.delete(sq);
    if (piece) this.#pieces.set(m.to, piece);
    this.#state.lastMove = m.path;
    this.#moves = [];
    this.#select(undefined);
    this.#render();
    if (animate) this.#animate(before, m.path);
    const move = "notation" in m ? (m as Move) : undefined;
    this.#state.movable.events?.after?.(m.from, m.to, { path: m.path, captured: m.captured, ...(move ? { move } : {}) });
  }

  #squareAt(x: number, y: number): number | undefined {
    const rect = this.#grid.getBoundingClientRect();
    const n = this.#layout!.size;
    const row = Math.floor(((y - rect.top) / rect.height) * n);
    const column = Math.floor(((x - rect.left) / rect.width) * n);
    const cell = row >= 0 && row < n && column >= 0 && column < n ? (this.#grid.children[row * n + column] as HTMLElement) : undefined;
    return cell?.dataset.square === undefined ? undefined : Number(cell.dataset.square);
  }

  #down(e: PointerEvent): void {
    const sq = this.#squareAt(e.clientX, e.clientY);
    if (e.button !== 0 || sq === undefined) return;
    e.preventDefault();
    this.element.focus({ preventScroll: true });
    this.#cursor = undefined;
    const sel = this.#sel;
    const pick = this.#moves.some((m) => m.from === sq) && (sel === undefined || sel.path.length === 1);
    if (!pick || (sel !== undefined && sel.from !== sq && this.#candidates().some((m) => m.to === sq || m.path[1] === sq))) return this.#choose(sq);
    const fresh = sel?.from !== sq;
    if (fresh) this.#select({ from: sq, path: [sq] });
    this.#render();
    this.#drag = { from: sq, x: e.clientX, y: e.clientY, fresh };
    this.element.setPointerCapture?.(e.pointerId);
  }

  #move(e: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 4)) return;
    const piece = this.#pieces.get(drag.from);
    if (!piece) return;
    if (!drag.ghost) {
      drag.ghost = this.#ghost(piece, drag.from);
      this.#cells.get(drag.from)?.querySelector<HTMLElement>(".piece")?.style.setProperty("visibility", "hidden");
    }
    const rect = this.element.getBoundingClientRect();
    const size = rect.width / this.#layout!.size;
    Object.assign(drag.ghost.style, { left: `${e.clientX - rect.left - size / 2}px`, top: `${e.clientY - rect.top - size / 2}px` });
  }

  #up(e: PointerEvent): void {
    const drag = this.#drag;
    if (!drag) return;
    this.#drag = undefined;
    drag.ghost?.remove();
    this.#cells.get(drag.from)?.querySelector<HTMLElement>(".piece")?.style.removeProperty("visibility");
    const sq = e.type === "pointerup" ? this.#squareAt(e.clientX, e.clientY) : undefined;
    if (drag.ghost) {
      if (sq !== undefined && sq !== drag.from) return this.#choose(sq, true);
    } else if (!drag.fresh) {
      // A second click on the selected piece lets it go.
      this.#select(undefined);
    }
    this.#render();
  }

  #keydown(e: KeyboardEvent): void {
    const n = this.#layout!.size;
    const step = ARROWS[e.key];
    if (step) {
      e.preventDefault();
      const start = this.#sel?.path.at(-1) ?? this.#moves[0]?.from;
      const q = this.#layout!.squares.find((x) => x.square === start);
      const [r, c] = this.#cursor ?? (q ? [q.row - step[0], q.column - step[1]] : [n - 1, 0]);
      this.#cursor = [Math.min(n - 1, Math.max(0, r + step[0])), Math.min(n - 1, Math.max(0, c + step[1]))];
      this.#render();
    } else if ((e.key === "Enter" || e.key === " ") && this.#cursor) {
      e.preventDefault();
      const cell = this.#grid.children[this.#cursor[0] * n + this.#cursor[1]] as HTMLElement;
      if (cell.dataset.square !== undefined) this.#choose(Number(cell.dataset.square));
    } else if (e.key === "Escape" && this.#sel) {
      this.cancelMove();
    }
  }

  /** Draws the arrows and the path of the capture being entered. */
  #draw(path: readonly number[] | undefined): void {
    const centre = (sq: number): [number, number] | undefined => {
      const q = this.#layout!.squares[sq - 1];
      return q ? [q.column + 0.5, q.row + 0.5] : undefined;
    };
    const out: SVGElement[] = [];
    const line = (points: [number, number][], cls: string): SVGElement => {
      const el = document.createElementNS(SVG, "polyline");
      el.setAttribute("points", points.map((p) => p.map((v) => v.toFixed(3)).join(",")).join(" "));
      el.setAttribute("class", cls);
      return el;
    };
    if (path) out.push(line(path.map((sq) => centre(sq)!), "trail"));
    for (const shape of this.#state.drawable.shapes ?? []) {
      const brush = shape.brush ?? "green";
      const points = [shape.orig, ...(shape.via ?? []), ...(shape.dest === undefined ? [] : [shape.dest])].map(centre);
      if (points.some((p) => p === undefined)) continue;
      const pts = points as [number, number][];
      if (pts.length === 1) {
        const ring = document.createElementNS(SVG, "circle");
        ring.setAttribute("cx", String(pts[0]![0]));
        ring.setAttribute("cy", String(pts[0]![1]));
        ring.setAttribute("r", "0.46");
        ring.setAttribute("class", `arrow ${brush}`);
        out.push(ring);
        continue;
      }
      // The line stops short of the last centre, where the head begins.
      const [x1, y1] = pts.at(-2)!;
      const [x2, y2] = pts.at(-1)!;
      const d = Math.hypot(x2 - x1, y2 - y1);
      const [ux, uy] = [(x2 - x1) / d, (y2 - y1) / d];
      const head = 0.38;
      const base: [number, number] = [x2 - ux * head, y2 - uy * head];
      out.push(line([...pts.slice(0, -1), base], `arrow ${brush}`));
      const w = 0.2;
      const tri = document.createElementNS(SVG, "polygon");
      tri.setAttribute("points", [[x2, y2], [base[0] + uy * w, base[1] - ux * w], [base[0] - uy * w, base[1] + ux * w]].map((p) => p.map((v) => v.toFixed(3)).join(",")).join(" "));
      tri.setAttribute("class", `head ${brush}`);
      out.push(tri);
    }
    this.#svg.replaceChildren(...out);
  }

  #ghost(piece: Piece, sq: number): HTMLElement {
    const q = this.#layout!.squares[sq - 1]!;
    const n = this.#layout!.size;
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    Object.assign(ghost.style, { left: `${(q.column * 100) / n}%`, top: `${(q.row * 100) / n}%` });
    const el = document.createElement("div");
    el.className = `piece ${piece.color} ${piece.role}`;
    ghost.append(el);
    this.element.append(ghost);
    return ghost;
  }

  /**
   * Slides the piece that now stands on the path's last square along the path, the pieces it
   * took greyed where they stood until it arrives; nothing when the change is not that move.
   */
  #animate(before: ReadonlyMap<number, Piece>, path: readonly number[]): void {
    const duration = this.#state.animation.duration ?? 200;
    const from = path[0]!;
    const to = path.at(-1)!;
    const mover = before.get(from);
    const target = this.#cells.get(to)?.querySelector<HTMLElement>(".piece");
    if (!mover || !target || duration <= 0 || (from !== to && before.has(to)) || typeof matchMedia === "undefined" || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const at = (sq: number): [number, number] => {
      const q = this.#layout!.squares[sq - 1]!;
      return [q.column, q.row];
    };
    const [x0, y0] = at(from);
    const ghost = this.#ghost(mover, from);
    const taken = [...before].filter(([sq]) => sq !== from && !this.#pieces.has(sq)).map(([sq, p]) => {
      const el = this.#ghost(p, sq);
      el.firstElementChild!.classList.add("taken");
      return el;
    });
    target.style.visibility = "hidden";
    const frames = path.map((sq) => {
      const [x, y] = at(sq);
      return { transform: `translate(${((x - x0) * 100)}%, ${((y - y0) * 100)}%)` };
    });
    const run = ghost.animate(frames, { duration: duration * Math.max(1, path.length - 1), easing: "ease-in-out" });
    const done = (): void => {
      ghost.remove();
      for (const el of taken) el.remove();
      target.style.removeProperty("visibility");
    };
    run.finished.then(done, done);
  }
}

function label(text: string, kind = ""): HTMLElement {
  const el = document.createElement("span");
  el.className = `label ${kind}`.trim();
  el.textContent = text;
  return el;
}
