/**
 * Property-based fuzzing (fast-check) of every write route with generated bodies: never a 5xx, every
 * refusal in the one error shape, never a request that fails (reset, aborted); afterwards the database
 * invariants still hold.
 */
import fc from 'fast-check';
import { describe, isErrorShape, type Suite } from './harness';
import { HOSTILE_STRINGS, writeRoutes } from './bad-input';

/** Runs per route; argon2-hashing routes get fewer (each costs a hash). */
const RUNS: Record<string, number> = {
  '/auth/register': 120,
  '/auth/login': 150,
  '/users/change-password': 120,
  '/users/profile': 150,
};
const DEFAULT_RUNS = 300;

const scalar = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => !s.includes('\u0000'))),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'premium',
    'course',
    'beginner',
    '#ffffff',
    '/media/x.mp4',
    'https://example.com/x',
  ),
);
const anyValue = fc.oneof(
  { maxDepth: 2 },
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);

/** An answer the property refuses: a 5xx, or a 4xx outside the one error shape. */
class BadAnswer extends Error {}

/** What a failed run saw: the generated body (fast-check's counterexample), what became of it, how to replay it. */
function describeFailure(details: fc.RunDetails<[unknown]>) {
  if (!details.failed) return '';
  const body = String(JSON.stringify(details.counterexample?.[0])).slice(0, 300);
  const error = details.errorInstance;
  const outcome =
    error instanceof BadAnswer
      ? error.message
      : error instanceof Error
        ? `the request threw ${error.name}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`
        : `the request threw ${String(error)}`;
  return `${body} → ${outcome} (seed ${details.seed}, path ${details.counterexamplePath})`;
}

/**
 * Sends `runs` generated bodies to one route. A 5xx, an error outside the one shape, or a request that
 * throws (a reset, an abort) is the route's failure, reported with the body that caused it. Answers how
 * many bodies were sent.
 */
export async function fuzzRoute(
  suite: Pick<Suite, 'request' | 'check'>,
  route: { method: string; path: string; token?: string },
  body: fc.Arbitrary<unknown>,
  runs: number,
  seed = Number(process.env.FUZZ_SEED ?? 20261122),
): Promise<number> {
  let count = 0;
  const details = await fc.check(
    fc.asyncProperty(body, async (b) => {
      count++;
      const res = await suite.request(route.method, route.path, { token: route.token, body: b });
      if (res.status >= 500 || (res.status >= 400 && !isErrorShape(res.body)))
        throw new BadAnswer(describe(res));
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
  const label = `${route.method} ${route.path.replace(/[0-9a-f]{24}/g, ':id')}`;
  suite.check(
    `${label}: ${runs} generated bodies never give a 5xx or an error outside the shape`,
    !details.failed,
    'all 2xx or 4xx in the error shape',
    () => describeFailure(details),
  );
  return count;
}

export async function fuzzing(suite: Suite) {
  const routes = await writeRoutes(suite);
  let total = 0;
  for (const route of routes) {
    const token = await route.token();
    const fields = Object.keys(route.valid());
    // Bodies near the valid one (each field kept, replaced or dropped) and wholly arbitrary ones.
    const mutated = fc
      .record(
        Object.fromEntries(
          fields.map((k) => [k, fc.option(fc.oneof(anyValue, fc.constant('__keep__')), { nil: undefined })]),
        ),
      )
      .map((m) => {
        const base = route.valid();
        const out: Record<string, unknown> = {};
        for (const k of fields) if (m[k] !== undefined) out[k] = m[k] === '__keep__' ? base[k] : m[k];
        return out;
      });
    const body = fc.oneof(
      { weight: 4, arbitrary: mutated },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
    total += await fuzzRoute(
      suite,
      { method: route.method, path: route.path, token },
      body,
      RUNS[route.path] ?? DEFAULT_RUNS,
    );
  }
  suite.check(`fuzzing sent thousands of bodies`, total >= 3000, '≥ 3000', String(total));

  // Database invariants after all of that.
  const invariants: [string, string][] = [
    [
      'progress is between 0 and 100',
      'select count(*) from progress.progress where progress < 0 or progress > 100',
    ],
    [
      'completed progress is 100',
      'select count(*) from progress.progress where completed and progress <> 100',
    ],
    [
      'completed rows have a completion time',
      'select count(*) from progress.progress where completed <> (completed_at is not null)',
    ],
    [
      'positions are not negative',
      "select count(*) from progress.progress where last_position < 0 or last_position = 'NaN'",
    ],
    [
      'no progress of products that do not exist',
      'select count(*) from progress.progress p where not exists (select 1 from content.products x where x.id = p.product_id)',
    ],
    [
      'no progress of users that do not exist',
      'select count(*) from progress.progress p where not exists (select 1 from auth.users u where u.id = p.user_id)',
    ],
    [
      'product slugs are unique',
      'select count(*) from (select slug from content.products group by slug having count(*) > 1) d',
    ],
    [
      'category slugs are unique',
      'select count(*) from (select slug from content.categories group by slug having count(*) > 1) d',
    ],
    [
      'category names are unique (case-insensitive)',
      'select count(*) from (select lower(name) from content.categories group by lower(name) having count(*) > 1) d',
    ],
    [
      'creator slugs are unique',
      'select count(*) from (select slug from content.creators group by slug having count(*) > 1) d',
    ],
    [
      'products belong to existing categories and creators',
      'select count(*) from content.products p where not exists (select 1 from content.categories c where c.id = p.category_id) or not exists (select 1 from content.creators r where r.id = p.creator_id)',
    ],
    [
      'slugs are lowercase letters, digits and hyphens',
      "select (select count(*) from content.products where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$') + (select count(*) from content.categories where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$') + (select count(*) from content.creators where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$')",
    ],
    [
      'no product content holds script or event handlers',
      "select count(*) from content.products where content ~* '<script|\\son[a-z]+\\s*=|javascript:'",
    ],
    [
      'e-mails are unique and normalised',
      'select count(*) from auth.users where email <> lower(btrim(email))',
    ],
    [
      'only the demo admin is an admin',
      "select count(*) from auth.users where role = 'admin' and email <> 'admin@catalyst.example'",
    ],
    [
      'no session of a missing user',
      'select count(*) from auth.sessions s where not exists (select 1 from auth.users u where u.id = s.user_id)',
    ],
    [
      'subscriptions belong to existing users',
      'select count(*) from billing.subscriptions s where not exists (select 1 from auth.users u where u.id = s.user_id)',
    ],
    [
      'no post HTML holds a script, a handler or a script address',
      "select count(*) from community.posts where body_html ~* '<script|<[^>]+\\son[a-z]+\\s*=|(href|src)=\"?\\s*(javascript|vbscript|data):'",
    ],
    [
      'thread titles within their limits',
      'select count(*) from community.threads where char_length(title) > 150 or char_length(btrim(title)) < 5',
    ],
    [
      "a post's upvotes are its votes",
      'select count(*) from community.posts p where upvotes <> (select count(*) from community.post_votes v where v.post_id = p.id)',
    ],
    [
      "a thread's reply count is its replies",
      'select count(*) from community.threads t where reply_count <> (select count(*) from community.posts p where p.thread_id = t.id and not p.is_opening)',
    ],
    [
      'every non-demo subscription came from a checkout',
      "select count(*) from billing.subscriptions s join auth.users u on u.id = s.user_id where u.email not like '%@catalyst.example' and s.status in ('active','trialing')",
    ],
  ];
  for (const [name, sql] of invariants) {
    const { rows } = await suite.db.query<{ count: string }>(
      sql.replace(/^select count\(\*\)/, 'select count(*)::text as count').replace(/^select \(/, 'select ('),
    );
    const n = Number(Object.values(rows[0] ?? { count: '0' })[0]);
    suite.check(`invariant: ${name}`, n === 0, '0 offending rows', `${n} rows`);
  }
}
