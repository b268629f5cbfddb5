// Billing's e-mails in another language: the words, the days and the amounts as that language writes them.
import { describe, expect, it } from 'vitest';
import { paymentFailedMessage } from '../recovery/payment-failed-mail';
import { personalPlanEndsMessage } from '../teams/personal-plan';

describe("billing's e-mails in the user's language", () => {
  it('writes the personal plan ending in German, and in English as before', () => {
    const person = { name: 'Mia', teamName: 'Acme' };
    const endsOn = new Date('2027-01-05T00:00:00Z');
    const german = personalPlanEndsMessage(person, endsOn, 'http://catalyst.test', 'de');
    expect(german.subject).toBe('Dein persönlicher Catalyst-Premium-Tarif endet am 5. Januar 2027');
    expect(german.text.split('\n')).toEqual([
      'Hallo Mia,',
      '',
      'Dein persönlicher Premium-Tarif endet am 5. Januar 2027; ab jetzt deckt dich der Platz deines Teams ab.',
      'Dein Platz in Acme gibt dir Premium, daher verlängert sich dein persönlicher Tarif nicht und wird dir nicht mehr berechnet.',
      '',
      'Dein Tarif: http://catalyst.test/subscription',
    ]);
    expect(personalPlanEndsMessage(person, endsOn, 'http://catalyst.test').subject).toBe(
      'Your personal Catalyst Premium plan ends on January 5, 2027',
    );
  });

  it('writes a failed payment in Arabic with the amount and days as Arabic writes them', () => {
    const invoice = { amount_due: 1499, currency: 'usd', next_payment_attempt: Date.UTC(2027, 0, 6) / 1000 };
    const arabic = paymentFailedMessage(
      'http://catalyst.test',
      invoice,
      { status: 'past_due', grace_ends_at: new Date('2027-01-12T00:00:00Z') },
      'ar',
    );
    expect(arabic.subject).toBe('فشل دفع اشتراكك في Catalyst Premium');
    expect(arabic.text).toContain(
      `لم نتمكن من خصم ${new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(14.99)} من بطاقتك`,
    );
    expect(arabic.text).toContain('سنحاول مجددًا في 6 يناير 2027.');
    expect(arabic.headers).toEqual({ 'Content-Language': 'ar' });
  });
});
