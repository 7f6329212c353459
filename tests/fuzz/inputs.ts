// Generators of malformed input for the input fuzzer (issue 3, part 4): random and mutated
// FEN strings, move texts and PDN fragments — truncated, oversized, unicode, huge square
// numbers, repeated separators — built from valid input so that most of them are nearly
// right, which is where readers go wrong.

import { Rng } from './prng.js';

/** Characters that mean something to one of the readers, and some that mean nothing. */
const SYNTAX = ['W', 'B', 'K', 'w', 'b', 'k', ':', ',', '-', '.', 'x', 'X', '×', ' ', '\t', '\n', 'H', 'F', '[', ']', '{', '}', '(', ')', ';', '"', '\\', '*', '!', '?', '$', '/', '½', '0', '1', '2', '5', '9'];
const UNICODE = [
  'é', 'ß', 'Ж', '中', '🂡', '😀', '\u0000', '\u00a0', '\u2028', '\u200b', '\ufeff', '\uffff', '\ud800', '\udfff',
  '１', '２', '٣', '߄', '\u0301', '–', '—', '−', '：', '，', 'ｘ', 'Ｋ', 'İ', 'ı', 'ǅ', '\u202e',
];
const NUMBERS = [
  '0', '00', '007', '51', '99', '100', '999', '1000', '4294967296', '9007199254740993', '99999999999999999999999',
  '1e3', '0x1f', '-1', '+5', '1.5', 'NaN', 'Infinity', '٣٢', '３２', '32n', '1_0',
];
const SEPARATORS = [':', '::', ':::', ',', ',,', ',,,', '-', '--', '-x-', 'x', 'xx', 'xxx', '::x', '..', '. .', ' : ', '\n:\n'];

/** One random character, mostly from the meaningful ones. */
function randomChar(rng: Rng): string {
  const r = rng.float();
  if (r < 0.55) return rng.pick(SYNTAX);
  if (r < 0.75) return String(rng.int(10));
  if (r < 0.9) return rng.pick(UNICODE);
  return String.fromCharCode(rng.int(0x10000));
}

export function randomString(rng: Rng, maxLength: number): string {
  const n = rng.int(maxLength + 1);
  let s = '';
  for (let i = 0; i < n; i++) s += randomChar(rng);
  return s;
}

/** One random edit of a string: the kinds of damage real input has. */
export function mutate(rng: Rng, s: string): string {
  const at = rng.int(s.length + 1);
  switch (rng.int(14)) {
    case 0: // delete a character
      return s.slice(0, at) + s.slice(at + 1);
    case 1: // insert a character
      return s.slice(0, at) + randomChar(rng) + s.slice(at);
    case 2: // replace a character
      return s.slice(0, at) + randomChar(rng) + s.slice(at + 1);
    case 3: // truncate
      return s.slice(0, at);
    case 4: // drop the front
      return s.slice(at);
    case 5: // a huge or odd number in place of digits
      return s.replace(/\d+/g, (d) => (rng.chance(0.3) ? rng.pick(NUMBERS) : d));
    case 6: // repeated separators
      return s.replace(/[:,\-x]/g, (c) => (rng.chance(0.3) ? c.repeat(rng.range(2, 4)) : c));
    case 7: // a separator of another kind
      return s.slice(0, at) + rng.pick(SEPARATORS) + s.slice(at);
    case 8: // duplicate a slice
      return s.slice(0, at) + s.slice(rng.int(s.length + 1)) + s.slice(at);
    case 9: // unicode look-alikes and invisible characters
      return s.slice(0, at) + rng.pick(UNICODE) + s.slice(at);
    case 10: // case change
      return rng.chance(0.5) ? s.toUpperCase() : s.toLowerCase();
    case 11: // oversized: repeat the whole thing
      return s.repeat(rng.range(2, rng.chance(0.2) ? 400 : 20));
    case 12: // white space in odd places
      return s.slice(0, at) + rng.pick([' ', '  ', '\t', '\r\n', '\u00a0', '\u3000']) + s.slice(at);
    default: // swap two characters
      if (s.length < 2) return s + s;
      {
        const i = rng.int(s.length - 1);
        return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
      }
  }
}

/** Inputs stay below this size: oversized, but not so big that reading them is slow anyway. */
export const MAX_INPUT = 40_000;

export function mutateTimes(rng: Rng, s: string, times: number): string {
  for (let i = 0; i < times; i++) s = mutate(rng, s).slice(0, MAX_INPUT);
  return s;
}

/** FEN-shaped strings around a valid FEN: hand-made edge cases, mutations, noise. */
export function fenInput(rng: Rng, validFen: string, squareCount: number): string {
  const r = rng.float();
  if (r < 0.1) return rng.pick(FEN_EDGES(squareCount));
  if (r < 0.75) return mutateTimes(rng, validFen, rng.range(1, 4));
  if (r < 0.85) {
    // A made-up list of pieces, square numbers possibly off the board.
    const list = (): string =>
      Array.from({ length: rng.int(8) }, () => {
        const k = rng.chance(0.3) ? 'K' : '';
        const a = rng.int(squareCount + 5);
        return rng.chance(0.2) ? `${k}${a}-${rng.int(squareCount + 5)}` : `${k}${a}`;
      }).join(rng.chance(0.9) ? ',' : rng.pick(SEPARATORS));
    return `${rng.pick(['W', 'B', 'w', 'b', 'X', ''])}:${rng.pick(['W', 'B', ''])}${list()}:${rng.pick(['B', 'W', ''])}${list()}${rng.pick(['', '.', ':H0:F1', ':H', ':Fx', ':W', ' .'])}`;
  }
  if (r < 0.95) return randomString(rng, 40);
  return randomString(rng, 40).repeat(rng.range(10, 200));
}

function FEN_EDGES(n: number): string[] {
  return [
    '', ' ', '.', ':', '::', 'W', 'B', 'W:', 'W::', 'W:W', 'W:B', 'W:W:B', 'W:W:W', 'W:B:B', 'X:W1:B2', 'WB:W1:B2',
    `W:W1-${n}`, `W:W${n}-1`, `W:W0`, `W:W${n + 1}`, 'W:WK', 'W:WKK5', 'W:W5K', 'W:W1-', 'W:W-1', 'W:W--', 'W:W,',
    'W:W,5', 'W:W5,', 'W:W5,,6', 'W:W5:B5', 'W:W5,5', 'W:Wa1', 'W:Wz9', 'W:Wa0', 'W:Wa99', 'W:Wk1', 'W:W5:H', 'W:W5:Hx',
    'W:W5:H1:B6', 'W:W5:F1:F2', `W:W${'9'.repeat(400)}`, `W:W${'1,'.repeat(600)}1`, `B:W${'K5,'.repeat(30)}`,
    'W:W 5 :B 6', 'W:W5.:B6.', 'W:W5:B6..', 'W:W1e1', 'W:W0x1', 'W:W+5', 'W:W５', 'W:W٥', 'W:W5:B6\u0000',
    '\ufeffW:W5:B6', 'W:W5:B6\u200b', 'ｗ:W5:B6', 'W:W[5]:B6', 'W:W"5":B6', '{W:W5:B6}',
  ];
}

/** Move-text-shaped strings around the position's legal moves. */
export function moveInput(rng: Rng, legal: readonly string[], squareCount: number): string {
  const r = rng.float();
  const some = legal.length > 0 ? rng.pick(legal) : '1-5';
  if (r < 0.1) return rng.pick(MOVE_EDGES(squareCount));
  if (r < 0.2) return some; // valid now and then: it must still work
  if (r < 0.7) return mutateTimes(rng, some, rng.range(1, 3));
  if (r < 0.8) {
    const squares = Array.from({ length: rng.range(1, 12) }, () => (rng.chance(0.9) ? String(rng.range(0, squareCount + 3)) : rng.pick(NUMBERS)));
    return squares.join(rng.chance(0.8) ? rng.pick(['-', 'x', ':', '×', 'X']) : rng.pick(SEPARATORS));
  }
  if (r < 0.9) return randomString(rng, 16);
  return mutateTimes(rng, some, 1).repeat(rng.range(2, 300)).slice(0, MAX_INPUT);
}

function MOVE_EDGES(n: number): string[] {
  return [
    '', ' ', '-', 'x', ':', '1', '1-', '-1', 'x1', '1x', '1--2', '1xx2', '1::2', '1-x2', '1x2-3', '1-1', '0-1', '1-0',
    `${n}-${n + 1}`, `${n + 1}-${n}`, '999-998', `1x${'2x'.repeat(150)}3`, `1-${'2-'.repeat(150)}3`, 'a1-b2', 'a0-b1',
    'z9-y8', 'a11-b12', 'A1-B2', 'a1:b2:c3', '1 - 5', ' 9-13 ', '\t9-13\n', '9–13', '9—13', '9−13', '9×13', '9ｘ13',
    '９-１３', '٩-١٣', '9-13!', '9-13?', '1.9-13', '9-13 10-14', '9-13,10-14', 'null', 'undefined', '[object Object]',
    '9-1e1', '9-0x0d', '9-+13', '9-13\u0000', '\ufeff9-13', '9-13\u200b',
  ];
}

/** A small PDN text from a list of moves: tags, numbers, comments, a variation, a result. */
export function pdnText(rng: Rng, gameType: string, moves: readonly string[], fen?: string): string {
  const parts: string[] = [`[Event "fuzz ${rng.int(1000)}"]`, `[GameType "${gameType}"]`];
  if (fen) parts.push(`[FEN "${fen}"]`);
  const body: string[] = [];
  moves.forEach((m, i) => {
    if (i % 2 === 0) body.push(`${i / 2 + 1}.`);
    body.push(m);
    if (rng.chance(0.1)) body.push(`{a comment ${i}}`);
    if (rng.chance(0.05)) body.push(`(${m} ${m})`);
    if (rng.chance(0.05)) body.push('$1');
  });
  body.push(rng.pick(['1-0', '0-1', '2-0', '0-2', '1-1', '*', '']));
  return `${parts.join('\n')}\n\n${body.join(' ')}\n`;
}

/** PDN-shaped text around a valid game. */
export function pdnInput(rng: Rng, validPdn: string): string {
  const r = rng.float();
  if (r < 0.1) return rng.pick(PDN_EDGES);
  if (r < 0.8) return mutateTimes(rng, validPdn, rng.range(1, 5));
  if (r < 0.9) return randomString(rng, 120);
  return mutateTimes(rng, validPdn, 1).repeat(rng.range(2, 50)).slice(0, MAX_INPUT);
}

const PDN_EDGES = [
  '', ' ', '[', ']', '{', '}', '(', ')', ';', '[Event', '[Event "x', '[Event "x"', '[Event "x"]', '[Event "\\"]', '[ "x"]', '[Event x]',
  '{never closed', '((1. 32-28)', '1. 32-28)', ')', '1.', '1...', '...', '1. 32-28 *', '1. 32-28 1-0 2. 33-29', '1-0 1-0 1-0',
  '[GameType "20"]\n1. 32-28 19-23 28x19 14x23 *', '[GameType "999"]\n1. 32-28 *', '[GameType ""]\n1. 32-28 *', '[GameType "21,W,8,8,A0,0"]\n1. 11-15 *',
  '[FEN "W:W31-50:B1-20"]\n1. 32-28 *', '[FEN "garbage"]\n1. 32-28 *', '\ufeff[Event "bom"]\n1. 32-28 *', '1. 32-28 {a} {b} {c} (x (y (z))) *',
  `1. ${'32-28 '.repeat(500)}*`, `${'('.repeat(300)}1. 32-28${')'.repeat(300)} *`, `{${'x'.repeat(10000)}}`, '1. 32-28 $999999999999 *',
  '1. 32-28!? 19-23?! *', '1. 32-28! ! ! *', '1. 32-28 ½-½', '1. 32-28 1/2-1/2', '1. 32–28 *', '1. ３２-２８ *',
];
