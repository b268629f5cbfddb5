import { describe, expect, it, vi } from 'vitest';
import { createKeptAnswers } from './kept-answers';

describe('answers kept serialised beside their memoised read', () => {
  it('builds and serialises an answer once per memoised result, and again for a new result', () => {
    const keep = createKeptAnswers<{ n: number }>();
    const memoised = { rows: [1] };
    const build = vi.fn(() => ({ n: memoised.rows.length }));
    const first = keep(memoised, build);
    expect(first.data).toEqual({ n: 1 });
    expect(String(first.body)).toBe('{"success":true,"data":{"n":1}}');
    expect(keep(memoised, build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    // the memo read again (its TTL, an admin write) gives a new result: a new answer
    const next = keep({ rows: [1, 2] }, () => ({ n: 2 }));
    expect(String(next.body)).toBe('{"success":true,"data":{"n":2}}');
  });

  it('builds again when the stamp changes (a new signing epoch), and keeps that one', () => {
    const keep = createKeptAnswers<{ epoch: number }>();
    const memoised = {};
    let epoch = 1;
    const build = vi.fn(() => ({ epoch }));
    expect(keep(memoised, build, epoch).data).toEqual({ epoch: 1 });
    epoch = 2;
    expect(String(keep(memoised, build, epoch).body)).toBe('{"success":true,"data":{"epoch":2}}');
    keep(memoised, build, epoch);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('keeps each route its own answers: one memoised result may answer two routes differently', () => {
    const memoised = { items: ['a'] };
    const publicList = createKeptAnswers<string[]>();
    const premiumList = createKeptAnswers<string[]>();
    expect(String(publicList(memoised, () => ['public']).body)).toContain('public');
    expect(String(premiumList(memoised, () => ['premium']).body)).toContain('premium');
  });
});
