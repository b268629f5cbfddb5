/**
 * What Lighthouse's simulated LCP is made of, page by page: the requests and main-thread tasks of the
 * pessimistic LCP graph (Lighthouse's simulation, "Lantern", averages it with an optimistic one), each with
 * the start and end the simulation gave it (slow 4G, 4× CPU). The last ones to end are the page's critical
 * chain: what a change must shorten for the score to move. A request appears only if it ended before the
 * largest paint in the unthrottled trace; a task only if it evaluated a script the paint needed, or laid the
 * page out.
 *
 * `npx tsx bench/lighthouse-chain.ts --base http://127.0.0.1:18181 --only browse,product` (names as in
 * bench/lighthouse.ts) audits a running product once per page. Lighthouse keeps no such listing: this wraps
 * the simulation's metric class (Lighthouse 12's `@paulirish/trace_engine`) for the length of the run.
 */
import { fileURLToPath } from 'node:url';
import { auditOnce, cliArg, cliBase, lighthousePlans } from './lighthouse';
import { loadLighthouse } from './lighthouse-package';

/** One node of a simulated graph, as much of it as is read here. */
interface SimulatedNode {
  type: 'network' | 'cpu';
  request?: { url: string; resourceType?: string; transferSize?: number; priority?: string };
  getEvaluateScriptURLs?: () => Set<string>;
  didPerformLayout?: () => boolean;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}
interface MetricResult {
  timing: number;
  pessimisticEstimate: Estimate;
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** One line per node of the estimate, in simulated start order. */
export function chainLines(estimate: Estimate): string[] {
  return [...estimate.nodeTimings.entries()]
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, { startTime, endTime }]) => {
      const span = `${String(Math.round(startTime)).padStart(5)}–${String(Math.round(endTime)).padEnd(5)}`;
      if (node.type === 'network' && node.request) {
        const { url, resourceType = '', transferSize = 0, priority = '' } = node.request;
        return `${span} ${resourceType.padEnd(10)} ${String(transferSize).padStart(6)} B ${priority.padEnd(8)} ${pathOf(url).slice(0, 90)}`;
      }
      const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map(pathOf).join(', ');
      return `${span} main thread ${scripts ? `runs ${scripts}` : node.didPerformLayout?.() ? 'lays out and paints' : ''}`;
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = cliBase();
  const only = cliArg('--only')?.split(',');
  const plans = (await lighthousePlans(base)).filter((plan) => !only || only.includes(plan.name));
  const { Metric } = await loadLighthouse();
  const metric = Metric as {
    compute: (this: { name: string }, ...args: unknown[]) => MetricResult;
  };
  const compute = metric.compute;
  let page = '';
  metric.compute = function (this: { name: string }, ...args: unknown[]) {
    const result = compute.apply(this, args);
    // Lighthouse's own subclass is LanternLargestContentfulPaint
    if (/^(Lantern)?LargestContentfulPaint$/.test(this.name)) {
      console.log(
        `\n${page}: simulated LCP ${Math.round(result.timing)} ms (pessimistic graph ${Math.round(result.pessimisticEstimate.timeInMs)} ms)`,
      );
      for (const line of chainLines(result.pessimisticEstimate)) console.log(`  ${line}`);
    }
    return result;
  };
  for (const plan of plans) {
    page = `${plan.name} (${plan.path})`;
    await auditOnce(base, plan, undefined);
  }
  metric.compute = compute;
}
