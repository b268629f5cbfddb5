import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, findFormMessage, type FormMessageKey } from './form-messages';
import { messageOf } from './form-messages/fill';
import { productInputSchema } from './admin';

const fill = messageOf(FORM_MESSAGES);

describe('form messages', () => {
  it('finds each message by its English, with its values, and no other message', () => {
    const wrong: string[] = [];
    for (const key of Object.keys(FORM_MESSAGES) as FormMessageKey[]) {
      const values = { max: 123, min: 4, hours: 5, id: 'abc', values: 'a, b' };
      const found = findFormMessage(fill(key, values));
      if (found?.key !== key) wrong.push(`${key} → ${found?.key ?? 'nothing'}`);
    }
    expect(wrong).toEqual([]);
    expect(findFormMessage('Title must be at most 200 characters')).toEqual({
      key: 'form.titleMax',
      values: { max: 200 },
    });
    expect(findFormMessage('Course 12 is gone')).toBeUndefined();
  });

  it('is what the schemas say, English byte for byte', () => {
    const result = productInputSchema.safeParse({ title: 'x'.repeat(201), tags: ['y'.repeat(41)] });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title must be at most 200 characters',
        'Each tag must be at most 40 characters',
      ]),
    );
  });
});
