// A playable page on the lean entry: only the core of the variant's board family is fetched
// (bitdraughts-FAMILY.wasm beside this bundle), again when the variant changes family; the search
// in a Web Worker, the game, draw rules and PDN from the library as they are. A service worker
// (sw.js) keeps what the page fetched, so it plays offline after the first visit.

import { Game, describeResult } from "bitdraughts/game";
import { coreFileOf, init, variantInfo, VARIANTS, type Color, type Move, type Position, type VariantName } from "bitdraughts/lean";
import { parsePdn, readPdn, variantOfGameType, writePdn, type PdnGameError } from "bitdraughts/pdn";
import { Book, LEVELS, createSearchEngine, loadWeights, whyNotSearched, type Level, type SearchEngine, type SearchInfo } from "bitdraughts/search";
import { Board, type DrawShape } from "bitdraughts/board";
import { captureRequired } from "bitdraughts/ui";

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

if ("serviceWorker" in navigator && !new URLSearchParams(location.search).has("no-offline")) {
  // What this first visit fetched before the service worker ran (the scripts, the core) is
  // handed to it to keep, so that the next visit opens offline.
  navigator.serviceWorker.register(new URL("./sw.js", import.meta.url))
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active?.postMessage({ keep: fetchedHere() }))
    .catch(() => undefined);
}

/** The files of this site the page has fetched so far. */
function fetchedHere(): string[] {
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
  return [...new Set(entries.map((e) => e.name).filter((url) => new URL(url).origin === location.origin))];
}

/** The core file the search engine was made with; a game of another family's core gets a new engine. */
let engineCore = "";
let engine: SearchEngine;
/** The last switch of core asked for. Each waits for the one before, so that two choices in a row (arrow keys on the list) end in the last. */
let switching: Promise<unknown> = Promise.resolve();

/** Loads the core of `variant` (it plays both capture rules) if it is not at hand, and the search engine on it, after the switches asked before. */
function useCore(variant: VariantName): Promise<void> {
  const next = switching.then(() => switchCore(variant));
  switching = next.catch(() => undefined);
  return next;
}

async function switchCore(variant: VariantName): Promise<void> {
  const file = coreFileOf(variant);
  if (file === engineCore) return;
  await init({ variants: [variant] });
  const made = await createSearchEngine({ workerUrl: new URL("./worker.js", import.meta.url), variants: variantInfo(variant).searched ? [variant] : [] });
  // Only now: a worker that did not start leaves the engine as it was, and the next try makes one.
  void engine?.dispose();
  engine = made;
  engineCore = file;
  showDownloaded();
}

/** What the page has downloaded so far (the transfer, compressed as served), under its title. */
function showDownloaded(): void {
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")] as PerformanceResourceTiming[];
  const bytes = entries.reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0), 0);
  $("downloaded").textContent = `${(bytes / 1024).toFixed(0)} KB downloaded (${engineCore})`;
}

await useCore("english");

let game = new Game("english");
let flipped = false;
/** The routes on offer when the player's capture ends on a square several routes reach. */
let routes: readonly Move[] = [];
let last: readonly number[] | undefined;
/** The engine's line on the board: its first move and the reply, when the analysis is shown. */
let analysisShapes: DrawShape[] = [];
/** Bumped by every change of the game: an answer for an older one is thrown away. */
let generation = 0;
/** The search running in the worker (the computer's move or the analysis), if any. */
let running: Promise<unknown> | undefined;
/** The player chose the computer, and a variant it does not play made two players of it for now. */
let computerSetAside = false;

const board = new Board($("board"), {
  variant: "english",
  movable: { events: { after: (_from, _to, meta) => meta.move && play(meta.move) } },
  events: {
    routes: (moves) => {
      routes = moves as readonly Move[];
      showRoutes();
    },
  },
});

// --- controls ---------------------------------------------------------------------------------

const variantSelect = $<HTMLSelectElement>("variant");
for (const name of VARIANTS) variantSelect.add(new Option(name, name));
const levelSelect = $<HTMLSelectElement>("level");
for (const level of LEVELS) levelSelect.add(new Option(`${level.level}: ${level.name}`, String(level.level), level.level === 3, level.level === 3));
const sideSelect = $<HTMLSelectElement>("side");
const optionalCapture = $<HTMLInputElement>("optional-capture");
const modeSelect = $<HTMLSelectElement>("mode");
const analysisToggle = $<HTMLInputElement>("analysis-toggle");
const bookToggle = $<HTMLInputElement>("book");

variantSelect.addEventListener("change", () => void newGame());
optionalCapture.addEventListener("change", () => void newGame());
sideSelect.addEventListener("change", () => changed());
levelSelect.addEventListener("change", () => changed());
modeSelect.addEventListener("change", () => changed());
analysisToggle.addEventListener("change", () => changed());
$("new-game").addEventListener("click", () => void newGame());
$("flip").addEventListener("click", () => {
  flipped = !flipped;
  drawBoard();
});
$("undo").addEventListener("click", undo);
$("claim-draw").addEventListener("click", () => {
  if (game.drawClaim === undefined || game.isOver) return;
  game.claimDraw();
  changed();
});
$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $<HTMLInputElement>("move-input");
  const text = input.value.trim();
  if (text === "") return;
  if (!humanToMove()) return say(game.isOver ? "The game is over." : "Wait for the computer's move.");
  try {
    play(game.position.parseMove(text));
    input.value = "";
  } catch (error) {
    say((error as Error).message);
  }
});
$("fen-load").addEventListener("click", async () => {
  try {
    await useCore(variant());
    startGame(new Game(variant(), { fen: $<HTMLInputElement>("fen").value.trim(), optionalCapture: optionalCapture.checked }));
  } catch (error) {
    say((error as Error).message);
  }
});
$("fen-copy").addEventListener("click", () => {
  const input = $<HTMLInputElement>("fen");
  input.value = game.position.toFen();
  navigator.clipboard?.writeText(input.value).then(() => say("FEN copied."), () => input.select());
});
$("pdn-load").addEventListener("click", async () => {
  try {
    // The game's own variant (its GameType tag), else the one chosen: its core first.
    const text = $<HTMLTextAreaElement>("pdn").value;
    const gameType = parsePdn(text, { variations: false })[0]?.tags.GameType;
    await useCore((gameType === undefined ? undefined : variantOfGameType(gameType)) ?? variant());
    const [entry] = readPdn(text, { variant: variant(), optionalCapture: optionalCapture.checked, continueOnError: true });
    if (entry === undefined) return say("No game in the text.");
    if (entry.game === undefined) return say(entry.error!.message);
    const error = entry.error as PdnGameError | undefined;
    // A game read up to a bad move stands before it: the player moves from there, not the computer.
    if (error !== undefined && vsComputer()) sideSelect.value = entry.game.turn;
    startGame(entry.game);
    if (error !== undefined) say(stoppedAt(error, entry.game));
  } catch (error) {
    say((error as Error).message);
  }
});
$("pdn-save").addEventListener("click", () => {
  const text = writePdn({ game, tags: { Event: "bitdraughts", ...players() } });
  $<HTMLTextAreaElement>("pdn").value = text;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pdn" }));
  link.download = "game.pdn";
  link.click();
  URL.revokeObjectURL(link.href);
});
document.addEventListener("keydown", (e) => {
  const target = e.target as HTMLElement;
  if (e.key === "Escape") {
    board.cancelMove();
    return;
  }
  // Typing a move anywhere on the page goes to the move box.
  if (!/^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName) && /^[0-9a-j]$/i.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
    $("move-input").focus();
  }
});

// --- the game ---------------------------------------------------------------------------------

function variant(): VariantName {
  return variantSelect.value as VariantName;
}

function vsComputer(): boolean {
  return modeSelect.value === "computer";
}

function humanColor(): Color {
  return sideSelect.value as Color;
}

function humanToMove(): boolean {
  return !game.isOver && (!vsComputer() || game.turn === humanColor());
}

function players(): { White: string; Black: string } {
  if (!vsComputer()) return { White: "?", Black: "?" };
  const computer = `bitdraughts level ${levelSelect.value}`;
  return humanColor() === "white" ? { White: "you", Black: computer } : { White: computer, Black: "you" };
}

async function newGame(): Promise<void> {
  const info = variantInfo(variant());
  say("");
  try {
    await useCore(info.name);
  } catch (error) {
    // The game played goes on: the controls show it again.
    variantSelect.value = game.variant;
    optionalCapture.checked = game.position.optionalCapture;
    say((error as Error).message);
    return;
  }
  // The first player plays the variant's first colour: Black in english, White elsewhere.
  if (sideSelect.dataset.variant !== info.name) {
    sideSelect.value = info.firstToMove;
    sideSelect.dataset.variant = info.name;
  }
  startGame(new Game(info.name, { optionalCapture: optionalCapture.checked }));
}

function startGame(next: Game): void {
  game = next;
  // What the page plays now, for whoever waits on a switch of variant (its core may load first).
  document.body.dataset.variant = game.variant;
  variantSelect.value = game.variant;
  optionalCapture.checked = game.position.optionalCapture;
  last = undefined;
  say("");
  fitOpponent();
  // An example in the variant's own notation: numbers, or squares such as c3-d4.
  const example = game.position.legalMoves()[0]?.notation;
  if (example !== undefined) $<HTMLInputElement>("move-input").placeholder = `type a move, e.g. ${example}`;
  void engine.newGame();
  drawBoard();
  changed();
}

/**
 * The computer as opponent (and the analysis) only in variants the search plays: in the others
 * two players play, and a sentence says why. The computer comes back with a variant it plays.
 */
function fitOpponent(): void {
  const why = whyNotSearched(game.variant);
  const computerOption = modeSelect.querySelector<HTMLOptionElement>('option[value="computer"]')!;
  computerOption.disabled = why !== undefined;
  analysisToggle.disabled = why !== undefined;
  if (why === undefined) {
    if (computerSetAside) modeSelect.value = "computer";
    computerSetAside = false;
    return;
  }
  const wasComputer = vsComputer();
  const wasAnalysis = analysisToggle.checked;
  if (wasComputer) {
    modeSelect.value = "humans";
    computerSetAside = true;
  }
  analysisToggle.checked = false;
  if (wasComputer || wasAnalysis || computerSetAside) {
    say(`The computer does not play ${game.variant} yet: ${why}. ${computerSetAside ? "Two players play here." : "There is no analysis."}`, "note");
  }
}

/** Where a PDN game stopped: the move that could not be played, its line, and what stands. */
function stoppedAt(error: PdnGameError, loaded: Game): string {
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  const where = error.moveNumber === undefined ? `line ${error.line}` : `move ${error.moveNumber} ${error.moveText ?? ""} (line ${error.line})`;
  const plies = `${loaded.ply} ${loaded.ply === 1 ? "ply" : "plies"}`;
  const side = loaded.turn === "white" ? "White" : "Black";
  const you = vsComputer() ? `; you play ${side}` : "";
  return `The game stops at ${where}: ${reason}. Loaded the ${plies} before it: ${side} to move${you}.`;
}

function drawBoard(): void {
  board.set({ orientation: flipped ? "black" : "white" });
  refresh();
}

function play(move: Move): void {
  game.play(move);
  last = move.path;
  changed();
}

async function undo(): Promise<void> {
  if (!game.canUndo) return;
  game.undo();
  // Against the computer, back to the player's own turn.
  while (vsComputer() && game.canUndo && game.turn !== humanColor()) game.undo();
  last = undefined;
  changed();
}

/** The game changed: redraw, stop what the engine was doing, and start what comes next. */
function changed(): void {
  const current = ++generation;
  analysisShapes = [];
  document.body.classList.toggle("vs-computer", vsComputer());
  thinking(false);
  refresh();
  void (async () => {
    while (running !== undefined) {
      engine.stop();
      await running.catch(() => undefined);
    }
    if (current !== generation || game.isOver) return;
    const computer = vsComputer() && game.turn !== humanColor();
    if (!computer && !analysisToggle.checked) return;
    const searched = game.position;
    const onInfo = analysisToggle.checked ? (info: SearchInfo) => current === generation && info.multipv === 1 && showAnalysis(info, searched) : undefined;
    const limits = computer ? { level: Number(levelSelect.value) as Level, movetime: Number($<HTMLSelectElement>("movetime").value) } : { movetime: 3_600_000 };
    // The learned evaluation of this variant's family, fetched once from weights/ beside the page
    // (without it the engine searches with the hand-written terms). A variant the search does not
    // play gets here with neither the computer nor the analysis (fitOpponent).
    if (variantInfo(game.variant).searched) await loadWeights(game.variant, new URL("./weights/", import.meta.url)).catch((error: Error) => say(error.message));
    if (current !== generation || game.isOver) return;
    // The computer's opening moves from the variant's book, varied (a new seed each game), while the game is in it.
    const booked = computer && bookToggle.checked ? (await bookOf(game.variant))?.choose(game.position, "varied", bookSeed) : undefined;
    if (current !== generation || game.isOver) return;
    if (booked !== undefined) {
      play(booked.move);
      return;
    }
    const search = engine.search(game, limits, onInfo);
    running = search;
    thinking(computer);
    try {
      const result = await search;
      if (computer && current === generation) play(result.move);
    } catch (error) {
      if (current === generation) say((error as Error).message);
    } finally {
      if (running === search) running = undefined;
      if (current === generation) thinking(false);
    }
  })();
}

/** Each variant's opening book, fetched once from books/ beside the page; undefined when there is none or it was refused. */
const books = new Map<VariantName, Promise<Book | undefined>>();
/** The seed of the book's choices: one a page load, so that games vary. */
const bookSeed = Math.floor(Math.random() * 2 ** 31);

function bookOf(variant: VariantName): Promise<Book | undefined> {
  let book = books.get(variant);
  if (book === undefined) {
    book = fetch(new URL(`./books/${variant}.book`, import.meta.url))
      .then(async (response) => (response.ok ? Book.read(new Uint8Array(await response.arrayBuffer()), `books/${variant}.book`) : undefined))
      .catch((error: Error) => {
        say(`${error.message}; playing without a book`);
        return undefined;
      });
    books.set(variant, book);
  }
  return book;
}

// --- drawing the rest of the page ---------------------------------------------------------------

function refresh(): void {
  const position = game.position;
  board.set({
    position,
    lastMove: last,
    movable: { color: humanToMove() ? "both" : "none" },
    drawable: { shapes: analysisToggle.checked ? analysisShapes : [] },
  });

  const status = $("status");
  status.classList.toggle("over", game.isOver);
  if (game.isOver) {
    const text = describeResult(game.result, game.variant);
    status.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  } else {
    const who = vsComputer() ? (game.turn === humanColor() ? " (you)" : " (computer)") : "";
    const capture = captureRequired(position) ? ": a capture is compulsory" : "";
    status.textContent = `${game.turn === "white" ? "White" : "Black"} to move${who}${capture}`;
  }
  $("claim-draw").hidden = game.isOver || game.drawClaim === undefined;
  $("undo").toggleAttribute("disabled", !game.canUndo);
  $("moves").textContent = moveText();
  $("counters").replaceChildren(...game.counters.map((c) => {
    const li = document.createElement("li");
    // A finished game counts no more: what the counters reached, without the draw to come.
    const running = c.applies && !game.isOver;
    li.className = running ? "running" : "";
    li.textContent = !c.applies ? `${c.rule}: not counting` : running ? `${c.rule}: ${c.plies} of ${c.limit} plies, draw in ${c.movesLeft} move${c.movesLeft === 1 ? "" : "s"}` : `${c.rule}: ${c.plies} of ${c.limit} plies when the game ended`;
    return li;
  }));
  $("fen").dataset.current = position.toFen();
  if (document.activeElement !== $("fen")) $<HTMLInputElement>("fen").value = position.toFen();
  $("analysis").hidden = !analysisToggle.checked;
}

/** The moves as PDN writes them, numbered, without the tags. */
function moveText(): string {
  if (game.moves.length === 0 && !game.isOver) return "";
  const pdn = writePdn(game);
  return pdn.slice(pdn.indexOf("\n\n") + 2).trim().replace(/\s+/g, " ");
}

/** The route buttons of a capture whose destination several routes reach. */
function showRoutes(): void {
  $("routes").hidden = routes.length === 0;
  $("route-buttons").replaceChildren(...routes.map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move.notation;
    button.addEventListener("click", () => play(move));
    return button;
  }));
}

function showAnalysis(info: SearchInfo, searched: Position): void {
  const white = searched.turn === "white" ? 1 : -1;
  const score = info.win !== null
    ? `${(info.win > 0) === (white > 0) ? "White" : "Black"} wins in ${Math.abs(info.win)} plies`
    : `${info.score * white >= 0 ? "+" : "−"}${(Math.abs(info.score) / 100).toFixed(2)} for White`;
  $("analysis-score").textContent = score;
  $("analysis-depth").textContent = `depth ${info.depth}, ${info.nodes.toLocaleString("en")} nodes`;
  $("analysis-pv").textContent = info.pv.join(" ");
  // The line's first two moves as arrows: the side to move's in green, the reply in blue.
  analysisShapes = [];
  let at = searched;
  for (const [i, text] of info.pv.slice(0, 2).entries()) {
    const move = at.parseMove(text);
    analysisShapes.push({ orig: move.from, dest: move.to, via: move.path.slice(1, -1), brush: i === 0 ? "green" : "blue" });
    at = at.play(move);
  }
  board.set({ drawable: { shapes: analysisShapes } });
}

function thinking(on: boolean): void {
  $("thinking").hidden = !on;
  document.body.dataset.thinking = on ? "1" : "";
}

/** A line under the board: an error (the default), or a note that explains. */
function say(text: string, kind: "error" | "note" = "error"): void {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("note", kind === "note");
}

await newGame();
$("loading").remove();
document.body.dataset.ready = "1";
