import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OfflineLicence } from '@catalyst/contracts';
import { loadStores } from './lazy';

/** How many lessons one person may keep for offline watching. */
export const DOWNLOADS_MAX = 10;
/**
 * How long a premium download keeps playing without the plan being confirmed: past it (no connection
 * for that long) the copy is deleted on the next look, and the next connection's check decides anyway.
 */
export const DOWNLOAD_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export const DOWNLOAD_MESSAGES = {
  limit: `You can keep up to ${DOWNLOADS_MAX} lessons for offline watching. Remove one to save another.`,
  failed:
    "This lesson couldn't be saved for offline watching. Check your connection and storage, then try again.",
  unsupported: "This browser can't keep lessons for offline watching.",
  ended: 'Your downloads were removed because your plan has ended.',
} as const;

/** One saved lesson or video. */
export interface DownloadItem {
  /** The product (and lesson, for a course) it belongs to. */
  id: string;
  productId: string;
  title: string;
  /** Where the page links to watch it. */
  pagePath: string;
  /** The saved copy's address in the person's cache (OFFLINE_COPY_PREFIX…). */
  videoPath: string;
  bytes: number;
  savedAt: number;
  /** Needs a plan: deleted when the plan ends. */
  premium: boolean;
  /** The video's captions (WebVTT), kept with it: the player's captions and transcript offline. */
  captions?: string;
}

export interface DownloadsState {
  /** The signed-in person's list has been read (until then `items` is empty for want of reading). */
  ready: boolean;
  items: DownloadItem[];
  /** navigator.storage.estimate(): what this site uses and may use, when the browser tells. */
  usage?: number;
  quota?: number;
  /** Why downloads were removed (the plan's end), until dismissed. */
  notice?: string;
}

/** The videos are kept in a Cache Storage cache of their own per person (never a shared one). */
export const downloadsCacheName = (personHash: string) => `catalyst-downloads-${personHash}`;
/** Where the service worker plays a saved copy from (with HTTP ranges, like the server's own file). */
export const OFFLINE_COPY_PREFIX = '/offline-downloads/';
/**
 * Whose saved copies this device plays now (the worker plays nobody else's), as shell/src/pwa/cachePolicy.ts
 * names it for the worker: the person's hash at OFFLINE_PERSON_KEY in a cache of its own.
 */
export const OFFLINE_PERSON_CACHE = 'catalyst-offline-person';
export const OFFLINE_PERSON_KEY = '/offline-person';
/** The person's offline licence, kept in their downloads cache beside the copies: `{ person, expiresAt }`. */
export const offlineLicenceAddress = (personHash: string) => `${OFFLINE_COPY_PREFIX}${personHash}/licence`;
/** A saved copy's header saying whether it needs the licence ('1', a premium lesson) or not ('0'). */
export const PREMIUM_COPY_HEADER = 'x-catalyst-premium';

/** Where a premium download's licence comes from (the shell's startOffline: GET /subscription/status). */
export type LicenceSource = () => Promise<OfflineLicence | null>;

export interface SaveInput {
  id: string;
  productId: string;
  title: string;
  pagePath: string;
  /** The signed address the page plays (fetched with the viewer's media grant cookie). */
  videoUrl: string;
  /** The captions file the page's player reads (kept with the video; a copy saves without them if they fail). */
  captionsUrl?: string | null;
  premium: boolean;
}

let state: DownloadsState = { ready: false, items: [] };
const listeners = new Set<() => void>();
/** The store (downloadStore.ts, loaded on first use) publishes the person's list here. */
export function publishDownloads(next: DownloadsState): void {
  state = next;
  for (const listener of listeners) listener();
}

const store = async () => (await loadStores()).downloadStore;
let licenceSource: LicenceSource | null = null;

/**
 * Lessons saved for offline watching: the video file in the person's own Cache Storage cache, the list
 * in IndexedDB (downloadStore.ts, loaded on first use). Premium copies live only while the plan does:
 * `verify` (each connection) deletes them when the server says the plan has ended, and `playableUrl`
 * refuses (and deletes) them once the plan has gone unconfirmed longer than the grace period. Each is
 * played only under the server's offline licence (its person, until the plan's end, three days at most),
 * which the service worker checks before it serves the copy. A sign-out deletes the person's copies.
 */
export const downloads = {
  getState: (): DownloadsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  has: (id: string): boolean => state.items.some((item) => item.id === id),
  /** The signed-in person (their user id), or null after sign-out. */
  setPerson: async (userId: string | null): Promise<void> => (await store()).setPerson(userId),
  dismissNotice: async (): Promise<void> => (await store()).dismissNotice(),
  save: async (input: SaveInput): Promise<DownloadItem> => (await store()).save(input),
  remove: async (id: string): Promise<void> => (await store()).remove(id),
  /** The server's word on the plan and its offline licence (GET /subscription/status, asked on each connection). */
  verify: async (hasPlan: boolean, licence: OfflineLicence | null = null): Promise<void> =>
    (await store()).verify(hasPlan, licence),
  /** Deletes every copy a person saved on this device, and their list (they signed out). */
  forget: async (userId: string): Promise<void> => (await store()).forget(userId),
  /** Where saving a premium lesson gets its licence from. */
  licenceFrom(source: LicenceSource | null): void {
    licenceSource = source;
  },
  /** The licence for a premium lesson about to be saved (none: it cannot be saved). */
  licence: (): Promise<OfflineLicence | null> => (licenceSource ? licenceSource() : Promise.resolve(null)),
  /** Where the saved copy plays from, or null (not saved, or a premium copy past its grace period). */
  playableUrl: async (id: string): Promise<string | null> => (await store()).playableUrl(id),
};

/** The person's downloads, re-rendering when they change. */
export function useDownloads(): DownloadsState {
  return useSyncExternalStore(downloads.subscribe, downloads.getState, downloads.getState);
}

export interface SavedCopy {
  /** Where the saved copy plays from, or null. */
  url: string | null;
  /** The device has answered (until then `url` is null for want of an answer). */
  settled: boolean;
}

/** The saved copy while `wanted` (e.g. offline), and whether the device has answered; an object URL is revoked when no longer used. */
export function useSavedCopy(id: string, wanted: boolean): SavedCopy {
  // only whether this copy is saved: the list's readiness (or another lesson saved) re-renders nothing here
  const saved = useSyncExternalStore(
    downloads.subscribe,
    () => downloads.has(id),
    () => downloads.has(id),
  );
  const wantedId = wanted && saved ? id : null;
  const [copy, setCopy] = useState<{ id: string; url: string | null } | null>(null);
  // A copy no longer wanted is forgotten (its object URL is revoked below): wanting it again waits for a new one.
  if (copy !== null && copy.id !== wantedId) setCopy(null);
  useEffect(() => {
    if (wantedId === null) return;
    let created: string | null = null;
    let live = true;
    void downloads.playableUrl(wantedId).then((next) => {
      created = next;
      if (live) setCopy({ id: wantedId, url: next });
      else if (next?.startsWith('blob:')) URL.revokeObjectURL(next);
    });
    return () => {
      live = false;
      if (created?.startsWith('blob:')) URL.revokeObjectURL(created);
    };
  }, [wantedId]);
  const answered = copy !== null && copy.id === wantedId;
  return { url: answered ? copy.url : null, settled: wantedId === null || answered };
}

/** The saved copy's address while `wanted` (e.g. offline); an object URL is revoked when no longer used. */
export function useDownloadedCopy(id: string, wanted: boolean): string | null {
  return useSavedCopy(id, wanted).url;
}
