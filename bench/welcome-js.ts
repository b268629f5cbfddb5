/**
 * The welcome page's start-up JavaScript from a build, no browser: every script shell/dist/index.html loads
 * (a visitor's first visit to '/' runs these; the recommendation rows below the fold and the pages' chunks
 * come later), each gzipped at level 6 as frontend.ts counts a download, and their sum against what it was
 * before the pages were translated (issue 61: the translation may add at most 3 KB). Exits 1 over budget.
 *
 *   npm run build -w shell && npx tsx bench/welcome-js.ts [--dist shell/dist]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The same sum for the commit before translation began (0484f964^), built on the same node_modules
 * (session 48). GNU gzip -6 gives smaller figures (131,254 B then): compare figures of one method only.
 */
const BEFORE_TRANSLATION_GZIP_BYTES = 131_775;
/** What the translation may add: 3 KB (issue 61). */
const TRANSLATION_BUDGET_BYTES = 3_072;

/** Each script index.html loads, in order, with its gzip-6 size. */
function startupScripts(dist: string): { file: string; gzipBytes: number }[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b[^>]*\ssrc="\/([^"]+\.js)"/g)].map(([, file]) => ({
    file: file!,
    gzipBytes: gzipSync(readFileSync(path.join(dist, file!)), { level: 6 }).length,
  }));
}

const flag = process.argv.indexOf('--dist');
const dist = path.resolve(flag >= 0 ? process.argv[flag + 1]! : 'shell/dist');
const scripts = startupScripts(dist);
const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
const growth = total - BEFORE_TRANSLATION_GZIP_BYTES;
for (const script of scripts) console.log(`${String(script.gzipBytes).padStart(7)} B  ${script.file}`);
console.log(
  `${String(total).padStart(7)} B  welcome page start-up JavaScript (gzip -6); ${growth >= 0 ? '+' : ''}${growth} B ` +
    `since before translation (budget +${TRANSLATION_BUDGET_BYTES} B)`,
);
if (growth > TRANSLATION_BUDGET_BYTES) {
  console.error(`over budget by ${growth - TRANSLATION_BUDGET_BYTES} B`);
  process.exitCode = 1;
}
