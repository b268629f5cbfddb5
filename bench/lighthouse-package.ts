/**
 * The bench's Lighthouse: lighthouse 12, the puppeteer-core it drives and its trace engine, installed on first
 * use into bench/lighthouse (bench/tool-packages.ts), not dependencies of the workspace.
 */
import { loadToolPackage } from './tool-packages';

/** As much of puppeteer's page as the bench uses. */
interface PuppeteerPage {
  evaluateOnNewDocument<A extends unknown[]>(fn: (...args: A) => void, ...args: A): Promise<unknown>;
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<R>;
}
export interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  close(): Promise<void>;
}
export interface LighthousePackage {
  /** Lighthouse's Node API: one audit of `url` in `page`'s tab. */
  lighthouse(
    url: string,
    flags: object,
    config: object | undefined,
    page: PuppeteerPage,
  ): Promise<{ lhr: object } | undefined>;
  puppeteer: {
    launch(options: {
      executablePath: string;
      headless: boolean;
      userDataDir: string;
      args: string[];
      defaultViewport: null;
    }): Promise<PuppeteerBrowser>;
  };
  /** The trace engine's base class of simulated metrics (Lighthouse's "Lantern"), the very one it runs. */
  Metric: unknown;
}

/** Lighthouse, puppeteer-core and the trace engine's Metric, installed first if need be. */
export function loadLighthouse(
  say = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`),
): Promise<LighthousePackage> {
  return loadToolPackage<LighthousePackage>('lighthouse', 'Lighthouse', say);
}
