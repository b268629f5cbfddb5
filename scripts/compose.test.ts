// docker-compose.yml as `docker-compose config` renders it (with CI's validation values): every process it
// builds starts with the configuration compose gives it, read by that process's own loadConfig.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './lib/services';

interface ComposeService {
  build?: { dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | number | null>;
}

const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
// CI installs docker-compose and checks the file only here: there a missing binary is a failure, not a skip.
if (process.env.CI && !hasCompose)
  throw new Error('docker-compose is not installed: CI validates docker-compose.yml with it');

/** Where a built process's code lives: services/Dockerfile's SERVICE argument, else its Dockerfile's folder. */
const sourceOf = (build: NonNullable<ComposeService['build']>) =>
  build.args?.SERVICE ? path.join('services', build.args.SERVICE) : path.dirname(build.dockerfile ?? '');

/** The configuration error a process would print before exiting, or null when it starts. */
async function configProblem(source: string, environment: Record<string, string>): Promise<string | null> {
  const { loadConfig } = (await import(path.join(ROOT, source, 'src/config.ts'))) as {
    loadConfig: (env: NodeJS.ProcessEnv) => unknown;
  };
  let printed = '';
  const write = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk) => ((printed += String(chunk)), true));
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  try {
    loadConfig(environment);
    return null;
  } catch {
    return printed.trim() || 'exited';
  } finally {
    write.mockRestore();
    exit.mockRestore();
  }
}

describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  const rendered = execFileSync('docker-compose', ['--env-file', '.ci/compose.env', 'config'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const built = Object.entries(
    (parse(rendered) as { services: Record<string, ComposeService> }).services,
  ).filter(([, service]) => service.build);

  it('builds every service, the media worker, the sandbox and the gateway', () => {
    expect(built.map(([name]) => name).sort()).toEqual([
      'auth',
      'billing',
      'community',
      'content',
      'gateway',
      'media',
      'media-worker',
      'payments-sandbox',
      'progress',
    ]);
  });

  it.each(built.map(([name, service]) => [name, service] as const))(
    '%s starts with the configuration compose gives it',
    async (_name, service) => {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          value === null ? '' : String(value),
        ]),
      );
      expect(await configProblem(sourceOf(service.build!), environment)).toBeNull();
    },
  );
});
