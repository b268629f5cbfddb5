import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Supervisor } from './processes';

/** Whether a process still runs (a zombie waiting to be reaped has ended). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
  } catch {
    return false;
  }
}

/** A child that starts a long-running grandchild (as the media worker starts ffmpeg) and prints its pid. */
function parentOfSleeper(onTerm: 'exit' | 'ignore') {
  const script = `
    const { spawn } = require('node:child_process');
    const sleeper = spawn('sleep', ['300'], { stdio: 'ignore' });
    console.log('grandchild ' + sleeper.pid);
    process.on('SIGTERM', () => { ${onTerm === 'exit' ? 'process.exit(0);' : ''} });
    setInterval(() => {}, 1000);
  `;
  return { command: process.execPath, args: ['-e', script], env: process.env };
}

async function startedGrandchild(supervisor: Supervisor, lines: string[], name: string, onTerm: 'exit' | 'ignore'): Promise<number> {
  const seen = lines.length;
  supervisor.start({ name, ...parentOfSleeper(onTerm) });
  await expect.poll(() => lines.slice(seen).find((l) => l.includes('grandchild')), { timeout: 10_000 }).toBeDefined();
  return Number(/grandchild (\d+)/.exec(lines.slice(seen).find((l) => l.includes('grandchild'))!)![1]);
}

describe('the launcher stopping its processes', () => {
  it('ends what each child started as well: a grandchild never outlives the product', async () => {
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const supervisor = new Supervisor(() => undefined);
      // One child exits on SIGTERM and leaves its grandchild behind; the other ignores SIGTERM until the grace ends.
      const leaver = await startedGrandchild(supervisor, lines, 'leaver', 'exit');
      const stubborn = await startedGrandchild(supervisor, lines, 'stubborn', 'ignore');
      expect(running(leaver) && running(stubborn)).toBe(true);
      await supervisor.stopAll(1_000);
      await expect.poll(() => running(leaver), { timeout: 2_000 }).toBe(false);
      await expect.poll(() => running(stubborn), { timeout: 2_000 }).toBe(false);
    } finally {
      process.stdout.write = write;
    }
  });
});
