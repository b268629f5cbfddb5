import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor answer as soon as what they wait for is there; the limit only decides when a wait
// is a failure. Testing Library's 1 s failed pages that were merely slow on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5_000 });

// The web project shares one environment per worker (isolate: false in vitest.config.ts); this file runs
// before each test file, so each file imports this repository's modules afresh: no store, cache or session
// of the file before it. Libraries (React, Testing Library) stay loaded, which is the time saved.
vi.resetModules();
// Testing Library marks the environment as act's (IS_REACT_ACT_ENVIRONMENT) in hooks it registers when it is
// first imported, which is once per worker now: each file marks it here.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

// Each test starts with empty storage, as after it: a timer of the file before (the offline stores' marker,
// set once a page's first content shows) may still write between two files.
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// What a file leaves in the shared window: its timers, stubbed globals, the document's head (preload hints,
// titles) and the address. First, every import a page of the file began (a lazy page, a locale's strings, the
// offline stores' chunk once its first content showed): the last file of a worker would otherwise have its
// environment torn down mid-import, an unhandled EnvironmentTeardownError that fails the run though every test
// passed.
afterAll(async () => {
  await vi.dynamicImportSettled();

  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  window.history.replaceState(null, '', '/');
});
