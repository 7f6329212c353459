// Perft of canadian through either generator in one module: movegen/canadian.ts (the core's)
// and the two-word prototype (wide.ts), over the same copy-make of both words, so that the
// difference is the generator alone. Built by bench/wide12/run.mjs.

import { bitHi, bitLo, bitOfIndex12 } from "../../assembly/board/board-12x12";
import { Black, White, isWhite } from "../../assembly/board/side";
import { LIST_MERGE, R_LISTING, RECORD_BYTES } from "../../assembly/board/record";
import { countCanadian, generateCanadianCaptures, generateCanadianQuiet } from "../../assembly/movegen/canadian";
import { FLAG_KING, FLAG_PROMOTES, capturedHighOf, capturedOf, flagsOf, fromOf, toOf } from "../../assembly/movegen/movelist";
import { wideCount, wideLegal } from "./wide";

const RECORD = memory.data(RECORD_BYTES);
store<u32>(RECORD, LIST_MERGE, R_LISTING);

@final @unmanaged class Canadian { @inline get wide(): bool { return false; } }
@final @unmanaged class Prototype { @inline get wide(): bool { return true; } }

@inline function isWide<P>(): bool { return changetype<P>(0).wide; }

@inline function legal<P, C>(uL: u64, uH: u64, tL: u64, tH: u64, kL: u64, kH: u64, start: i32): i32 {
  if (isWide<P>()) return wideLegal<C>(uL, uH, tL, tH, kL, kH, true, start);
  const end = generateCanadianCaptures<C>(uL, uH, tL, tH, kL, kH, RECORD, start);
  return end != start ? end : generateCanadianQuiet<C>(uL, uH, tL, tH, kL, kH, start);
}

@inline function counted<P, C>(uL: u64, uH: u64, tL: u64, tH: u64, kL: u64, kH: u64, scratch: i32): i32 {
  return isWide<P>() ? wideCount<C>(uL, uH, tL, tH, kL, kH, true, scratch) : countCanadian<C>(uL, uH, tL, tH, kL, kH, RECORD, scratch);
}

function perft<P, C, O>(uL: u64, uH: u64, tL: u64, tH: u64, kL: u64, kH: u64, depth: i32, top: i32): u64 {
  if (depth == 1) return <u64>counted<P, C>(uL, uH, tL, tH, kL, kH, top);
  const end = legal<P, C>(uL, uH, tL, tH, kL, kH, top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) {
    const from = fromOf(i);
    const to = toOf(i);
    const cL = capturedOf(i);
    const cH = capturedHighOf(i);
    const crowned = (flagsOf(i) & (FLAG_KING | FLAG_PROMOTES)) != 0;
    const nuL = (uL & ~bitLo(from)) | bitLo(to);
    const nuH = (uH & ~bitHi(from)) | bitHi(to);
    const nkL = (kL & ~bitLo(from) & ~cL) | (crowned ? bitLo(to) : 0);
    const nkH = (kH & ~bitHi(from) & ~cH) | (crowned ? bitHi(to) : 0);
    nodes += perft<P, O, C>(tL & ~cL, tH & ~cH, nuL, nuH, nkL, nkH, depth - 1, end);
  }
  return nodes;
}

/** Canadian's start: Black's 30 men on rows 0 … 4, White's on rows 7 … 11; White to move. */
function startWords(black: bool, high: bool): u64 {
  let set: u64 = 0;
  const first = black ? 0 : 42;
  const last = black ? 30 : 72;
  for (let index = first; index < last; index++) {
    set |= high ? bitHi(bitOfIndex12(index)) : bitLo(bitOfIndex12(index));
  }
  return set;
}

export function perftStart(depth: i32, prototype: bool): f64 {
  const wL = startWords(false, false), wH = startWords(false, true);
  const bL = startWords(true, false), bH = startWords(true, true);
  return <f64>(prototype
    ? perft<Prototype, White, Black>(wL, wH, bL, bH, 0, 0, depth, 0)
    : perft<Canadian, White, Black>(wL, wH, bL, bH, 0, 0, depth, 0));
}

/** Perft from a position given as its six words (us the side to move). */
export function perftWords(uL: u64, uH: u64, tL: u64, tH: u64, kL: u64, kH: u64, white: bool, depth: i32, prototype: bool): f64 {
  if (prototype) return <f64>(white ? perft<Prototype, White, Black>(uL, uH, tL, tH, kL, kH, depth, 0) : perft<Prototype, Black, White>(uL, uH, tL, tH, kL, kH, depth, 0));
  return <f64>(white ? perft<Canadian, White, Black>(uL, uH, tL, tH, kL, kH, depth, 0) : perft<Canadian, Black, White>(uL, uH, tL, tH, kL, kH, depth, 0));
}
