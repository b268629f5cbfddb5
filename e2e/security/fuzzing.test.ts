import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fuzzRoute } from './fuzzing';
import { Suite, type RequestOptions, type Res } from './harness';

// Never connected: fuzzRoute reads nothing from the database.
const db = new pg.Pool({ connectionString: 'postgres://unused.invalid/unused' });
afterAll(() => db.end());

/** An answer carrying any JSON, the one shape or not (the harness reads every body as that shape). */
const answer = (status: number, body: unknown): Res => ({
  status,
  headers: new Headers(),
  text: JSON.stringify(body),
  body: body as Res['body'],
});
const refusal = answer(400, { success: false, message: 'Validation failed' });
const route = { method: 'POST', path: '/things', token: 'token-1' };
const bodies = fc.record({ n: fc.integer() });
const checkName = 'fuzzing: POST /things: 20 generated bodies never give a 5xx or an error outside the shape';

/** A suite whose requests go to `respond` instead of a product; it records the bodies sent. */
function fakeSuite(respond: (call: number) => Res) {
  const suite = new Suite('http://product.invalid', { services: {}, databaseUrl: '' }, db, '/nowhere');
  suite.setArea('fuzzing');
  const sent: unknown[] = [];
  suite.request = async <D>(_method: string, _path: string, opts: RequestOptions = {}) => {
    sent.push(opts.body);
    return respond(sent.length) as Res<D>;
  };
  return { suite, sent };
}

describe('fuzzRoute', () => {
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  it('passes when every answer is a 2xx or a 4xx in the one error shape', async () => {
    const { suite, sent } = fakeSuite((call) =>
      call % 2 ? answer(200, { success: true, data: {} }) : refusal,
    );

    const count = await fuzzRoute(suite, route, bodies, 20, 1);

    expect(count).toBe(20);
    expect(sent).toHaveLength(20);
    expect(suite.failures).toEqual([]);
    expect(suite.passed).toBe(1);
  });

  it('fails the route when a request throws, naming the body that was sent', async () => {
    const { suite, sent } = fakeSuite((call) => {
      if (call === 5) throw new TypeError('fetch failed', { cause: new Error('read ECONNRESET') });
      return refusal;
    });

    const count = await fuzzRoute(suite, route, bodies, 20, 1);

    expect(count).toBe(5);
    expect(suite.passed).toBe(0);
    expect(suite.failures).toEqual([
      {
        name: checkName,
        expected: 'all 2xx or 4xx in the error shape',
        seen: `${JSON.stringify(sent[4])} → the request threw TypeError: fetch failed (Error: read ECONNRESET) (seed 1, path 4)`,
      },
    ]);
  });

  it('fails the route on a 5xx, naming the body and the answer', async () => {
    const { suite, sent } = fakeSuite((call) =>
      call === 3 ? answer(500, { success: false, message: 'Internal error' }) : refusal,
    );

    await fuzzRoute(suite, route, bodies, 20, 1);

    expect(suite.failures).toHaveLength(1);
    expect(suite.failures[0]!.seen).toBe(
      `${JSON.stringify(sent[2])} → 500 {"success":false,"message":"Internal error"} (seed 1, path 2)`,
    );
  });

  it('fails the route on a 4xx outside the one error shape', async () => {
    const { suite, sent } = fakeSuite((call) => (call === 7 ? answer(404, { error: 'Not Found' }) : refusal));

    await fuzzRoute(suite, route, bodies, 20, 1);

    expect(suite.failures).toHaveLength(1);
    expect(suite.failures[0]!.seen).toBe(
      `${JSON.stringify(sent[6])} → 404 {"error":"Not Found"} (seed 1, path 6)`,
    );
  });
});
