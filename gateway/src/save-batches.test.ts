import { describe, expect, it } from 'vitest';
import { answersOf } from './save-batches';

const envelope = (answers: unknown) => JSON.stringify({ success: true, data: { answers } });
const ok = { status: 200, body: '{"success":true}' };

// A batch's answer is relayed to each client only when it is the batch route's declared answer, one a save.
describe("reading a gathered batch's answer", () => {
  it('gives each save its answer, headers included', () => {
    const refused = { status: 429, body: '{"success":false}', headers: { 'retry-after': '3' } };
    expect(answersOf(envelope([ok, refused]), 2)).toEqual([ok, refused]);
  });

  it('refuses an answer that is not one a save', () => {
    expect(answersOf(envelope([ok]), 2)).toBeUndefined();
    expect(answersOf(envelope([ok, ok, ok]), 2)).toBeUndefined();
  });

  it('refuses an answer outside the declared shape', () => {
    for (const answers of [
      [{ status: '200', body: '{}' }],
      [{ status: 200, body: {} }],
      [{ status: 200.5, body: '{}' }],
      [{ status: 200 }],
      [{ status: 200, body: '{}', headers: { 'retry-after': 3 } }],
      [null],
      'answers',
    ])
      expect(answersOf(envelope(answers), 1), JSON.stringify(answers)).toBeUndefined();
  });

  it('refuses a body that is not JSON or has no answers', () => {
    expect(answersOf('{"success":true,"data":{"answ', 1)).toBeUndefined();
    expect(answersOf('null', 1)).toBeUndefined();
    expect(answersOf(JSON.stringify({ success: true, data: {} }), 1)).toBeUndefined();
    expect(answersOf(JSON.stringify({ success: false, message: 'x' }), 1)).toBeUndefined();
  });
});
