// A learning record store for tests, on a loopback port: the xAPI 1.0.3 statement resource (POST, PUT, GET
// /statements) behind Basic auth, checking every statement against the specification's rules
// (statement-schema.ts) and keeping what it accepts in memory. `down` plays an outage.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { statementProblem, type XapiStatement } from './statement-schema';

export interface TestLrs {
  /** The xAPI base address to save as the endpoint (statements live at `<endpoint>/statements`). */
  endpoint: string;
  key: string;
  secret: string;
  /** What it stored, by statement id, in the order stored. */
  statements: Map<string, XapiStatement>;
  /** Every request it answered: method, status and the statements' ids it was sent. */
  requests: { method: string; status: number; ids: string[] }[];
  /** While true every request is answered 503, as an LRS down for maintenance would. */
  down: boolean;
  close(): Promise<void>;
}

/** What an LRS sets itself; a statement sent again is compared without them (xAPI's statement comparison). */
const LRS_SET = ['stored', 'authority', 'version'] as const;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !(LRS_SET as readonly string[]).includes(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, key === 'timestamp' ? Date.parse(String(inner)) : canonical(inner)]),
    );
  return value;
}
const sameStatement = (a: XapiStatement, b: XapiStatement) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export async function startTestLrs({ key = 'lrs-key', secret = 'lrs-secret' } = {}): Promise<TestLrs> {
  const statements = new Map<string, XapiStatement>();
  const requests: TestLrs['requests'] = [];
  const authority = {
    objectType: 'Agent' as const,
    name: 'Test LRS',
    account: { homePage: 'http://lrs.test', name: key },
  };
  const expectedAuth = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

  async function bodyOf(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
  }

  /** Checks and stores a batch all or nothing: answers the status and what to say. */
  function store(batch: unknown[], ids: string[]): { status: number; answer: unknown } {
    for (const [index, statement] of batch.entries()) {
      const problem = statementProblem(statement);
      if (problem) return { status: 400, answer: { message: `statement ${index}: ${problem}` } };
    }
    const valid = batch as XapiStatement[];
    const withIds = valid.map((statement) => ({ ...statement, id: statement.id ?? randomUUID() }));
    ids.push(...withIds.map((s) => s.id));
    if (new Set(ids).size !== ids.length)
      return { status: 400, answer: { message: 'the batch repeats a statement id' } };
    const fresh = withIds.filter((statement) => !statements.has(statement.id));
    const conflicting = withIds.find((s) => statements.has(s.id) && !sameStatement(statements.get(s.id)!, s));
    if (conflicting)
      return { status: 409, answer: { message: `statement ${conflicting.id} is stored and different` } };
    const stored = new Date().toISOString();
    for (const statement of fresh)
      statements.set(statement.id, { ...statement, stored, authority, version: '1.0.3' });
    return { status: 200, answer: withIds.map((s) => s.id) };
  }

  async function answer(req: IncomingMessage): Promise<{ status: number; answer?: unknown; ids: string[] }> {
    const ids: string[] = [];
    if (lrs.down) return { status: 503, answer: { message: 'The LRS is down for maintenance' }, ids };
    const url = new URL(req.url ?? '/', 'http://lrs.test');
    if (url.pathname !== '/xapi/statements') return { status: 404, answer: { message: 'Not found' }, ids };
    if (req.headers.authorization !== expectedAuth)
      return { status: 401, answer: { message: 'Bad credentials' }, ids };
    const version = req.headers['x-experience-api-version'];
    if (typeof version !== 'string' || !/^1\.0(\.\d+)?$/.test(version))
      return { status: 400, answer: { message: 'X-Experience-API-Version 1.0.x is required' }, ids };
    const statementId = url.searchParams.get('statementId');
    if (req.method === 'GET') {
      if (!statementId)
        return { status: 200, answer: { statements: [...statements.values()], more: '' }, ids };
      const found = statements.get(statementId);
      return found
        ? { status: 200, answer: found, ids }
        : { status: 404, answer: { message: 'No such statement' }, ids };
    }
    let body: unknown;
    try {
      body = await bodyOf(req);
    } catch {
      return { status: 400, answer: { message: 'The body is not JSON' }, ids };
    }
    if (req.method === 'POST') {
      const batch = Array.isArray(body) ? body : [body];
      if (batch.length === 0) return { status: 400, answer: { message: 'No statements' }, ids };
      return { ...store(batch, ids), ids };
    }
    if (req.method === 'PUT') {
      if (!statementId) return { status: 400, answer: { message: 'statementId is required' }, ids };
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return { status: 400, answer: { message: 'PUT takes one statement' }, ids };
      const given = (body as { id?: unknown }).id;
      if (given !== undefined && given !== statementId)
        return { status: 400, answer: { message: 'The statement id differs from statementId' }, ids };
      const result = store([{ ...body, id: statementId }], ids);
      return result.status === 200 ? { status: 204, ids } : { ...result, ids };
    }
    return { status: 405, answer: { message: 'Method not allowed' }, ids };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void answer(req).then(({ status, answer: body, ids }) => {
      requests.push({ method: req.method ?? '', status, ids });
      res.writeHead(status, { 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const lrs: TestLrs = {
    endpoint: `http://127.0.0.1:${port}/xapi/`,
    key,
    secret,
    statements,
    requests,
    down: false,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return lrs;
}
