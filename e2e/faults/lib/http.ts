// Requests bounded in time, counted by outcome, so a scenario can state what it sent and what came back.

import type { ApiBody } from '../../lib/api-body';

export type { ApiBody };

/** What one request came back with, or how it failed. */
export interface Answer<T = ApiBody> {
  /** HTTP status; 0 when the request hung past its bound or the connection failed. */
  status: number;
  ms: number;
  /** When the answer (or the failure) arrived, ms since the epoch. */
  at: number;
  body: T | undefined;
  /** The body was JSON in the one error/success shape ({ success: boolean }). */
  shaped: boolean;
  hung: boolean;
  networkError?: string;
}

export class Traffic {
  sent = 0;
  hangs = 0;
  readonly byStatus = new Map<string, number>();
  /** Non-2xx answers whose body was not the one JSON error shape. */
  unshaped = 0;
  slowestMs = 0;

  record(answer: Answer<unknown>) {
    this.sent++;
    const key = answer.hung ? 'hang' : answer.status === 0 ? 'network-error' : String(answer.status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    if (answer.hung) this.hangs++;
    if (answer.status >= 300 && !answer.shaped) this.unshaped++;
    this.slowestMs = Math.max(this.slowestMs, answer.ms);
  }

  count(predicate: (status: string) => boolean) {
    let n = 0;
    for (const [status, c] of this.byStatus) if (predicate(status)) n += c;
    return n;
  }

  summary() {
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    return `requests ${this.sent}, by status ${statuses || '-'}, hangs ${this.hangs}, slowest ${Math.round(this.slowestMs)} ms`;
  }
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData | URLSearchParams;
  headers?: Record<string, string>;
  timeoutMs?: number;
  traffic?: Traffic;
}

export async function call<T = ApiBody>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const { token, body, form, headers = {}, timeoutMs = 8_000, traffic } = options;
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let answer: Answer<T>;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
      redirect: 'manual',
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const shaped =
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { success?: unknown }).success === 'boolean';
    answer = {
      status: response.status,
      ms: performance.now() - started,
      at: Date.now(),
      body: (parsed ?? text) as T,
      shaped,
      hung: false,
    };
  } catch (error) {
    const hung = controller.signal.aborted;
    answer = {
      status: 0,
      ms: performance.now() - started,
      at: Date.now(),
      body: undefined,
      shaped: false,
      hung,
      networkError: hung ? undefined : String((error as Error).cause ?? error),
    };
  } finally {
    clearTimeout(timer);
  }
  traffic?.record(answer);
  return answer;
}

/**
 * How long a scenario waits for a killed or frozen service to serve again once the supervisor may restart it.
 * A restart is a Node start-up, migrations checked and a first connection: 7–10 s on a quiet machine, 12–20 s
 * with vitest and the journeys beside the suite on CI, and past 30 s once on a host with a third of its CPU stolen.
 */
export const RESTART_WAIT_MS = 60_000;

/** What a check says of a service that did not serve again within RESTART_WAIT_MS. */
export const NOT_SERVING_AGAIN = `not serving within ${RESTART_WAIT_MS / 1000} s`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers true or the time is up; answers how long it took (or undefined). */
export async function waitFor(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  return undefined;
}
