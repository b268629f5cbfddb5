// The demo learning paths (issue 57): built from the demo catalogue, published under Browse → Paths.
import type { Kysely } from 'kysely';
import type { Difficulty } from '@catalyst/contracts';
import { demoEntityId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';

interface DemoPath {
  slug: string;
  title: string;
  description: string;
  level: Difficulty;
  estimatedHours: number;
  /** Demo product slugs, in order. */
  items: string[];
}

export const demoPaths: DemoPath[] = [
  {
    slug: 'start-with-the-web',
    title: 'Start with the Web',
    description:
      'Your first steps into building for the browser: how a page is structured and styled, the JavaScript every page runs, and the checklist that keeps it fast.',
    level: 'beginner',
    estimatedHours: 2,
    items: ['html-css-from-scratch', 'modern-javascript-essentials', 'web-performance-checklist'],
  },
  {
    slug: 'data-analysis-start-to-finish',
    title: 'Data Analysis, Start to Finish',
    description:
      'From loading a dataset to a model you can explain: pandas, SQL, the statistics behind the answers, and the foundations of machine learning.',
    level: 'intermediate',
    estimatedHours: 12,
    items: [
      'python-for-data-analysis',
      'sql-for-analysts',
      'statistics-without-tears',
      'machine-learning-foundations',
    ],
  },
];

/**
 * Writes the demo paths whose products are all there (demo products by their fixed ids); a path already
 * there (by id or slug) is left as it is. Run by the seed, and once by a migration for installs seeded before.
 */
export async function seedDemoPaths(db: Kysely<Database>): Promise<number> {
  let written = 0;
  for (const [i, path] of demoPaths.entries()) {
    const id = demoEntityId('path', path.slug);
    const productIds = path.items.map((slug) => demoEntityId('product', slug));
    const known = await db.selectFrom('products').select('id').where('id', 'in', productIds).execute();
    if (known.length !== productIds.length) continue;
    const inserted = await db
      .insertInto('learning_paths')
      .values({
        id,
        slug: path.slug,
        title: path.title,
        description: path.description,
        level: path.level,
        estimated_hours: path.estimatedHours,
        is_published: true,
        // the first path listed first (newest first)
        created_at: new Date(Date.UTC(2026, 11, 1) - i * 60_000),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    await db
      .insertInto('learning_path_items')
      .values(productIds.map((productId, position) => ({ path_id: id, position, product_id: productId })))
      .execute();
    written += 1;
  }
  return written;
}
