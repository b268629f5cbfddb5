// /billing/*: the billing account's invoices with their PDF receipts, the details receipts name, and the
// card update in the portal, through the real stripe SDK against the payments sandbox.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountSchema } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { learnerFactory, PUBLIC_URL, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('a', 'Accountant');

/** Every stream of a PDF, inflated where it is compressed: what its pages draw. */
function pdfStreams(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const parts: string[] = [];
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('endstream', at);
    if (end === -1) break;
    const body = bytes.subarray(at + 'stream\n'.length, end);
    try {
      parts.push(inflateSync(body).toString('latin1'));
    } catch {
      parts.push(body.toString('latin1'));
    }
    at = end;
  }
  return parts.join('\n');
}

/** Whether the PDF draws `text` (pdf-lib writes each drawn string as hex of its WinAnsi bytes). */
const draws = (pdf: string, text: string) =>
  pdf.includes(`<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`);

/** The PDF's address on billing itself (the answer names it under the gateway's public URL). */
const onBilling = (pdfUrl: string) => `${world.billing.url}${pdfUrl.slice(`${PUBLIC_URL}/api/v1`.length)}`;

describe('GET /billing/account', () => {
  it('lists every invoice with date, plan, amounts, status, the hosted invoice and a PDF receipt', async () => {
    const payer = newLearner();
    expect((await world.checkout(payer, '4242424242424242')).status).toBe(303);
    const res = await world.call('GET', '/billing/account', { as: payer });
    expect(res.status).toBe(200);
    const account = billingAccountSchema.parse(res.body.data);
    expect(account.details).toEqual({ email: payer.email, companyName: null, vatNumber: null });
    expect(account.invoices).toHaveLength(1);
    const [invoice] = account.invoices;
    expect(invoice).toMatchObject({
      plan: 'Premium Monthly',
      subtotal: 14.99,
      discount: 0,
      tax: 0,
      amount: 14.99,
      currency: 'usd',
      status: 'paid',
    });
    expect(Math.abs(Date.parse(invoice!.date) - Date.now())).toBeLessThan(5 * 60_000);
    expect(invoice!.hostedUrl).toMatch(new RegExp(`^${world.sandbox.url}/receipts/in_`));
    expect(invoice!.pdfUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/billing/receipts/in_\\w+\\?sig=`));

    const pdf = await fetch(onBilling(invoice!.pdfUrl));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.toString('latin1', 0, 5)).toBe('%PDF-');
    const text = pdfStreams(bytes);
    expect(draws(text, 'Premium Monthly')).toBe(true);
    expect(draws(text, 'Total paid')).toBe(true);
    expect(draws(text, payer.email)).toBe(true);

    // Only with its own signature.
    const forged = new URL(onBilling(invoice!.pdfUrl));
    forged.searchParams.set('sig', 'x'.repeat(43));
    const refused = await fetch(forged);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ success: false, message: 'Receipt not found' });
  });

  it('is empty for a learner who never paid, and for an admin; anonymous callers are refused', async () => {
    const learner = newLearner();
    expect((await world.call('GET', '/billing/account', { as: learner })).body.data).toEqual({
      details: { email: learner.email, companyName: null, vatNumber: null },
      invoices: [],
    });
    expect((await world.call('GET', '/billing/account', { as: testUsers.admin })).body.data.invoices).toEqual(
      [],
    );
    expect((await world.call('GET', '/billing/account')).status).toBe(401);
  });
});

describe('PUT /billing/details', () => {
  it('refuses a bad e-mail or VAT number in the one error shape and changes nothing', async () => {
    const payer = newLearner();
    for (const [body, field, message] of [
      [{ email: 'not-an-address' }, 'email', 'Enter a valid billing e-mail address'],
      [
        { email: 'ok@test.example', vatNumber: '12' },
        'vatNumber',
        'Enter a VAT number as its country code and number, such as DE123456789',
      ],
      [
        { email: 'ok@test.example', companyName: 'x'.repeat(121) },
        'companyName',
        'Company name must be at most 120 characters',
      ],
    ] as const) {
      const res = await world.call('PUT', '/billing/details', { as: payer, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, errors: [{ field, message }] });
    }
    expect((await world.call('GET', '/billing/account', { as: payer })).body.data.details.email).toBe(
      payer.email,
    );
  });

  it('keeps the billing e-mail, company and VAT number, names them on the receipt', async () => {
    const payer = newLearner();
    await world.checkout(payer, '4242424242424242');
    const saved = await world.call('PUT', '/billing/details', {
      as: payer,
      body: { email: ' accounts@acme.example ', companyName: 'Acme GmbH', vatNumber: 'de 123 456 789' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      email: 'accounts@acme.example',
      companyName: 'Acme GmbH',
      vatNumber: 'DE123456789',
    });
    const account = billingAccountSchema.parse(
      (await world.call('GET', '/billing/account', { as: payer })).body.data,
    );
    expect(account.details.companyName).toBe('Acme GmbH');
    const pdf = Buffer.from(await (await fetch(onBilling(account.invoices[0]!.pdfUrl))).arrayBuffer());
    const text = pdfStreams(pdf);
    expect(draws(text, 'Acme GmbH')).toBe(true);
    expect(draws(text, 'VAT number: DE123456789')).toBe(true);
    expect(draws(text, 'accounts@acme.example')).toBe(true);

    // A cleared company and VAT number are gone again.
    const cleared = await world.call('PUT', '/billing/details', {
      as: payer,
      body: { email: 'accounts@acme.example', companyName: '', vatNumber: '' },
    });
    expect(cleared.body.data).toEqual({ email: 'accounts@acme.example', companyName: null, vatNumber: null });
  });
});

describe('POST /billing/card-update', () => {
  it("opens the provider's portal at the card update; without a billing account it is a 404", async () => {
    const none = await world.call('POST', '/billing/card-update', { as: newLearner() });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ success: false, message: 'No billing account found. Subscribe first.' });

    const payer = newLearner();
    await world.checkout(payer, '4242424242424242');
    const res = await world.call('POST', '/billing/card-update', { as: payer });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/\/portal\/bps_\w+\?flow=payment_method_update$/);
    const page = await (await fetch(res.body.data.url)).text();
    expect(page).toContain('<h2>Update your card</h2>');
    expect(page.indexOf('Update your card')).toBeLessThan(page.indexOf('Current plan'));
  });
});
