/**
 * Where the back-end time goes: starts the product as shipped (AS_SHIPPED: its access log, its share of answers
 * checked) with every process sampled by the V8 profiler (cpu-profile-hook.mjs through NODE_OPTIONS=--import,
 * since NODE_OPTIONS may not carry --cpu-prof), drives one route through the gateway as a browser asks for it
 * (its Accept-Encoding; autocannon, 50 connections, loopback), stops the product so the
 * profiles are written, and prints each process's top frames by self time and by package.
 *
 *   npx tsx bench/profile.ts [--route /api/v1/categories] [--seconds 10] [--token member] [--out /tmp/catalyst-prof]
 *   npx tsx bench/profile.ts --progress      # the progress save path instead of one GET route: one learner over 20 products (bench/progress.ts ONE_LEARNER)
 * The .cpuprofile files stay in --out (open them in Chrome DevTools → Performance).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AS_SHIPPED, startProduct } from '../scripts/lib/product';
import { signIn } from './backend';
import { BROWSER_ACCEPT_ENCODING, measureLoad } from './load';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function topFrames(profile: CpuProfile, count = 20) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const frames = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '');
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
      (file.startsWith('node:')
        ? 'node core'
        : file
          ? path.relative(process.cwd(), file).split('/').slice(0, 2).join('/')
          : `(${functionName || 'native'})`);
    const key = `${functionName || '(anonymous)'} ${file ? `${path.relative(process.cwd(), file)}:${lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  return { totalMs: Math.round(total / 1000), frames: top(frames), packages: top(packages) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1]! : fallback;
  };
  const out = arg('out', '/tmp/catalyst-prof');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-prof-'));
  const product = await startProduct({
    dataDir,
    waitForMedia: true,
    env: {
      // What npm start ships (its access log, its share of answers checked): the profile is of that product.
      ...AS_SHIPPED,
      SKIP_BUILD: 'true',
      REGISTER_MAX_PER_ADDRESS: '10000',
      NODE_OPTIONS: `--import ${path.join(path.dirname(new URL(import.meta.url).pathname), 'cpu-profile-hook.mjs')}`,
      CPU_PROFILE_DIR: out,
      CPU_PROFILE_START: 'signal',
      ...(process.env.PROFILE_ENV ? JSON.parse(process.env.PROFILE_ENV) : {}),
    },
  });
  const pids = product.runtime.pids ?? {};
  // Sampling starts after the warm-up (cpu-profile-hook.mjs waits for SIGUSR2), so start-up and JIT are not in the profiles.
  const startProfiling = () => {
    for (const pid of Object.values(pids)) {
      try {
        process.kill(pid, 'SIGUSR2');
      } catch {
        /* gone */
      }
    }
  };
  const seconds = Number(arg('seconds', '10'));
  try {
    if (process.argv.includes('--progress')) {
      const { benchProgressWrites, ONE_LEARNER } = await import('./progress');
      const pidsOf = { gateway: pids.gateway, progress: pids.progress, content: pids.content };
      await benchProgressWrites({
        baseUrl: product.url,
        databaseUrl: product.runtime.databaseUrl,
        durationSeconds: 3,
        ...ONE_LEARNER,
      });
      startProfiling();
      const result = await benchProgressWrites({
        baseUrl: product.url,
        databaseUrl: product.runtime.databaseUrl,
        durationSeconds: seconds,
        ...ONE_LEARNER,
        pids: pidsOf,
      });
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      const who = arg('token', '');
      // Asked as a browser asks (its encodings): an answer's compression is part of the route's cost.
      const headers: Record<string, string> = {
        ...BROWSER_ACCEPT_ENCODING,
        ...(who ? { authorization: `Bearer ${await signIn(product.url, who as 'member')}` } : {}),
      };
      const url = `${product.url}${arg('route', '/api/v1/categories')}`;
      await measureLoad({ name: 'warm-up', url, headers, durationSeconds: 3, warmupSeconds: 0 });
      startProfiling();
      const result = await measureLoad({
        name: 'profiled',
        url,
        headers,
        durationSeconds: seconds,
        warmupSeconds: 0,
        pids,
      });
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    // The launcher exits after every process it started (and its profile) has ended: nothing writes any more.
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const names = new Map(Object.entries(pids).map(([name, pid]) => [String(pid), name]));
  for (const file of readdirSync(out).filter((f) => f.endsWith('.cpuprofile'))) {
    const pid = /CPU\.\d+\.(\d+)\./.exec(file)?.[1] ?? '';
    const report = topFrames(JSON.parse(readFileSync(path.join(out, file), 'utf8')) as CpuProfile);
    if (report.totalMs < 500) continue;
    process.stdout.write(
      `\n== ${names.get(pid) ?? `pid ${pid}`} (${file}, ${report.totalMs} ms sampled)\n-- by package\n${report.packages.join('\n')}\n-- by frame\n${report.frames.join('\n')}\n`,
    );
  }
}
