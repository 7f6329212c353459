// A child process spoken to line by line, for protocol transcripts: send a line, read the next
// line of its standard output within a time, wait for it to exit.

import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { CLI } from "./cli.js";


export class ChildLines {
  readonly child: ChildProcessWithoutNullStreams;
  readonly #lines: string[] = [];
  #waiter: (() => void) | undefined;
  stderr = "";
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exited: Promise<void>;

  constructor(args: readonly string[], env: Readonly<Record<string, string>> = {}) {
    this.child = spawn(process.execPath, [CLI, ...args], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.#lines.push(line);
      this.#wake();
    });
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString("utf8")));
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        this.exit = { code, signal };
        this.#wake();
        resolve();
      });
    });
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** The next line, or an Error after `ms` (or when the child exits first). */
  async next(ms = 10_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const line = this.#lines.shift();
      if (line !== undefined) return line;
      if (this.exit !== undefined) throw new Error(`the child exited (${JSON.stringify(this.exit)}) with no more output; stderr: ${this.stderr}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no line within ${ms} ms; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Lines up to and including the first that `last` accepts. */
  async until(last: (line: string) => boolean, ms = 10_000): Promise<string[]> {
    const out: string[] = [];
    const deadline = Date.now() + ms;
    for (;;) {
      const line = await this.next(Math.max(1, deadline - Date.now()));
      out.push(line);
      if (last(line)) return out;
    }
  }

  /** Lines already written and not read yet. */
  pending(): readonly string[] {
    return [...this.#lines];
  }

  /** Waits for the exit, killing the child after `ms`; resolves with how long it took. */
  async waitExit(ms = 5000): Promise<number> {
    const started = Date.now();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), ms);
    await this.exited;
    clearTimeout(timer);
    return Date.now() - started;
  }

  kill(): void {
    if (this.exit === undefined) this.child.kill("SIGKILL");
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.();
  }
}
