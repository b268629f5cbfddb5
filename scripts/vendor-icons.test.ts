import { describe, expect, it } from 'vitest';
import { importedIcons, vendoredIcons } from './vendor-icons';

describe('the vendored Lucide icons', () => {
  it('are exactly the icons the front-ends import (run `npx tsx scripts/vendor-icons.ts` after adding one)', () => {
    expect(vendoredIcons()).toEqual(importedIcons());
  });

  it('include icons imported under another name and from inside web-kit', () => {
    // VideoPlayer's own ./icons module is not these icons; web-kit's guards import Lock relatively.
    expect(importedIcons()).not.toContain('ExitFullscreenIcon');
    expect(importedIcons()).toEqual(expect.arrayContaining(['Lock', 'ShieldX', 'TriangleAlert']));
  });
});
