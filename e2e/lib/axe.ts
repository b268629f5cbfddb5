import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious and critical WCAG 2.1 A/AA violations fail the scan; lesser ones are the integrator's backlog. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The page's serious and critical violations, one line each; `within` (a selector) scans that part only, and
 * `every` counts lesser violations too (as Lighthouse's accessibility score does).
 */
export async function scan(
  page: Page,
  label: string,
  { within, every = false }: { within?: string; every?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only violations are read: passes and the rest would be collected node by node for nothing.
    .options({ resultTypes: ['violations'] })
    // A page without frames is scanned in one axe.run inside it, the same rules on the same nodes; the default
    // runs it in parts and joins them in a second, blank page with axe loaded again: 4× slower. Frames need that.
    .setLegacyMode(page.frames().length === 1);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => every || BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label}: [${violation.impact}] ${violation.id} at ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? violation.help}`,
      ),
    );
}
