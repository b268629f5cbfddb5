import { describe, expect, it } from 'vitest';
import { configSchema } from './config';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db', INTERNAL_SECRET: 'x'.repeat(32) };

describe('billing config', () => {
  it('defaults to the sandbox key, secret and the gateway URL', () => {
    const config = configSchema.parse(base);
    expect(config).toMatchObject({
      PORT: 4004,
      STRIPE_SECRET_KEY: 'sk_test_catalyst_sandbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_catalyst_sandbox_secret',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(config.STRIPE_API_URL).toBeUndefined();
  });

  it('treats empty optional values as unset and refuses a malformed provider URL', () => {
    const config = configSchema.parse({ ...base, STRIPE_API_URL: '', STRIPE_PRICE_PREMIUM: '' });
    expect(config.STRIPE_API_URL).toBeUndefined();
    expect(config.STRIPE_PRICE_PREMIUM).toBeUndefined();
    const bad = configSchema.safeParse({ ...base, STRIPE_API_URL: 'not a url' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('STRIPE_API_URL must be a URL such as http://127.0.0.1:4010');
  });
});
