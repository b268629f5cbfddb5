import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical violations fail the scan; lesser ones are the integrator's backlog. Every rule axe runs by
 * default is asked (WCAG 2.1 A/AA and its best practices, such as landmarks and heading order).
 */
const BLOCKING = new Set(['serious', 'critical']);

/** The rules that read colours: all a change of theme can break. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page's serious and critical violations, one line each; `within` (a selector) scans that part only,
 * `every` counts lesser violations too (as Lighthouse's accessibility score does), and `rules` runs only those.
 */
export async function scan(
  page: Page,
  label: string,
  { within, every = false, rules }: { within?: string; every?: boolean; rules?: string[] } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    // Only violations are read: passes and the rest would be collected node by node for nothing. (These options
    // replace any withTags/withRules choice, so the rules are chosen here too.)
    .options({
      resultTypes: ['violations'],
      ...(rules ? { runOnly: { type: 'rule' as const, values: rules } } : {}),
    })
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
