import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@catalyst/web-kit';
import { buildClientErrorReport } from './reportClientError';

describe('error reports', () => {
  const traceId = '0af7651916cd43dd8448eb211c80319c';

  it('carry the trace id of the failing API call', () => {
    expect(buildClientErrorReport(new ApiRequestError('Server error', 500, [], traceId)).traceId).toBe(
      traceId,
    );
  });

  it('find it on an error caused by a failing call', () => {
    const wrapped = new Error('Could not load the course', {
      cause: new ApiRequestError('Server error', 503, [], traceId),
    });
    expect(buildClientErrorReport(wrapped).traceId).toBe(traceId);
  });

  it('have none for other failures, or for a malformed id', () => {
    expect(buildClientErrorReport(new TypeError('x is undefined')).traceId).toBeUndefined();
    expect(
      buildClientErrorReport(new ApiRequestError('Server error', 500, [], 'not-a-trace')).traceId,
    ).toBeUndefined();
  });
});
