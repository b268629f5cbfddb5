import { reply, successBody, type Reply } from '@catalyst/service-kit';

/**
 * Answers kept serialised beside the memoised read they are made of. An answer that is the same for
 * every caller while its memoised result lives (and while `stamp` holds: the premium list's signing
 * epoch) is built and serialised once, not on every request: a 200-lesson outline is 31 KiB of JSON.
 * Kept as UTF-8 bytes, so answering it neither measures nor encodes the text again.
 * Kept weakly by the memoised object itself, so it goes when the memo drops that result (TTL, an admin
 * write); a cache turned off (a new result per read) keeps nothing useful and costs one build per read.
 * One keeper per route: two routes answering from one memoised result (the public and the premium list)
 * answer differently.
 */
export function createKeptAnswers<T>() {
  const kept = new WeakMap<object, { stamp: unknown; answer: Reply<T> }>();
  return (source: object, build: () => T, stamp?: unknown): Reply<T> => {
    let entry = kept.get(source);
    if (!entry || entry.stamp !== stamp) {
      const data = build();
      entry = { stamp, answer: reply(data, { body: Buffer.from(successBody(data)) }) };
      kept.set(source, entry);
    }
    return entry.answer;
  };
}
