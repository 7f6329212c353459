// The JavaScript side of the record cross-check (test_records.py), through training's own reader
// and writer (bench/train/records.ts, built into dist/):
//   node js_records.mjs read FILE VARIANT_ID            prints the file's records as JSON
//   node js_records.mjs write FILE VARIANT_ID SQUARES   writes the JSON records on stdin

import { readFileSync, writeFileSync } from "node:fs";
import { decodeRecord, encodeRecord, fileHeader, readRecords, recordLayout } from "../../dist/bench/train/records.js";

const [mode, file, id, squares] = process.argv.slice(2);
if (mode === "read") {
  const { view, count, layout } = readRecords(file, Number(id));
  const out = [];
  for (let i = 0; i < count; i++) out.push(decodeRecord(view, i * layout.bytes, layout));
  process.stdout.write(JSON.stringify(out));
} else {
  const layout = recordLayout(Number(squares));
  const records = JSON.parse(readFileSync(0, "utf8"));
  writeFileSync(file, Buffer.concat([fileHeader(Number(id), layout), ...records.map((r) => encodeRecord(r, layout))]));
}
