import { afterEach, describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './liveTime';

const zone = process.env.TZ;
const inZone = (tz: string) => {
  process.env.TZ = tz;
};
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('a datetime-local value and the instant the server keeps', () => {
  it("reads the typed time in the admin's zone, with that day's offset", () => {
    inZone('Europe/Berlin');
    expect(localInputToIso('2026-12-01T18:30')).toBe('2026-12-01T18:30:00+01:00');
    expect(localInputToIso('2026-07-01T18:30')).toBe('2026-07-01T18:30:00+02:00');
    inZone('America/New_York');
    expect(localInputToIso('2026-12-01T09:05')).toBe('2026-12-01T09:05:00-05:00');
    inZone('Asia/Kolkata');
    expect(localInputToIso('2026-12-01T09:05')).toBe('2026-12-01T09:05:00+05:30');
    inZone('UTC');
    expect(localInputToIso('2026-12-01T09:05')).toBe('2026-12-01T09:05:00+00:00');
  });

  it('names the same instant the input showed', () => {
    inZone('America/New_York');
    const iso = localInputToIso('2026-11-30T23:45');
    expect(new Date(iso).toISOString()).toBe('2026-12-01T04:45:00.000Z');
    expect(isoToLocalInput('2026-12-01T04:45:00.000Z')).toBe('2026-11-30T23:45');
    expect(isoToLocalInput(iso)).toBe('2026-11-30T23:45');
  });

  it('moves a time the clocks skip to the first time after it', () => {
    inZone('Europe/Berlin');
    expect(localInputToIso('2026-03-29T02:30')).toBe('2026-03-29T03:30:00+02:00');
  });

  it('gives nothing for an empty or impossible value', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('2026-02-31T10:00')).toBe('');
    expect(localInputToIso('tomorrow at six')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});
