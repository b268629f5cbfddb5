import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFICULTIES, PRODUCT_TYPES } from '@catalyst/contracts';
import { ffprobePath } from '@catalyst/service-kit';
import { identityHeaders, testLog, testUsers } from '@catalyst/service-kit/testing';
import { execFileSync } from 'node:child_process';
import { seedDemo } from './seed';
import { createTestContext } from './test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db, testLog);
});
afterAll(() => ctx.close());

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('demo catalogue', () => {
  it('seeds 6 categories, 8 creators and 48 published products over every type and difficulty', async () => {
    const categories = (await (await ctx.app.request('/categories?limit=100')).json()) as any;
    expect(categories.data.total).toBe(6);
    for (const c of categories.data.items) {
      expect(c.icon).not.toBe('');
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(c.productCount).toBe(8);
    }
    const products = (await (await ctx.app.request('/content/products?limit=100')).json()) as any;
    expect(products.data.total).toBe(48);
    const items = products.data.items as any[];
    expect(new Set(items.map((p) => p.type))).toEqual(new Set(PRODUCT_TYPES));
    expect(new Set(items.map((p) => p.difficulty))).toEqual(new Set(DIFFICULTIES));
    expect(new Set(items.map((p) => p.creatorId)).size).toBe(8);
    expect(items.some((p) => p.price === 0)).toBe(true);
    expect(items.filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(4);
  });

  it("gives every product its own lesson's real length (ffprobe), never a made-up one", async () => {
    const res = await ctx.app.request('/content/premium/products?limit=100', { headers: identityHeaders(testUsers.admin) });
    const items = ((await res.json()) as any).data.items as any[];
    const measured = new Map<string, number>();
    const seconds = (file: string) =>
      measured.get(file) ??
      measured
        .set(file, Number(execFileSync(ffprobePath(), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path.join(repoRoot, file)]).toString()))
        .get(file)!;
    for (const p of items) {
      const lesson = seconds(new URL(p.videoUrl, 'http://gateway.test').pathname);
      expect(lesson).toBeGreaterThan(5);
      // whole minutes (spec), a lesson under a minute counting as one
      expect(p.duration, p.slug).toBe(Math.max(1, Math.ceil(lesson / 60)));
    }
    // the lessons differ, and the catalogue uses every one of them
    expect(new Set(items.map((p) => new URL(p.videoUrl, 'http://gateway.test').pathname)).size).toBe(5);
  });

  it('lets the Type filter reach every demo product: each one has a type of the shared list', async () => {
    let reached = 0;
    for (const type of PRODUCT_TYPES) {
      const res = (await (await ctx.app.request(`/content/products?limit=100&type=${type}`)).json()) as any;
      expect(res.data.total, type).toBeGreaterThan(0);
      reached += res.data.total;
    }
    expect(reached).toBe(48);
  });

  it('points every product at media files that exist in the repository', async () => {
    const res = await ctx.app.request('/content/premium/products?limit=100', { headers: identityHeaders(testUsers.admin) });
    const items = ((await res.json()) as any).data.items as any[];
    for (const p of items) {
      // the video address is signed for the caller: the file is its path
      for (const url of [p.thumbnail, new URL(p.videoUrl, 'http://gateway.test').pathname]) {
        expect(url).toMatch(/^\/media\//);
        expect(existsSync(path.join(repoRoot, url)), url).toBe(true);
      }
    }
  });

  it('changes nothing when run again', async () => {
    const before = await ctx.db.selectFrom('products').select(['id', 'product_id', 'updated_at']).orderBy('id').execute();
    await seedDemo(ctx.db, testLog);
    const after = await ctx.db.selectFrom('products').select(['id', 'product_id', 'updated_at']).orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('finds demo products by a search over titles, descriptions and tags', async () => {
    const res = (await (await ctx.app.request('/content/products?search=postgresql')).json()) as any;
    expect(res.data.items.map((p: any) => p.slug)).toEqual(expect.arrayContaining(['node-js-rest-apis', 'scaling-postgres-webinar', 'sql-for-analysts']));
  });
});
