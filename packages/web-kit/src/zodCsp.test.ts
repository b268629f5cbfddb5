import { describe, expect, it, vi } from 'vitest';

describe('zod under the Content-Security-Policy', () => {
  it('never probes for `new Function` once web-kit is loaded, in any copy of zod', async () => {
    vi.resetModules();
    const probe = vi.spyOn(globalThis, 'Function');
    await import('@catalyst/web-kit');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    z.object({ name: z.string(), age: z.number() }).parse({ name: 'Ada', age: 36 });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
