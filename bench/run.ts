/**
 * `npm run bench`: starts the product as `npm start` does, then measures, in one run, what a learner
 * feels and what an operator pays for. Writes bench/results/latest.json and latest.md.
 * `npm run bench -- --smoke` is a short version that checks the harness works.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct } from '../scripts/lib/product';
import { launchChromium, measurePageJs, type PageWeight } from './frontend';

const here = path.dirname(fileURLToPath(import.meta.url));
const smoke = process.argv.includes('--smoke');

interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-'));
  const product = await startProduct({ dataDir });
  const figures: Figure[] = [];
  const details: Record<string, unknown> = {};
  try {
    const browser = await launchChromium();
    try {
      const welcome: PageWeight = await measurePageJs(browser, product.url, '/');
      details.welcome = welcome;
      figures.push({ name: 'welcome page JS (gzip)', value: Math.round(welcome.jsGzipBytes / 102.4) / 10, unit: 'KB', target: '≤ 130 KB', pass: welcome.jsGzipBytes <= 130 * 1024 });
      figures.push({ name: 'welcome page requested admin remote', value: welcome.requestedAdminRemote ? 1 : 0, unit: 'bool', target: '0', pass: !welcome.requestedAdminRemote });
    } finally {
      await browser.close();
    }

    const { measureGatewayOverhead } = (await import('./gateway-overhead')) as {
      measureGatewayOverhead: (opts: { durationSeconds: number; connections: number }) => Promise<{ direct: { requestsPerSecond: number; p99: number }; gateway: { requestsPerSecond: number; p99: number }; ratio: number }>;
    };
    const overhead = await measureGatewayOverhead({ durationSeconds: smoke ? 1 : 5, connections: 50 });
    details.gatewayOverhead = overhead;
    figures.push({ name: 'health-style route direct', value: Math.round(overhead.direct.requestsPerSecond), unit: 'req/s' });
    figures.push({ name: 'same route through the gateway', value: Math.round(overhead.gateway.requestsPerSecond), unit: 'req/s' });
    figures.push({ name: 'gateway keeps of direct throughput', value: Math.round(overhead.ratio * 1000) / 10, unit: '%', target: '≥ 60%', pass: overhead.ratio >= 0.6 });
    figures.push({ name: 'p99 direct / through gateway', value: overhead.gateway.p99, unit: `ms (direct ${overhead.direct.p99} ms)` });
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const results = { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, smoke, figures, details };
  const outDir = path.join(here, 'results');
  mkdirSync(outDir, { recursive: true });
  const name = smoke ? 'smoke' : 'latest';
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const table = [
    `# Catalyst benchmarks (${results.at}${smoke ? ', smoke' : ''})`,
    '',
    `Machine: ${results.machine.cpus} cores, Node ${results.machine.node}. Loopback only; every ratio is measured in the same run.`,
    '',
    '| figure | value | target | |',
    '|---|---|---|---|',
    ...figures.map((f) => `| ${f.name} | ${f.value} ${f.unit} | ${f.target ?? ''} | ${f.pass === undefined ? '' : f.pass ? 'pass' : 'MISS'} |`),
    '',
  ].join('\n');
  writeFileSync(path.join(outDir, `${name}.md`), table);
  process.stdout.write(`${table}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
