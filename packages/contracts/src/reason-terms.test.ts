import { describe, expect, it } from 'vitest';
import { reasonBodySchema } from './api';
import { REVOCATION_REASON } from './certificate-terms';
import { MODERATION_REASON } from './community-terms';
import { reasonProblem, type ReasonRule } from './reason-terms';

const inputs: unknown[] = [
  undefined,
  null,
  42,
  '',
  '   ',
  ' ab ',
  'abc',
  '  a fair reason  ',
  'x'.repeat(500),
  ` ${'x'.repeat(500)} `,
  'x'.repeat(501),
];

describe.each([
  ['revoking a certificate', REVOCATION_REASON],
  ['moderating a post', MODERATION_REASON],
] as [string, ReasonRule][])('the reason for %s', (_, rule) => {
  it('is refused by the dialog exactly when the route refuses it, with the same words', () => {
    const schema = reasonBodySchema(rule);
    for (const reason of inputs) {
      const parsed = schema.safeParse({ reason });
      expect(parsed.success ? undefined : parsed.error.issues[0]?.message, JSON.stringify(reason)).toBe(
        reasonProblem(rule, reason),
      );
    }
  });

  it('is kept trimmed', () => {
    expect(reasonBodySchema(rule).parse({ reason: '  a fair reason  ' })).toEqual({
      reason: 'a fair reason',
    });
  });

  it('says what is wrong', () => {
    expect(reasonProblem(rule, undefined)).toBe(rule.required);
    expect(reasonProblem(rule, ' ab ')).toBe(rule.tooShort);
    expect(reasonProblem(rule, 'x'.repeat(rule.max + 1))).toBe(rule.tooLong);
    expect(reasonProblem(rule, 'x'.repeat(rule.max))).toBeUndefined();
  });
});
