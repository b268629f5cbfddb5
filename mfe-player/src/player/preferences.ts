import { PLAYBACK_RATES, clampVolume } from './playerKeys';

/** How this browser likes its videos: kept across items and visits, like the best players do. */
export interface PlayerPreferences {
  rate: number;
  volume: number;
  muted: boolean;
}

export const PREFERENCES_KEY = 'catalyst.player';
export const DEFAULT_PREFERENCES: PlayerPreferences = { rate: 1, volume: 1, muted: false };

/**
 * The stored preferences (this page's localStorage unless given another); anything missing, damaged or out of
 * range falls back to the default, and so does a storage the browser refuses (a frame of another site, as an
 * LMS frames the product page, may not even read the property).
 */
export function readPreferences(storage?: Pick<Storage, 'getItem'>): PlayerPreferences {
  try {
    const stored = JSON.parse(
      (storage ?? globalThis.localStorage)?.getItem(PREFERENCES_KEY) ?? 'null',
    ) as Partial<Record<keyof PlayerPreferences, unknown>> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_PREFERENCES;
    const rate = PLAYBACK_RATES.find((r) => r === stored.rate) ?? DEFAULT_PREFERENCES.rate;
    const volume =
      typeof stored.volume === 'number' && Number.isFinite(stored.volume)
        ? clampVolume(stored.volume)
        : DEFAULT_PREFERENCES.volume;
    const muted = typeof stored.muted === 'boolean' ? stored.muted : DEFAULT_PREFERENCES.muted;
    return { rate, volume, muted };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** Stores a change; a blocked or full storage only means the choice is not remembered. */
export function savePreferences(
  change: Partial<PlayerPreferences>,
  storage?: Pick<Storage, 'getItem' | 'setItem'>,
) {
  try {
    const store = storage ?? globalThis.localStorage;
    store?.setItem(PREFERENCES_KEY, JSON.stringify({ ...readPreferences(store), ...change }));
  } catch {
    // not remembered, still applied
  }
}
