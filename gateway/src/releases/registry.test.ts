import { describe, expect, it } from 'vitest';
import { testLog } from '@catalyst/service-kit/testing';
import { createRemotesRegistry } from './registry';
import type { Channel, ReleaseRepository } from './repository';

const channel = (current: string): Channel => ({
  remote: 'catalog',
  current,
  previous: null,
  canary: null,
  updatedAt: '2026-11-27T00:00:00.000Z',
  updatedBy: 'test',
});

/** A registry table whose reads answer only when the test lets them, with what the table held when they were asked. */
function heldTable(initial: string) {
  let current = initial;
  const pending: Array<() => void> = [];
  const repo = {
    channels: () => {
      const asked = current;
      return new Promise<Channel[]>((resolve) => pending.push(() => resolve([channel(asked)])));
    },
  } as unknown as ReleaseRepository;
  const answerAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { repo, write: (version: string) => (current = version), answerAll, waiting: () => pending.length };
}

describe('the release registry', () => {
  it('after a write, refresh() answers with it even when a read begun before the write is still under way', async () => {
    const table = heldTable('v1-1111111111');
    const registry = createRemotesRegistry({ repo: table.repo, log: testLog, refreshMs: 60_000 });
    await table.answerAll();
    await registry.ready;
    expect(registry.current('catalog')).toBe('v1-1111111111');

    // A periodic read asks the table, then a promotion is written before that read has answered.
    const periodic = registry.refresh();
    table.write('v2-2222222222');
    const afterWrite = registry.refresh();
    expect(table.waiting()).toBe(1);
    await table.answerAll();
    await Promise.all([periodic, afterWrite]);
    expect(registry.current('catalog')).toBe('v2-2222222222');
    registry.stop();
  });

  it('refreshes asked during one read share a single read after it', async () => {
    const table = heldTable('v1-1111111111');
    let reads = 0;
    const counted = { channels: () => (reads++, table.repo.channels()) } as unknown as ReleaseRepository;
    const registry = createRemotesRegistry({ repo: counted, log: testLog, refreshMs: 60_000 });
    await table.answerAll();
    await registry.ready;
    const first = registry.refresh();
    table.write('v3-3333333333');
    const more = Promise.all(Array.from({ length: 5 }, () => registry.refresh()));
    await table.answerAll();
    await Promise.all([first, more]);
    expect(reads).toBe(3);
    expect(registry.current('catalog')).toBe('v3-3333333333');
    registry.stop();
  });
});
