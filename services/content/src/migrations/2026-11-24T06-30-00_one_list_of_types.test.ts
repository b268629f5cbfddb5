import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '@catalyst/contracts';
import { createDb, migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { createTestDatabase } from '@catalyst/service-kit/testing';
import { howItWorks } from '../demo/catalog';
import { SCHEMA } from '../setup';
import { migrations } from './index';

const NAME = '2026-11-24T06-30-00_one_list_of_types';
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < NAME));

const category = '0000000000000000000c0001';
const creator = '0000000000000000000d0001';
const id = (n: number) => `0000000000000000000e000${n}`;
const GENERIC =
  '<p>Work through the video at your own pace; your position is saved as you go, so you can stop and pick up where you left off on any device. Each section ends with a short exercise — try it before moving on.</p>';
/** A lesson as the demo seed wrote it before this migration. */
const oldLesson = (type: string, description: string) =>
  [
    `<h2>About this ${type}</h2>`,
    `<p>${description}</p>`,
    `<h3>What you will learn</h3>`,
    `<ul><li>One thing</li></ul>`,
    `<h3>How it works</h3>`,
    GENERIC,
  ].join('\n');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: MigrationDb;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, schema: SCHEMA, poolSize: 2 });
  await migrateToLatest(db, SCHEMA, before);
  await db
    .insertInto('categories')
    .values({
      id: category,
      name: 'Web Development',
      description: 'Build for the web',
      slug: 'web-development',
    })
    .execute();
  await db.insertInto('creators').values({ id: creator, name: 'Maya Chen', slug: 'maya-chen' }).execute();
  const row = (n: number, type: string, content: string | null, description = `Description ${n}`) => ({
    id: id(n),
    product_id: `PROD000${n}`,
    slug: `product-${n}`,
    title: `Product ${n}`,
    description,
    content,
    category_id: category,
    creator_id: creator,
    type,
  });
  await db
    .insertInto('products')
    .values([
      row(1, 'workshop', oldLesson('workshop', 'A hands-on workshop.'), 'A hands-on workshop.'),
      row(2, 'article', oldLesson('article', 'A short read.'), 'A short read.'),
      row(3, 'webinar', oldLesson('webinar', 'A live session.'), 'A live session.'),
      row(4, 'tutorial', '<p>Written by an admin: Description 4</p>'),
    ])
    .execute();
  await migrateToLatest(db, SCHEMA, migrations);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const product = (n: number) =>
  db.selectFrom('products').select(['type', 'content']).where('id', '=', id(n)).executeTakeFirstOrThrow();

describe('one list of content types (migration)', () => {
  it('moves workshops onto courses and articles onto documents, and keeps the other types', async () => {
    expect((await product(1)).type).toBe('course');
    expect((await product(2)).type).toBe('document');
    expect((await product(3)).type).toBe('webinar');
    expect((await product(4)).type).toBe('tutorial');
  });

  it('takes the repeated description out of seeded lessons and says how each type works', async () => {
    const workshop = (await product(1)).content as string;
    expect(workshop).not.toContain('A hands-on workshop.');
    expect(workshop).not.toContain(GENERIC);
    expect(workshop).toContain(`<h3>How it works</h3>\n<p>${howItWorks.course}</p>`);
    expect(workshop.startsWith('<h3>What you will learn</h3>')).toBe(true);
    expect((await product(2)).content).toContain(howItWorks.document);
    expect((await product(3)).content).toContain(howItWorks.webinar);
  });

  it('leaves content an admin wrote alone', async () => {
    expect((await product(4)).content).toBe('<p>Written by an admin: Description 4</p>');
  });

  it('stores exactly the types of the shared list', async () => {
    for (const [n, type] of PRODUCT_TYPES.entries()) {
      await db.updateTable('products').set({ type }).where('id', '=', id(4)).execute();
      expect((await product(4)).type, `type ${n}`).toBe(type);
    }
    for (const type of ['workshop', 'article', 'podcast']) {
      await expect(sql`update products set type = ${type} where id = ${id(4)}`.execute(db)).rejects.toThrow(
        /products_type_check/,
      );
    }
  });
});
