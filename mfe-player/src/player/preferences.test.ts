import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY, readPreferences, savePreferences } from './preferences';

function memoryStorage(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[PREFERENCES_KEY, initial]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('player preferences', () => {
  it('remembers speed, volume and mute across reads, one change at a time', () => {
    const storage = memoryStorage();
    expect(readPreferences(storage)).toEqual(DEFAULT_PREFERENCES);
    savePreferences({ rate: 1.5 }, storage);
    savePreferences({ volume: 0.4, muted: true }, storage);
    expect(readPreferences(storage)).toEqual({ rate: 1.5, volume: 0.4, muted: true });
  });

  it('falls back to the defaults for damaged or out-of-range values', () => {
    expect(readPreferences(memoryStorage('{not json'))).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences(memoryStorage('{"rate":7,"volume":3,"muted":"yes"}'))).toEqual({
      rate: 1,
      volume: 1,
      muted: false,
    });
    expect(readPreferences(memoryStorage('{"rate":0.75,"volume":-1}'))).toEqual({
      rate: 0.75,
      volume: 0,
      muted: false,
    });
  });

  it('keeps playing when storage refuses to write', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => savePreferences({ rate: 2 }, refusing)).not.toThrow();
  });

  it("reads the defaults and keeps playing in a frame of another site, where even reading the page's storage throws", () => {
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
      expect(() => savePreferences({ rate: 2 })).not.toThrow();
    } finally {
      Object.defineProperty(window, 'localStorage', own);
    }
  });
});
