import type { gatewayRoutes, RouteBodyInput } from '@catalyst/contracts';
import { api, isApiRequestError } from '@catalyst/web-kit';

/** What the gateway's POST /api/v1/client-errors accepts (it logs the report and answers 202). */
export type ClientErrorReport = RouteBodyInput<typeof gatewayRoutes.reportClientError>;

const STACK_LIMIT = 4000;

const trim = (text: string | null | undefined, limit: number) => (text ? text.slice(0, limit) : undefined);

/** The trace of the failing API call, when the error is one (or was caused by one). */
function traceIdOf(error: unknown): string | undefined {
  for (
    let cause = error, depth = 0;
    cause && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth += 1
  ) {
    if (isApiRequestError(cause) && cause.traceId && /^[0-9a-f]{32}$/.test(cause.traceId))
      return cause.traceId;
  }
  return undefined;
}

/** Which remote failed and which release of it the page ran (the gateway counts load errors per release). */
export interface FailedRelease {
  remote: string;
  release?: string;
  /** The nonce /mf/remotes.json served with that release on this load (without it the report is not counted). */
  nonce?: string;
}

export function buildClientErrorReport(
  error: unknown,
  componentStack?: string | null,
  failed?: FailedRelease,
): ClientErrorReport {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
  return {
    ...(failed
      ? {
          remote: trim(failed.remote, 100),
          release: trim(failed.release, 100),
          nonce: trim(failed.nonce, 200),
        }
      : {}),
    message: trim(err.message || err.name || 'Unknown error', 2000)!,
    stack: trim(err.stack, STACK_LIMIT),
    componentStack: trim(componentStack?.trim(), STACK_LIMIT),
    url: trim(`${window.location.pathname}${window.location.search}`, 2000),
    userAgent: trim(navigator.userAgent, 500),
    traceId: traceIdOf(error),
  };
}

/**
 * Sends an unexpected front-end failure to the gateway so the team really is notified. Best effort:
 * a report that cannot be delivered is only logged to the console.
 */
export async function reportClientError(
  error: unknown,
  componentStack?: string | null,
  failed?: FailedRelease,
): Promise<boolean> {
  const report = buildClientErrorReport(error, componentStack, failed);
  try {
    // A plain fetch, not a call of the client: a report never carries the session.
    const response = await fetch(api.gateway.reportClientError.url(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    });
    return response.ok;
  } catch (failure) {
    console.warn('[shell] could not report the error', failure);
    return false;
  }
}
