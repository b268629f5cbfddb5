import { useEffect, useState } from 'react';
import { DEFAULT_PLAYER_SETTINGS } from '@catalyst/contracts';
import { api, useSession } from '@catalyst/web-kit';

/** This browser's last known choice: what shows before the account's answer arrives (and all a visitor has). */
export const AUTOPLAY_KEY = 'catalyst.player.autoplay';

function readLocal(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(AUTOPLAY_KEY);
    return stored === null || stored === undefined ? DEFAULT_PLAYER_SETTINGS.autoplay : stored === 'on';
  } catch {
    return DEFAULT_PLAYER_SETTINGS.autoplay;
  }
}

function saveLocal(on: boolean) {
  try {
    globalThis.localStorage?.setItem(AUTOPLAY_KEY, on ? 'on' : 'off');
  } catch {
    // not remembered on this device; the account still keeps it
  }
}

/** The player's Autoplay setting and its switch. */
export interface Autoplay {
  on: boolean;
  change: (on: boolean) => void;
}

/**
 * Autoplay of the next lesson: kept with the learner's account (GET/PUT /player-settings), so every device
 * plays alike; a visitor's stays in this browser. A change shows at once; one the server refused is undone.
 */
export function useAutoplay(): Autoplay {
  const userId = useSession().user?._id ?? null;
  const [on, setOn] = useState(readLocal);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    api.playerSetting
      .playerSettings(undefined, { signal: controller.signal })
      .then((settings) => {
        saveLocal(settings.autoplay);
        setOn(settings.autoplay);
      })
      .catch(() => undefined); // unread (offline, a passing failure): this browser's last choice stands
    return () => controller.abort();
  }, [userId]);

  const change = (next: boolean) => {
    const before = on;
    setOn(next);
    saveLocal(next);
    if (!userId) return;
    api.playerSetting.updatePlayerSettings({ body: { autoplay: next } }).catch(() => {
      saveLocal(before);
      setOn(before);
    });
  };
  return { on, change };
}
