import { describe, expect, it } from 'vitest';
import { SECRET_PURPOSES, openSecret, sealSecret, secretBoxKey } from './secret-box';

const key = secretBoxKey('an-internal-secret-of-at-least-32-characters', SECRET_PURPOSES.teamSso);
const TEAM = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

describe("a team's sealed client secret", () => {
  it('opens to the secret for its own team, and never shows it while sealed', () => {
    const box = sealSecret(key, TEAM, 'the-client-secret');
    expect(box).not.toContain('the-client-secret');
    expect(openSecret(key, TEAM, box)).toBe('the-client-secret');
    // A fresh IV each time: the same secret seals differently.
    expect(sealSecret(key, TEAM, 'the-client-secret')).not.toBe(box);
  });

  it("refuses to open under another team's id, another key, or after tampering", () => {
    const box = sealSecret(key, TEAM, 'the-client-secret');
    expect(() => openSecret(key, '00000000-0000-4000-8000-000000000000', box)).toThrow();
    expect(() =>
      openSecret(
        secretBoxKey('another-internal-secret-of-32-characters!', SECRET_PURPOSES.teamSso),
        TEAM,
        box,
      ),
    ).toThrow();
    const [version, iv, tag, sealed] = box.split('.');
    const flipped = Buffer.from(sealed!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      openSecret(key, TEAM, [version, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow();
  });

  it("refuses to open under another purpose's key", () => {
    const box = sealSecret(key, TEAM, 'the-client-secret');
    const other = secretBoxKey('an-internal-secret-of-at-least-32-characters', SECRET_PURPOSES.xapiLrsSecret);
    expect(() => openSecret(other, TEAM, box)).toThrow();
  });
});
