import { useEffect, useState, useSyncExternalStore } from 'react';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { personKey } from './keys';

/** How many lessons one person may keep for offline watching. */
export const DOWNLOADS_MAX = 10;
/**
 * How long a premium download keeps playing without the plan being confirmed: past it (no connection
 * for that long) the copy is deleted on the next look, and the next connection's check decides anyway.
 */
export const DOWNLOAD_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export const DOWNLOAD_MESSAGES = {
  limit: `You can keep up to ${DOWNLOADS_MAX} lessons for offline watching. Remove one to save another.`,
  failed: "This lesson couldn't be saved for offline watching. Check your connection and storage, then try again.",
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
}

interface PersonRecord {
  items: DownloadItem[];
  /** When the plan was last confirmed active by the server (ms). */
  verifiedAt: number;
  /** Why downloads were removed, kept until the person dismisses it (it may happen on any page). */
  notice?: string;
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

let db: UseStore | null | undefined;
const recordStore = () => {
  if (db === undefined) db = typeof indexedDB === 'undefined' ? null : createStore('catalyst-offline-downloads', 'people');
  return db;
};
const supported = () => typeof caches !== 'undefined' && recordStore() !== null;

/** The videos are kept in a Cache Storage cache of their own per person (never a shared one). */
export const downloadsCacheName = (personHash: string) => `catalyst-downloads-${personHash}`;
/** Where the service worker plays a saved copy from (with HTTP ranges, like the server's own file). */
export const OFFLINE_COPY_PREFIX = '/offline-downloads/';
const copyAddress = (personHash: string, id: string) => `${OFFLINE_COPY_PREFIX}${personHash}/${encodeURIComponent(id)}.mp4`;

let person: { hash: string } | null = null;
let state: DownloadsState = { ready: false, items: [] };
const listeners = new Set<() => void>();
const emit = (next: DownloadsState) => {
  state = next;
  for (const listener of listeners) listener();
};

async function readRecord(hash: string): Promise<PersonRecord> {
  const store = recordStore();
  return (store ? await get<PersonRecord>(hash, store) : undefined) ?? { items: [], verifiedAt: 0 };
}
async function writeRecord(hash: string, record: PersonRecord) {
  const store = recordStore();
  if (store) await set(hash, record, store);
}

async function refresh() {
  if (!person) return emit({ ready: false, items: [] });
  const { items, notice } = await readRecord(person.hash);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  emit({ ready: true, items, usage: estimate?.usage, quota: estimate?.quota, ...(notice ? { notice } : {}) });
}

/** Deletes the person's premium downloads (the plan ended, or went unconfirmed past the grace period). */
async function dropPremium(hash: string, notice: string) {
  const record = await readRecord(hash);
  const premium = record.items.filter((item) => item.premium);
  if (premium.length === 0) return;
  const cache = await caches.open(downloadsCacheName(hash));
  for (const item of premium) await cache.delete(item.videoPath);
  await writeRecord(hash, { ...record, items: record.items.filter((item) => !item.premium), notice });
  if (person?.hash === hash) await refresh();
}

export interface SaveInput {
  id: string;
  productId: string;
  title: string;
  pagePath: string;
  /** The signed address the page plays (fetched with the viewer's media grant cookie). */
  videoUrl: string;
  premium: boolean;
}

/**
 * Lessons saved for offline watching: the video file in the person's own Cache Storage cache, the list
 * in IndexedDB. Premium copies live only while the plan does: `verify` (each connection) deletes them
 * when the server says the plan has ended, and `playableUrl` refuses (and deletes) them once the plan
 * has gone unconfirmed longer than the grace period.
 */
export const downloads = {
  getState: (): DownloadsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The signed-in person (their user id), or null after sign-out. */
  async setPerson(userId: string | null): Promise<void> {
    person = userId && supported() ? { hash: await personKey(`downloads:${userId}`) } : null;
    await refresh();
  },
  has: (id: string): boolean => state.items.some((item) => item.id === id),
  async dismissNotice(): Promise<void> {
    if (!person) return;
    const record = await readRecord(person.hash);
    await writeRecord(person.hash, { ...record, notice: undefined });
    await refresh();
  },
  async save(input: SaveInput): Promise<DownloadItem> {
    if (!person) throw new Error(DOWNLOAD_MESSAGES.unsupported);
    const hash = person.hash;
    const record = await readRecord(hash);
    if (!record.items.some((item) => item.id === input.id) && record.items.length >= DOWNLOADS_MAX) throw new Error(DOWNLOAD_MESSAGES.limit);
    const response = await fetch(input.videoUrl, { credentials: 'same-origin' }).catch(() => undefined);
    if (!response || response.status !== 200) throw new Error(DOWNLOAD_MESSAGES.failed);
    const videoPath = copyAddress(hash, input.id);
    const blob = await response.blob();
    const cache = await caches.open(downloadsCacheName(hash));
    await cache.put(videoPath, new Response(blob, { headers: { 'content-type': response.headers.get('content-type') ?? 'video/mp4', 'content-length': String(blob.size), 'accept-ranges': 'bytes' } }));
    const item: DownloadItem = { id: input.id, productId: input.productId, title: input.title, pagePath: input.pagePath, videoPath, bytes: blob.size, savedAt: Date.now(), premium: input.premium };
    await writeRecord(hash, { verifiedAt: record.verifiedAt || Date.now(), items: [...record.items.filter((i) => i.id !== input.id), item] });
    await refresh();
    return item;
  },
  async remove(id: string): Promise<void> {
    if (!person) return;
    const hash = person.hash;
    const record = await readRecord(hash);
    const item = record.items.find((i) => i.id === id);
    if (item && !record.items.some((i) => i.id !== id && i.videoPath === item.videoPath)) await (await caches.open(downloadsCacheName(hash))).delete(item.videoPath);
    await writeRecord(hash, { ...record, items: record.items.filter((i) => i.id !== id) });
    await refresh();
  },
  /**
   * The server's word on the plan (GET /subscription/status, asked on each connection): active keeps
   * the premium copies and restarts the grace period; anything else deletes them at once.
   */
  async verify(hasPlan: boolean): Promise<void> {
    if (!person) return;
    const hash = person.hash;
    if (!hasPlan) return dropPremium(hash, DOWNLOAD_MESSAGES.ended);
    const record = await readRecord(hash);
    await writeRecord(hash, { ...record, verifiedAt: Date.now() });
  },
  /**
   * Where the saved copy plays from: the service worker's address for it (ranges served from the
   * cache), or an object URL without a worker; null when not saved, or a premium copy past its grace
   * period (then deleted).
   */
  async playableUrl(id: string): Promise<string | null> {
    if (!person) return null;
    const hash = person.hash;
    const record = await readRecord(hash);
    const item = record.items.find((i) => i.id === id);
    if (!item) return null;
    if (item.premium && Date.now() - record.verifiedAt > DOWNLOAD_GRACE_MS) {
      await dropPremium(hash, DOWNLOAD_MESSAGES.ended);
      return null;
    }
    const response = await (await caches.open(downloadsCacheName(hash))).match(item.videoPath);
    if (!response) return null;
    if (navigator.serviceWorker?.controller) return item.videoPath;
    return URL.createObjectURL(await response.blob());
  },
};

/** The person's downloads, re-rendering when they change. */
export function useDownloads(): DownloadsState {
  return useSyncExternalStore(downloads.subscribe, downloads.getState, downloads.getState);
}

/** The saved copy's address while `wanted` (e.g. offline); an object URL is revoked when no longer used. */
export function useDownloadedCopy(id: string, wanted: boolean): string | null {
  const { items } = useDownloads();
  const saved = items.some((item) => item.id === id);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || !saved) return setUrl(null);
    let created: string | null = null;
    let live = true;
    void downloads.playableUrl(id).then((next) => {
      created = next;
      if (live) setUrl(next);
      else if (next?.startsWith('blob:')) URL.revokeObjectURL(next);
    });
    return () => {
      live = false;
      if (created?.startsWith('blob:')) URL.revokeObjectURL(created);
    };
  }, [id, wanted, saved]);
  return url;
}
