// The JavaScript side of the record cross-check (test_records.py), through the library's own
// readers and writers (built into dist/): training's BDSP (tools/train/records.ts) and the
// environments' BDSR (bindings/env/records.ts).
//   node js_records.mjs read FILE VARIANT_ID            prints a BDSP file's records as JSON
//   node js_records.mjs write FILE VARIANT_ID SQUARES   writes the JSON records on stdin as BDSP
//   node js_records.mjs read-bdsr FILE                  prints a BDSR file as JSON
//   node js_records.mjs write-bdsr FILE                 writes the JSON { header, records } on stdin as BDSR

import { readFileSync, writeFileSync } from "node:fs";
import { decodeRecord, encodeRecord, fileHeader, readRecords, recordLayout } from "../../dist/tools/train/records.js";
import * as bdsr from "../../dist/bindings/env/records.js";

const [mode, file, id, squares] = process.argv.slice(2);
if (mode === "read-bdsr") {
  const { header, records } = bdsr.readRecords(readFileSync(file));
  process.stdout.write(JSON.stringify({ header, records: records.map((r) => ({ ...r, squares: Array.from(r.squares) })) }));
} else if (mode === "write-bdsr") {
  const { header, records } = JSON.parse(readFileSync(0, "utf8"));
  writeFileSync(file, bdsr.writeRecords(header, records.map((r) => ({ ...r, squares: Uint8Array.from(r.squares) }))));
} else if (mode === "read") {
  const { view, count, layout } = readRecords(file, Number(id));
  const out = [];
  for (let i = 0; i < count; i++) out.push(decodeRecord(view, i * layout.bytes, layout));
  process.stdout.write(JSON.stringify(out));
} else {
  const layout = recordLayout(Number(squares));
  const records = JSON.parse(readFileSync(0, "utf8"));
  writeFileSync(file, Buffer.concat([fileHeader(Number(id), layout), ...records.map((r) => encodeRecord(r, layout))]));
}
