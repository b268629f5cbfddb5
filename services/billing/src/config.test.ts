import { describe, expect, it } from 'vitest';
import { configSchema } from './config';

const base = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  INTERNAL_SECRET: 'x'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_test_install_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_install_secret',
};

describe('billing config', () => {
  it('defaults the port and the gateway URL', () => {
    const config = configSchema.parse(base);
    expect(config).toMatchObject({ PORT: 4004, PUBLIC_URL: 'http://localhost:8080' });
    expect(config.STRIPE_API_URL).toBeUndefined();
  });

  it('has no key or webhook secret of its own: a real key without its webhook secret refuses to start', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutSecret } = base;
    const refused = configSchema.safeParse({ ...withoutSecret, STRIPE_SECRET_KEY: 'sk_live_realkey' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^STRIPE_WEBHOOK_SECRET is required/);
    const { STRIPE_SECRET_KEY: _key, ...withoutKey } = base;
    expect(configSchema.safeParse(withoutKey).success).toBe(false);
  });

  it('keeps a failed renewal open 7 days unless PAST_DUE_GRACE_DAYS says otherwise, within 0 to 60', () => {
    expect(configSchema.parse(base).PAST_DUE_GRACE_DAYS).toBe(7);
    expect(configSchema.parse({ ...base, PAST_DUE_GRACE_DAYS: '3' }).PAST_DUE_GRACE_DAYS).toBe(3);
    const bad = configSchema.safeParse({ ...base, PAST_DUE_GRACE_DAYS: '90' });
    expect(bad.error?.issues[0]?.message).toBe('PAST_DUE_GRACE_DAYS must be at most 60 days');
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
