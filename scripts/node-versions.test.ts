// Which Node.js runs where: the production images on the LTS (every stage of every Dockerfile), CI on that same
// release (.ci/node-lts.sh), development on the machine's own Node.
// The root package's engines must admit both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/services';

const PRODUCTION_IMAGE = 'node:24-bookworm-slim';
const DOCKERFILES = [
  'gateway/Dockerfile',
  'services/Dockerfile',
  'services/media/Dockerfile',
  'services/payments-sandbox/Dockerfile',
];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

describe('Node.js versions', () => {
  it.each(DOCKERFILES)(`%s builds and runs on ${PRODUCTION_IMAGE}`, (file) => {
    const bases = [...read(file).matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual([PRODUCTION_IMAGE, PRODUCTION_IMAGE]);
  });

  it("CI tests the server on the images' release, and the engines admit it and this machine's Node", () => {
    const pinned = /^NODE_LTS_VERSION=(\S+)$/m.exec(read('.ci/node-lts.sh'))?.[1];
    expect(semver.major(pinned ?? '')).toBe(24);
    expect(semver.satisfies(pinned!, engines)).toBe(true);
    expect(semver.satisfies(process.version, engines)).toBe(true);
  });
});
