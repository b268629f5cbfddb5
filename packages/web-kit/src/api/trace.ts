/** The W3C Trace Context header a call carries (https://www.w3.org/TR/trace-context/). */
export const TRACEPARENT_HEADER = 'traceparent';
/** The header naming the trace of an answer (the gateway sets it on every /api/v1 answer). */
export const TRACE_ID_HEADER = 'x-trace-id';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Random bytes, never all zero (an all-zero trace or span id is invalid). */
function randomId(length: number): string {
  const bytes = new Uint8Array(length);
  do crypto.getRandomValues(bytes);
  while (bytes.every((b) => b === 0));
  return hex(bytes);
}

/**
 * A new trace for one API call: its id and the `traceparent` that starts it (version 00, sampled). The
 * gateway continues it, so the browser's call, the gateway, the services and their queries share one trace id.
 */
export function newTrace(): { traceId: string; traceparent: string } {
  const traceId = randomId(16);
  return { traceId, traceparent: `00-${traceId}-${randomId(8)}-01` };
}
