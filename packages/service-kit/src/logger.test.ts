import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { startTelemetry } from './telemetry';

describe('log lines', () => {
  it('name the active trace, and only inside one', () => {
    startTelemetry({ serviceName: 'demo', config: {} });
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const log = createLogger('demo', 'info', sink);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const span = trace.wrapSpanContext({ traceId, spanId: '00f067aa0ba902b7', traceFlags: 1 });
    context.with(trace.setSpan(context.active(), span), () => log.info('inside'));
    log.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', traceId });
    expect(lines[1]!.msg).toBe('outside');
    expect(lines[1]).not.toHaveProperty('traceId');
  });
});
