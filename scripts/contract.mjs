// The binding's copy of the core's contract (assembly/contract/contract.ts → bindings/core/contract.ts):
// the op codes, error codes, buffer layout, record layout and variant ids, written once in the
// core and copied here by a script, so the two sides cannot drift. The copy is checked in (a
// fresh clone type-checks, and a change of the contract shows on both sides of a diff);
// scripts/build.mjs writes it again before tsc, and tests/contract.test.ts fails when it is stale.
//
// The contract is read line by line, and only these lines are understood: blank lines, `//`
// comments (copied), a one-line `/** … */` comment, and right after it
// `export const NAME: i32 = EXPRESSION;`, the expression made of integers (decimal or 0x hex),
// names defined above, + - * << >> | & ~ and parentheses. Anything else is refused, naming its line.
//
// `node scripts/contract.mjs` writes the copy when it differs; `--check` only says whether it does.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CONTRACT = "assembly/contract/contract.ts";
export const BINDING_COPY = "bindings/core/contract.ts";
/** The Python package's copy (python/bitdraughts/_contract.py), made the same way. */
export const PYTHON_COPY = "python/bitdraughts/_contract.py";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

export class ContractError extends Error {}

const CONSTANT = /^export const ([A-Z][A-Z0-9_]*): i32 = (.+);$/;
const DOC = /^\/\*\* (.+) \*\/$/;

/**
 * The contract's constants in order, each { name, value, doc }, and its `//` comments as
 * { comment }; throws ContractError naming the first line it cannot read.
 */
export function parseContract(text, file = CONTRACT) {
  const entries = [];
  const values = new Map();
  let doc;
  const refuse = (n, why) => {
    throw new ContractError(`${file}:${n}: ${why}`);
  };
  text.split("\n").forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (line !== raw.trimEnd()) refuse(n, "a line of the contract starts at the margin");
    if (line === "") {
      if (doc !== undefined) refuse(n, "a comment must be followed at once by its constant");
      entries.push({ comment: "" });
      return;
    }
    if (line.startsWith("//")) {
      if (doc !== undefined) refuse(n, "a comment must be followed at once by its constant");
      entries.push({ comment: line });
      return;
    }
    const docMatch = DOC.exec(line);
    if (docMatch) {
      if (doc !== undefined) refuse(n, "two comments for one constant");
      if (docMatch[1].includes("*/")) refuse(n, "a comment holds */");
      doc = docMatch[1];
      return;
    }
    const constant = CONSTANT.exec(line);
    if (!constant) refuse(n, `cannot read ${JSON.stringify(line)}: expected \`export const NAME: i32 = value;\`, a one-line /** comment */ or a // comment`);
    const [, name, expression] = constant;
    if (doc === undefined) refuse(n, `${name} has no /** comment */ on the line before it`);
    if (values.has(name)) refuse(n, `${name} is defined twice`);
    let value;
    try {
      value = evaluate(expression, values);
    } catch (error) {
      refuse(n, `${name}: ${error.message}`);
    }
    values.set(name, value);
    entries.push({ name, value, doc });
    doc = undefined;
  });
  if (doc !== undefined) refuse(text.split("\n").length, "the last comment has no constant");
  return entries;
}

/** The value of an i32 expression over integers and the names already defined. */
function evaluate(expression, values) {
  const tokens = expression.match(/0x[0-9a-fA-F]+|\d+|[A-Z][A-Z0-9_]*|<<|>>|[-+*|&~()]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const binary = (levels, level) => {
    if (level === levels.length) return unary();
    let left = binary(levels, level + 1);
    while (levels[level].includes(peek())) {
      const op = take();
      const right = binary(levels, level + 1);
      left = apply(op, left, right);
    }
    return left;
  };
  const unary = () => {
    const token = take();
    if (token === "-") return -unary() | 0;
    if (token === "~") return ~unary();
    if (token === "(") {
      const inner = binary(LEVELS, 0);
      if (take() !== ")") throw new ContractError(`a parenthesis is not closed in ${JSON.stringify(expression)}`);
      return inner;
    }
    if (token !== undefined && /^(0x[0-9a-fA-F]+|\d+)$/.test(token)) {
      const number = Number(token);
      if (number > 0xffffffff) throw new ContractError(`${token} does not fit 32 bits`);
      return number | 0;
    }
    if (token !== undefined && values.has(token)) return values.get(token);
    if (token !== undefined && /^[A-Z]/.test(token)) throw new ContractError(`${token} is not defined above`);
    throw new ContractError(`cannot read ${JSON.stringify(expression)}${token === undefined ? " (it ends too soon)" : ` at ${JSON.stringify(token)}`}`);
  };
  const value = binary(LEVELS, 0);
  if (at !== tokens.length) throw new ContractError(`cannot read ${JSON.stringify(expression)} at ${JSON.stringify(tokens[at])}`);
  return value;
}

/** Operators by precedence, loosest first, as in TypeScript. */
const LEVELS = [["|"], ["&"], ["<<", ">>"], ["+", "-"], ["*"]];

function apply(op, a, b) {
  switch (op) {
    case "|": return a | b;
    case "&": return a & b;
    case "<<": return a << b;
    case ">>": return a >> b;
    case "+": return (a + b) | 0;
    case "-": return (a - b) | 0;
    default: return Math.imul(a, b);
  }
}

/** The binding's copy of a contract: each constant with its value worked out, its comment kept. */
export function bindingContract(text) {
  const lines = [
    `// Generated by scripts/contract.mjs from ${CONTRACT}: edit that file, not this one (the build`,
    "// writes this one again, and a test fails when it is stale).",
  ];
  const entries = parseContract(text);
  // The contract's own header says how to write it: the copy starts at its first section.
  const first = entries.findIndex((entry) => entry.name !== undefined || entry.comment === "");
  for (const entry of entries.slice(first)) {
    if (entry.name === undefined) lines.push(entry.comment);
    else lines.push(`/** ${entry.doc} */`, `export const ${entry.name} = ${entry.value};`);
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
}

/** The Python package's copy of a contract: the same constants and comments, in Python. */
export function pythonContract(text) {
  const lines = [
    `"""The core's contract (${CONTRACT}), generated by scripts/contract.mjs: edit that file, not this one."""`,
    "",
    "# The build writes this file again, and a test fails when it is stale.",
  ];
  const entries = parseContract(text);
  const first = entries.findIndex((entry) => entry.name !== undefined || entry.comment === "");
  for (const entry of entries.slice(first)) {
    if (entry.name === undefined) lines.push(entry.comment.replace(/^\/\//, "#"));
    else lines.push(`${entry.name} = ${entry.value}`, `"""${entry.doc.replace(/\\/g, "\\\\").replace(/"""/g, '\\"\\"\\"')}"""`);
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
}

/** Writes `copy` (a path under `root`) as `make` makes it from the contract, when it differs; returns whether it did (with `check`, whether it would). */
function writeCopy(root, copy, make, check) {
  const wanted = make(readFileSync(`${root}/${CONTRACT}`, "utf8"));
  let held;
  try {
    held = readFileSync(`${root}/${copy}`, "utf8");
  } catch {
    held = undefined;
  }
  if (held === wanted) return false;
  if (!check) writeFileSync(`${root}/${copy}`, wanted);
  return true;
}

/** Writes the binding's copy when it differs from the contract's; returns whether it did (with `check`, whether it would). */
export function writeBindingContract(root = ROOT, check = false) {
  return writeCopy(root, BINDING_COPY, bindingContract, check);
}

/** Writes the Python package's copy when it differs from the contract's; returns whether it did (with `check`, whether it would). */
export function writePythonContract(root = ROOT, check = false) {
  return writeCopy(root, PYTHON_COPY, pythonContract, check);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  try {
    for (const [copy, write] of [[BINDING_COPY, writeBindingContract], [PYTHON_COPY, writePythonContract]]) {
      const stale = write(ROOT, check);
      if (check && stale) {
        console.error(`${copy} is stale: run node scripts/contract.mjs`);
        process.exit(1);
      }
      if (stale) console.error(`contract: wrote ${copy} from ${CONTRACT}`);
    }
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    console.error(`contract: ${error.message}`);
    process.exit(1);
  }
}
