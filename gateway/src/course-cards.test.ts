import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/bundle-services';
import { CARD_FONTS, cardLines, createCourseCards } from './course-cards';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gateway-course-cards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const course = {
  slug: 'guitar-basics',
  title: 'Guitar Basics',
  creator: { _id: '65a1b2c3d4e5f60718293a02', name: 'Ana Strings', slug: 'ana' },
  ratingAverage: 4.5,
  ratingCount: 2,
};

/** A PNG's width and height, read from its IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(file: string) {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('course cards', () => {
  it("are drawn with fonts the gateway's image ships (its bundle's assets)", () => {
    const gateway = TARGETS.find((target) => target.name === 'gateway')!;
    expect(gateway.assets).toEqual(expect.arrayContaining([...CARD_FONTS]));
  });

  it('wraps a long title in at most three lines, and says the creator and the rating', () => {
    expect(cardLines(course, 'Acme')).toEqual({
      title: ['Guitar Basics'],
      creator: 'By Ana Strings',
      rating: '★ 4.5 out of 5 · 2 reviews',
      site: 'Acme',
    });
    const long = cardLines(
      {
        ...course,
        title: 'The complete guide to fingerstyle guitar for people who never held one, and then some more',
        ratingCount: 0,
      },
      'Acme',
    );
    expect(long.title).toEqual([
      'The complete guide to',
      'fingerstyle guitar for',
      'people who never held one,…',
    ]);
    expect(long.rating).toBeNull();
  });

  it('draws a 1200×630 PNG once, keeps it, and draws a new one at a new address when the title changes', async () => {
    const cards = createCourseCards({ dir, siteName: 'Acme' });
    expect(cards.available).toBe(true);
    const [first, same] = await Promise.all([cards.file(course), cards.file(course)]);
    expect(same).toBe(first);
    expect(pngSize(first)).toEqual({ width: 1200, height: 630 });
    const drawn = statSync(first).mtimeMs;
    expect(await cards.file(course)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(drawn);

    const renamed = { ...course, title: 'Guitar Basics, Second Edition' };
    expect(cards.path(course)).toMatch(/^\/courses\/guitar-basics\/card\.png\?v=[0-9a-f]{12}$/);
    expect(cards.path(renamed)).not.toBe(cards.path(course));
    const second = await cards.file(renamed);
    expect(second).not.toBe(first);
    expect(pngSize(second)).toEqual({ width: 1200, height: 630 });
    // the old card is gone, and the new one is another picture
    expect(existsSync(first)).toBe(false);
    const again = await createCourseCards({ dir: mkdtempSync(path.join(dir, 'b-')), siteName: 'Acme' }).file(
      course,
    );
    expect(readFileSync(again).equals(readFileSync(second))).toBe(false);
  }, 60_000);
});
