// What the fuzzer reports when the engine and the oracle disagree: one line that names the
// check, the variant and rule option, the position, and both sides' view of it.

export type CheckName =
  | 'setup' // the engine refused a legal set-up, or read it differently
  | 'moves' // legal move sets (origin, destination, captured set, promotion)
  | 'duplicates' // the engine listed one move twice
  | 'path' // a listed move's path is not a legal route of that move
  | 'notation' // a move's own notation does not read back to it
  | 'perft' // perft counts, either convention
  | 'fen' // the position after a move
  | 'key' // Zobrist key: incremental vs from scratch
  | 'state' // the search state's moves or board
  | 'unmake' // make/unmake round trip
  | 'crash'; // an exception (engine, oracle or fuzzer): the stack says whose

export interface MismatchInfo {
  readonly check: CheckName;
  readonly variant: string;
  readonly optionalCapture: boolean;
  readonly fen: string;
  readonly engine: string;
  readonly oracle: string;
  readonly detail?: string;
}

export class Mismatch extends Error {
  readonly info: MismatchInfo;
  /** Where the fuzzer was when it found it (seed, iteration, source), added by the runner. */
  origin?: string;

  constructor(info: MismatchInfo) {
    super(`${info.check} mismatch in ${info.variant}${info.optionalCapture ? ' (optional capture)' : ''} at ${info.fen}`);
    this.name = 'Mismatch';
    this.info = info;
  }

  /** The one-line reproducer. */
  line(): string {
    const i = this.info;
    const replay = `node dist/tests/fuzz/cli.js --variant ${i.variant}${i.optionalCapture ? ' --optional-capture' : ''} --fen "${i.fen}"`;
    const parts = [
      `MISMATCH check=${i.check}`,
      `variant=${i.variant}`,
      `optionalCapture=${i.optionalCapture}`,
      `fen="${i.fen}"`,
      `engine=${i.engine}`,
      `oracle=${i.oracle}`,
    ];
    if (i.detail) parts.push(`detail=${JSON.stringify(i.detail)}`);
    if (this.origin) parts.push(`found=${JSON.stringify(this.origin)}`);
    parts.push(`replay=${JSON.stringify(replay)}`);
    return parts.join(' ').replace(/\s*\n\s*/g, ' ');
  }
}

/** A move written compactly: `32-28`, `28x19[23]`, `10x1[6]=K`, with the path when asked. */
export function moveLabel(m: { from: number; to: number; captured: readonly number[]; promotes: boolean; path?: readonly number[] }, withPath = false): string {
  const capture = m.captured.length > 0;
  const squares = withPath && capture && m.path ? m.path.join('x') : `${m.from}${capture ? 'x' : '-'}${m.to}`;
  return `${squares}${capture ? `[${m.captured.join(',')}]` : ''}${m.promotes ? '=K' : ''}`;
}

/** A move list as one bracketed, sorted token. */
export function listLabel(labels: readonly string[]): string {
  return `[${[...labels].sort().join(' ')}]`;
}
