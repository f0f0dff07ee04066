#!/usr/bin/env node
// The web app's initial JS: the scripts index.html loads before anything else (the entry and its
// modulepreloads), gzipped as the server sends them (nginx, the devstack's gzhttp). Fails over
// the budget (docs/operations.md, "Web speed on a phone"): everything else must stay a lazy chunk.
// Usage: node tools/initial-js.mjs [dist dir, default dist/apps/web] [budget in kB, default 110]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/apps/web';
const budget = Number(process.argv[3] ?? 110);
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const files = [...new Set([...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
if (files.length === 0) throw new Error(`no scripts found in ${dir}/index.html`);

let total = 0;
for (const f of files) {
  const gz = gzipSync(readFileSync(path.join(dir, f))).length / 1000;
  total += gz;
  console.log(`  ${f.padEnd(40)} ${gz.toFixed(2).padStart(7)} kB gzipped`);
}
console.log(`initial JS: ${total.toFixed(2)} kB gzipped (budget ${budget} kB)`);
if (total > budget) {
  console.error(`initial JS is over its ${budget} kB budget: make the new code a lazy chunk (React.lazy / import()).`);
  process.exit(1);
}
