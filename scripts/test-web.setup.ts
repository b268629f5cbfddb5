import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor answer as soon as what they wait for is there; the limit only decides when a wait
// is a failure. Testing Library's 1 s failed pages that were merely slow on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
