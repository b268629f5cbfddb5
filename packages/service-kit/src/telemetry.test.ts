import { ROOT_CONTEXT, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { samplerFrom } from './telemetry';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const callerSaying = (sampled: boolean) =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: TRACE_ID,
    spanId: '00f067aa0ba902b7',
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
const records = (sampler: ReturnType<typeof samplerFrom>, ctx = ROOT_CONTEXT) =>
  sampler.shouldSample(ctx, TRACE_ID, 'GET /x', SpanKind.SERVER, {}, []).decision ===
  SamplingDecision.RECORD_AND_SAMPLED;

describe('the sampler from OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG', () => {
  it('records every new trace by default and follows a caller that recorded', () => {
    const sampler = samplerFrom({});
    expect(records(sampler)).toBe(true);
    expect(records(sampler, callerSaying(true))).toBe(true);
    expect(records(sampler, callerSaying(false))).toBe(false);
  });

  it('parentbased_traceidratio: the ratio decides new traces, a service follows its caller', () => {
    const none = samplerFrom({
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
    });
    expect(records(none)).toBe(false);
    expect(records(none, callerSaying(true))).toBe(true);
    expect(records(samplerFrom({ OTEL_TRACES_SAMPLER_ARG: '1' }), callerSaying(false))).toBe(false);
  });

  it("at the edge a caller's sampled flag does not force recording: the ratio decides on the trace id", () => {
    expect(
      records(
        samplerFrom(
          { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' },
          { edge: true },
        ),
        callerSaying(true),
      ),
    ).toBe(false);
    expect(
      records(
        samplerFrom(
          { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' },
          { edge: true },
        ),
        callerSaying(false),
      ),
    ).toBe(true);
    // The same trace id gets the same answer at every ratio above its threshold: the decision is stable.
    const half = samplerFrom({ OTEL_TRACES_SAMPLER_ARG: '0.5' }, { edge: true });
    expect(records(half, callerSaying(true))).toBe(records(half, callerSaying(false)));
  });

  it('knows the standard names, and refuses anything else with a clear message', () => {
    expect(records(samplerFrom({ OTEL_TRACES_SAMPLER: 'always_off' }), callerSaying(true))).toBe(false);
    expect(records(samplerFrom({ OTEL_TRACES_SAMPLER: 'always_on' }), callerSaying(false))).toBe(true);
    expect(records(samplerFrom({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }))).toBe(false);
    expect(
      records(
        samplerFrom({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }),
        callerSaying(true),
      ),
    ).toBe(false);
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      /OTEL_TRACES_SAMPLER must be one of .*got sometimes/,
    );
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER_ARG: '10%' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got 10%/,
    );
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/from 0 to 1/);
  });
});
