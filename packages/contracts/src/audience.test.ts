import { describe, expect, it } from 'vitest';
import { audienceHeaderSeconds, audienceHeaderValue } from './identity';

describe('the audience header between a service and the gateway', () => {
  it('reads back what a service writes, and nothing else', () => {
    expect(audienceHeaderSeconds(audienceHeaderValue('premium', 5), 'premium')).toBe(5);
    expect(audienceHeaderSeconds(' Premium ;max-age=30 ', 'premium')).toBe(30);
    for (const value of [
      undefined,
      '',
      'premium',
      'premium; max-age=',
      'premium; max-age=-1',
      'premium; max-age=5, public',
      'members; max-age=5',
      ['premium; max-age=5', 'x'],
    ]) {
      expect(audienceHeaderSeconds(value, 'premium')).toBe(0);
    }
  });
});
