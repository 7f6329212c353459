// One DXP connection: messages framed by NUL over a TCP socket, read one at a time. A message
// that cannot be read, a stream that runs past 127 bytes without a NUL, and the peer closing
// the connection all come out of `next()` as events, so the game's code decides what each means.
// What one connection holds is bounded: at most 127 bytes of a message not yet ended, at most
// MAX_QUEUED messages not yet read (a peer that floods is cut off), and a peer silent for the
// read timeout is hung up on.

import type { Socket } from "node:net";
import { DxpFramer, DxpMessage, DxpMessageError, readDxp, writeDxp } from "./dxp-messages.js";

export type DxpEvent =
  | { readonly kind: "message"; readonly message: DxpMessage; readonly text: string }
  | { readonly kind: "malformed"; readonly error: DxpMessageError }
  | { readonly kind: "closed" }
  | { readonly kind: "timeout" };

/** Messages received and not yet read that a connection keeps; a peer sending more is cut off. */
export const MAX_QUEUED = 64;
/** Read timeout: a connection that received nothing for this long is closed (15 minutes). */
export const IDLE_MS = 15 * 60_000;

export interface DxpConnectionOptions {
  /** Read timeout in ms (default IDLE_MS); 0 for none. */
  readonly idleMs?: number;
}

export class DxpConnection {
  readonly #socket: Socket;
  readonly #framer = new DxpFramer();
  readonly #queue: DxpEvent[] = [];
  #waiter: ((event: DxpEvent) => void) | undefined;
  #closed = false;
  /** Every message as sent (`>`) and received (`<`), for the log. */
  readonly trace: (direction: "<" | ">", text: string) => void;

  constructor(socket: Socket, trace: (direction: "<" | ">", text: string) => void = () => {}, options: DxpConnectionOptions = {}) {
    this.#socket = socket;
    this.trace = trace;
    socket.setNoDelay(true);
    const idleMs = options.idleMs ?? IDLE_MS;
    if (idleMs > 0) {
      socket.setTimeout(idleMs);
      socket.on("timeout", () => this.#end());
    }
    socket.on("data", (chunk: Buffer) => this.#data(chunk));
    socket.on("error", () => this.#end());
    socket.on("close", () => this.#end());
    socket.on("end", () => this.#end());
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The next event; with `timeoutMs`, a timeout event when nothing came in that time. */
  next(timeoutMs?: number): Promise<DxpEvent> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#closed) return Promise.resolve({ kind: "closed" });
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      this.#waiter = (event) => {
        if (timer !== undefined) clearTimeout(timer);
        resolve(event);
      };
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.#waiter = undefined;
          resolve({ kind: "timeout" });
        }, timeoutMs);
      }
    });
  }

  /** Sends a message; false when the connection is gone. */
  send(message: DxpMessage): boolean {
    if (this.#closed) return false;
    const text = writeDxp(message);
    this.trace(">", text);
    this.#socket.write(`${text}\0`, "latin1");
    return true;
  }

  /** Closes the connection after what was written has gone out; resolves once the socket is closed. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#socket.destroyed) return resolve();
      this.#socket.once("close", () => resolve());
      this.#socket.end();
      // A peer that never reads or answers the close must not keep the socket open.
      setTimeout(() => this.#socket.destroy(), 2000).unref();
    });
  }

  #data(chunk: Buffer): void {
    let texts: string[];
    try {
      texts = this.#framer.push(chunk);
    } catch (error) {
      this.#push({ kind: "malformed", error: error as DxpMessageError });
      return;
    }
    for (const raw of texts) {
      // Blanks and line ends around a message are dropped, as pydraughts does.
      const text = raw.replace(/^[\s]+|[\s]+$/g, "");
      this.trace("<", text);
      try {
        this.#push({ kind: "message", message: readDxp(text), text });
      } catch (error) {
        if (!(error instanceof DxpMessageError)) throw error;
        this.#push({ kind: "malformed", error });
      }
    }
  }

  #push(event: DxpEvent): void {
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter(event);
    } else if (this.#queue.length < MAX_QUEUED || event.kind === "closed") {
      this.#queue.push(event);
    } else if (!this.#closed) {
      // The peer sends faster than the game reads: it is cut off, and the game hears so.
      this.#end();
    }
  }

  #end(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket.destroy();
    this.#push({ kind: "closed" });
  }
}
