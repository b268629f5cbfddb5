/**
 * The offline stores' chunk while it loads (lazy.ts), kept where a test can wait for it before its page goes: a
 * test environment torn down mid-import fails the run though every test passed (scripts/test-web.setup.ts).
 * A module of its own, so a test that mocks lazy.ts still has it.
 */
let loading: Promise<unknown> | null = null;

/** Keeps `load` as the stores' load in progress; returns it. */
export function keepLoading<T>(load: Promise<T>): Promise<T> {
  loading = load;
  return load;
}

/** The stores' load begun on this page, or null. */
export const storesLoading = (): Promise<unknown> | null => loading;
