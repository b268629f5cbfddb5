import type { IncomingMessage, ServerResponse } from 'node:http';

type Next = (error?: unknown) => void;
/** A connect-style handler over node's own request and response (express's are subclasses, so it mounts there too). */
export type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown;

/**
 * Runs handlers in order as one step. The API path is hot: composing its steps here instead of stacking
 * router layers keeps per-layer matching off every proxied request.
 */
export function chain(...handlers: Handler[]): Handler {
  return (req, res, done) => {
    let index = 0;
    // Assigned to a property, not to a name: tsx (esbuild's keepNames) would otherwise redefine the function's
    // `name` for every request, which the gateway's profile showed at ~4% of an /auth/me's CPU.
    const step: { next: Next } = { next: done };
    step.next = (error) => {
      if (error !== undefined && error !== null && error !== 'route') return done(error);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, step.next);
        if (result instanceof Promise) result.catch(step.next);
      } catch (thrown) {
        step.next(thrown ?? new Error('handler threw'));
      }
    };
    step.next();
  };
}

/** The path of a request without its query string. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** Per-request values shared by the steps (express keeps the same object as res.locals). */
export function localsOf(res: ServerResponse): Record<string, unknown> {
  const withLocals = res as ServerResponse & { locals?: Record<string, unknown> };
  return (withLocals.locals ??= {});
}
