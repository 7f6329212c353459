// `bitdraughts dxp`: games over the DamExchange Protocol (bindings/protocols/dxp-game.ts).
//   --connect HOST:PORT   the initiator: connect, ask for --games games (colours alternate, ours
//                         White first), with --time minutes for --moves moves each
//   --listen [HOST:]PORT  the follower: accept one connection at a time and play what it asks,
//                         until stopped (or --games games); port 0 picks a free port
// Standard output gets a line per game (and the listener's address first); the log of the
// protocol goes to standard error. --pdn FILE appends every game.

import { appendFileSync } from "node:fs";
import { Server, Socket, createConnection, createServer } from "node:net";
import type { VariantName } from "../core/variant.js";
import { DxpConnection } from "../protocols/dxp-connection.js";
import { DxpGameRecord, DxpSide, dxpPdn, followConnection, initiateGame } from "../protocols/dxp-game.js";
import { createSearchEngine } from "../search/search-engine.js";
import { Options, UsageError, levelOf, variantOf } from "./args.js";
import { packageVersion } from "./version.js";

/** Scan's defaults for DXP games: 3 minutes for 75 moves. */
const DEFAULT_MINUTES = 3;
const DEFAULT_MOVES = 75;

export async function runDxp(options: Options): Promise<number> {
  if ((options.connect === undefined) === (options.listen === undefined)) throw new UsageError("give one of --connect HOST:PORT and --listen PORT");
  const variant: VariantName = options.variant === undefined ? "international" : variantOf(options);
  const level = levelOf(options);
  const games = options.games === undefined ? undefined : whole(options.games, "--games", 1, 1_000_000);
  const log = (line: string): void => void process.stderr.write(`dxp: ${line}\n`);
  const pdn = options.pdn;
  const search = await createSearchEngine();
  const side: DxpSide = { name: `bitdraughts ${packageVersion()}`, variant, search, log, ...(level !== undefined ? { level } : {}) };
  let round = 0;
  const record = (r: DxpGameRecord): void => {
    round++;
    process.stdout.write(`game ${round}: ${r.white} - ${r.black} ${r.result} (${r.termination}), ${r.game.ply} plies\n`);
    if (pdn !== undefined) appendFileSync(pdn, `${dxpPdn(r, "DXP match", round)}\n`);
  };
  try {
    if (options.connect !== undefined) {
      if (options.time !== undefined && options.moves === undefined) throw new UsageError("--time needs --moves (0: no move limit)");
      const minutes = options.time === undefined ? DEFAULT_MINUTES : whole(options.time, "--time", 0, 999);
      const moves = options.moves === undefined ? DEFAULT_MOVES : whole(options.moves, "--moves", 0, 999);
      return await initiate(side, address(options.connect, true), games ?? 1, minutes, moves, record);
    }
    if (options.time !== undefined || options.moves !== undefined) throw new UsageError("--time and --moves are the initiator's: the listener plays what each game request asks");
    return await listen(side, address(options.listen!, false), games, record);
  } finally {
    await search.dispose();
  }
}

async function initiate(side: DxpSide, at: { host: string; port: number }, games: number, minutes: number, moves: number, record: (r: DxpGameRecord) => void): Promise<number> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = createConnection(at, () => resolve(s));
    s.once("error", reject);
  }).catch((error: Error) => {
    side.log(`cannot connect to ${at.host}:${at.port}: ${error.message}`);
    return undefined;
  });
  if (socket === undefined) return 1;
  const connection = new DxpConnection(socket, trace(side));
  let code = 0;
  try {
    for (let g = 0; g < games; g++) {
      const outcome = await initiateGame(side, connection, { color: g % 2 === 0 ? "white" : "black", minutes, moves, last: g === games - 1 });
      if ("refused" in outcome) {
        side.log(outcome.refused);
        code = 1;
        break;
      }
      record(outcome);
      if (outcome.fault !== undefined) code = 1;
      if (outcome.stop) break;
    }
  } finally {
    await connection.close();
  }
  return code;
}

async function listen(side: DxpSide, at: { host: string; port: number }, games: number | undefined, record: (r: DxpGameRecord) => void): Promise<number> {
  const server: Server = createServer();
  // One game at a time: a second connection while one is playing is closed at once.
  server.maxConnections = 1;
  let played = 0;
  let current: DxpConnection | undefined;
  let stopping = false;
  const done = new Promise<void>((resolve) => {
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      server.close(() => resolve());
      void current?.close();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    server.on("connection", (socket: Socket) => {
      const peer = `${socket.remoteAddress}:${socket.remotePort}`;
      side.log(`connection from ${peer}`);
      const connection = new DxpConnection(socket, trace(side));
      current = connection;
      followConnection(side, connection, (r) => {
        played++;
        record(r);
      })
        .catch((error: unknown) => side.log(`connection from ${peer} failed: ${error instanceof Error ? error.message : String(error)}`))
        .then(() => connection.close())
        .then(() => {
          side.log(`connection from ${peer} closed`);
          if (current === connection) current = undefined;
          if (games !== undefined && played >= games) stop();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(at.port, at.host, () => resolve());
  }).catch((error: Error) => {
    throw new UsageError(`cannot listen on ${at.host}:${at.port}: ${error.message}`);
  });
  const bound = server.address();
  process.stdout.write(`listening on ${at.host}:${typeof bound === "object" && bound !== null ? bound.port : at.port}\n`);
  await done;
  return 0;
}

/** Each message in and out on the log, when BITDRAUGHTS_DXP_TRACE is set. */
function trace(side: DxpSide): (direction: "<" | ">", text: string) => void {
  return process.env.BITDRAUGHTS_DXP_TRACE ? (d, text) => side.log(`${d} ${text}`) : () => {};
}

function address(text: string, hostRequired: boolean): { host: string; port: number } {
  const colon = text.lastIndexOf(":");
  if (colon < 0 && hostRequired) throw new UsageError(`--connect takes HOST:PORT, not ${JSON.stringify(text)}`);
  const host = colon < 0 ? "127.0.0.1" : text.slice(0, colon);
  const port = whole(colon < 0 ? text : text.slice(colon + 1), hostRequired ? "--connect" : "--listen", hostRequired ? 1 : 0, 65535);
  if (host.length === 0) throw new UsageError(`no host in ${JSON.stringify(text)}`);
  return { host, port };
}

function whole(text: string, option: string, low: number, high: number): number {
  if (!/^\d{1,7}$/.test(text) || Number(text) < low || Number(text) > high) throw new UsageError(`${option} must be a whole number from ${low} to ${high}, not ${JSON.stringify(text)}`);
  return Number(text);
}
