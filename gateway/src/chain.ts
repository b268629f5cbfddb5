import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs handlers in order as one express layer. The API path is hot: composing its steps here instead of
 * stacking router layers keeps express's per-layer matching off every proxied request.
 */
export function chain(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (error?: unknown) => {
      if (error !== undefined && error !== null && error !== 'route') return done(error);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown ?? new Error('handler threw'));
      }
    };
    next();
  };
}
