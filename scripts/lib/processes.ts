import { spawn, type ChildProcess } from 'node:child_process';
import { pipeLines, pipeWithPrefix, prefixFor } from './logs';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** URL answering 200 when the process is ready. */
  healthUrl?: string;
}

interface Managed {
  spec: ProcessSpec;
  child?: ChildProcess;
  restarts: number;
  prefix: string;
}

/**
 * Runs child processes, passing their logs on; a crash is reported and the process restarted with backoff;
 * stopAll() ends them all with SIGTERM (then SIGKILL after a grace period).
 */
export class Supervisor {
  private readonly procs: Managed[] = [];
  private stopping = false;
  /** Called after every (re)start of a child, e.g. to publish the current pids. */
  onLaunch?: (name: string, pid: number | undefined) => void;
  /**
   * pretty: each line of a child's stdout prefixed and made readable (development); json: its lines passed on
   * whole and untouched, the cheap path the access log of a loaded product takes. stderr is always prefixed.
   */
  constructor(
    private readonly log: (line: string) => void,
    private readonly format: 'pretty' | 'json' = 'pretty',
  ) {}

  /** The pid of each running child by name (a restarted child has a new one). */
  pids(): Record<string, number> {
    return Object.fromEntries(
      this.procs.flatMap((p) =>
        p.child?.pid !== undefined && p.child.exitCode === null && p.child.signalCode === null
          ? [[p.spec.name, p.child.pid]]
          : [],
      ),
    );
  }

  start(spec: ProcessSpec) {
    const managed: Managed = { spec, restarts: 0, prefix: prefixFor(spec.name, this.procs.length) };
    this.procs.push(managed);
    this.launch(managed);
  }

  private launch(managed: Managed) {
    const { spec } = managed;
    // In the launcher's process group (not detached): whoever ends the group (Ctrl-C, Playwright's web server
    // teardown) ends every process of the product at once. A child ends what it starts itself (the media worker
    // its ffmpeg runs) within the grace below.
    const child = spawn(spec.command, spec.args, {
      env: spec.env,
      cwd: spec.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    managed.child = child;
    this.onLaunch?.(spec.name, child.pid);
    if (this.format === 'json') pipeLines(child.stdout!);
    else pipeWithPrefix(child.stdout!, managed.prefix);
    pipeWithPrefix(child.stderr!, managed.prefix, (s) => process.stderr.write(s));
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      // A process that ran a while before dying starts its backoff afresh.
      if (Date.now() - startedAt > 60_000) managed.restarts = 0;
      const delay = Math.min(1000 * 2 ** managed.restarts, 15_000);
      managed.restarts += 1;
      this.log(
        `${spec.name} exited unexpectedly (code ${code ?? '-'}, signal ${signal ?? '-'}); restarting in ${delay / 1000}s`,
      );
      setTimeout(() => !this.stopping && this.launch(managed), delay).unref();
    });
  }

  async waitHealthy(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    await Promise.all(
      this.procs
        .filter((p) => p.spec.healthUrl)
        .map(async (p) => {
          while (Date.now() < deadline) {
            try {
              const res = await fetch(p.spec.healthUrl!, { signal: AbortSignal.timeout(1_000) });
              if (res.ok) return;
            } catch {
              /* not up yet */
            }
            await new Promise((r) => setTimeout(r, 200));
          }
          throw new Error(
            `${p.spec.name} did not become healthy at ${p.spec.healthUrl} within ${timeoutMs / 1000}s`,
          );
        }),
    );
  }

  async stopAll(graceMs = 8_000) {
    this.stopping = true;
    await Promise.all(
      this.procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            const child = p.child;
            if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

export interface FinishedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr in the order they arrived. */
  output: string;
}

/** Runs a short-lived child to its end and gives back what it printed (it is never restarted). */
export function runToEnd(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Promise<FinishedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const run: FinishedRun = { code: null, stdout: '', stderr: '', output: '' };
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      run.output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
      run.output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ...run, code }));
  });
}
