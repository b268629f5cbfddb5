import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { OfflineLicence } from '@catalyst/contracts';
import {
  DOWNLOAD_MESSAGES,
  DOWNLOAD_GRACE_MS,
  DOWNLOADS_MAX,
  downloads,
  downloadsCacheName,
  OFFLINE_COPY_PREFIX,
  OFFLINE_PERSON_CACHE,
  OFFLINE_PERSON_KEY,
  offlineLicenceAddress,
  PREMIUM_COPY_HEADER,
  publishDownloads,
  type DownloadItem,
  type SaveInput,
} from './downloads';
import { personKey } from './keys';

interface PersonRecord {
  items: DownloadItem[];
  /** When the plan was last confirmed active by the server (ms). */
  verifiedAt: number;
  /** Until when the server's offline licence lets premium copies play (ms); none: they do not. */
  licensedUntil?: number;
  /** Why downloads were removed, kept until the person dismisses it (it may happen on any page). */
  notice?: string;
}

const hashOf = (userId: string) => personKey(`downloads:${userId}`);

/**
 * Keeps the server's licence for the person's premium copies: in their record, and in their downloads cache
 * beside the copies, where the service worker reads it. Answers whether it is theirs and still running.
 */
async function keepLicence(hash: string, licence: OfflineLicence | null): Promise<number | undefined> {
  const until = licence ? Date.parse(licence.expiresAt) : NaN;
  if (!licence || (await hashOf(licence.userId)) !== hash || !(until > Date.now())) return undefined;
  await (
    await caches.open(downloadsCacheName(hash))
  ).put(
    offlineLicenceAddress(hash),
    new Response(JSON.stringify({ person: hash, expiresAt: until }), {
      headers: { 'content-type': 'application/json' },
    }),
  );
  return until;
}

/** Tells the service worker whose copies it may play now (nobody's: null). */
async function markPerson(hash: string | null) {
  const marker = await caches.open(OFFLINE_PERSON_CACHE);
  if (hash) await marker.put(OFFLINE_PERSON_KEY, new Response(hash));
  else await marker.delete(OFFLINE_PERSON_KEY);
}

let db: UseStore | null | undefined;
const recordStore = () => {
  if (db === undefined)
    db = typeof indexedDB === 'undefined' ? null : createStore('catalyst-offline-downloads', 'people');
  return db;
};
const supported = () => typeof caches !== 'undefined' && recordStore() !== null;

const copyAddress = (personHash: string, id: string) =>
  `${OFFLINE_COPY_PREFIX}${personHash}/${encodeURIComponent(id)}.mp4`;

let person: { hash: string } | null = null;

async function readRecord(hash: string): Promise<PersonRecord> {
  const store = recordStore();
  return (store ? await get<PersonRecord>(hash, store) : undefined) ?? { items: [], verifiedAt: 0 };
}
async function writeRecord(hash: string, record: PersonRecord) {
  const store = recordStore();
  if (store) await set(hash, record, store);
}

async function refresh() {
  if (!person) return publishDownloads({ ready: false, items: [] });
  const { items, notice } = await readRecord(person.hash);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  publishDownloads({
    ready: true,
    items,
    usage: estimate?.usage,
    quota: estimate?.quota,
    ...(notice ? { notice } : {}),
  });
}

/** Deletes the person's premium downloads (the plan ended, or went unconfirmed past the grace period). */
async function dropPremium(hash: string, notice: string) {
  const record = await readRecord(hash);
  const premium = record.items.filter((item) => item.premium);
  if (premium.length === 0) return;
  const cache = await caches.open(downloadsCacheName(hash));
  for (const item of premium) await cache.delete(item.videoPath);
  await cache.delete(offlineLicenceAddress(hash));
  await writeRecord(hash, {
    ...record,
    licensedUntil: undefined,
    items: record.items.filter((item) => !item.premium),
    notice,
  });
  if (person?.hash === hash) await refresh();
}

/** What `downloads` (downloads.ts) does, loaded on first use: the list in IndexedDB, the files in Cache Storage. */
export const downloadStore = {
  /** The signed-in person (their user id), or null after sign-out. */
  async setPerson(userId: string | null): Promise<void> {
    person = userId && supported() ? { hash: await hashOf(userId) } : null;
    if (supported()) await markPerson(person?.hash ?? null).catch(() => undefined);
    await refresh();
  },
  /** Deletes every copy the person saved here, their licence and their list (they signed out). */
  async forget(userId: string): Promise<void> {
    if (!supported()) return;
    const hash = await hashOf(userId);
    await caches.delete(downloadsCacheName(hash));
    const store = recordStore();
    if (store) await del(hash, store);
    if (person?.hash === hash) {
      person = null;
      await markPerson(null).catch(() => undefined);
    }
    await refresh();
  },
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
    if (!record.items.some((item) => item.id === input.id) && record.items.length >= DOWNLOADS_MAX)
      throw new Error(DOWNLOAD_MESSAGES.limit);
    // A premium lesson is kept only under the server's licence for this person (it plays until then).
    const licensedUntil = input.premium
      ? await keepLicence(hash, await downloads.licence().catch(() => null))
      : record.licensedUntil;
    if (input.premium && licensedUntil === undefined) throw new Error(DOWNLOAD_MESSAGES.failed);
    const response = await fetch(input.videoUrl, { credentials: 'same-origin' }).catch(() => undefined);
    if (!response || response.status !== 200) throw new Error(DOWNLOAD_MESSAGES.failed);
    const videoPath = copyAddress(hash, input.id);
    const blob = await response.blob();
    const cache = await caches.open(downloadsCacheName(hash));
    await cache.put(
      videoPath,
      new Response(blob, {
        headers: {
          'content-type': response.headers.get('content-type') ?? 'video/mp4',
          'content-length': String(blob.size),
          'accept-ranges': 'bytes',
          [PREMIUM_COPY_HEADER]: input.premium ? '1' : '0',
        },
      }),
    );
    // the captions go with the video (the player's captions and its transcript offline)
    const captions = input.captionsUrl
      ? await fetch(input.captionsUrl, { credentials: 'same-origin' })
          .then((res) => (res.ok ? res.text() : undefined))
          .catch(() => undefined)
      : undefined;
    const item: DownloadItem = {
      id: input.id,
      productId: input.productId,
      title: input.title,
      pagePath: input.pagePath,
      videoPath,
      bytes: blob.size,
      savedAt: Date.now(),
      premium: input.premium,
      ...(captions ? { captions } : {}),
    };
    // A premium copy was just served under the plan: that confirms it now (the connections that follow
    // ask the server only while premium copies are kept, so the last check may be long past).
    await writeRecord(hash, {
      verifiedAt: item.premium ? Date.now() : record.verifiedAt || Date.now(),
      ...(licensedUntil === undefined ? {} : { licensedUntil }),
      items: [...(await readRecord(hash)).items.filter((i) => i.id !== input.id), item],
    });
    await refresh();
    return item;
  },
  async remove(id: string): Promise<void> {
    if (!person) return;
    const hash = person.hash;
    const record = await readRecord(hash);
    const item = record.items.find((i) => i.id === id);
    if (item && !record.items.some((i) => i.id !== id && i.videoPath === item.videoPath))
      await (await caches.open(downloadsCacheName(hash))).delete(item.videoPath);
    await writeRecord(hash, { ...record, items: record.items.filter((i) => i.id !== id) });
    await refresh();
  },
  /**
   * The server's word on the plan (GET /subscription/status, asked on each connection): active keeps
   * the premium copies and restarts the grace period; anything else deletes them at once.
   */
  async verify(hasPlan: boolean, licence: OfflineLicence | null): Promise<void> {
    if (!person) return;
    const hash = person.hash;
    if (!hasPlan) return dropPremium(hash, DOWNLOAD_MESSAGES.ended);
    const licensedUntil = await keepLicence(hash, licence);
    const record = await readRecord(hash);
    await writeRecord(hash, {
      ...record,
      verifiedAt: Date.now(),
      ...(licensedUntil === undefined ? {} : { licensedUntil }),
    });
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
    // Past its licence a premium copy waits for the next connection's word (a renewal, or its deletion).
    if (item.premium && !((record.licensedUntil ?? 0) > Date.now())) return null;
    const response = await (await caches.open(downloadsCacheName(hash))).match(item.videoPath);
    if (!response) return null;
    if (navigator.serviceWorker?.controller) return item.videoPath;
    return URL.createObjectURL(await response.blob());
  },
};
