// Writes a host build's first-paint.json: runs the renderer its rspack config built beside it
// (shell/src/first-paint.tsx → shell/.first-paint/) with the site config the gateway will inject, in a
// plain node child (the bundle is built for Node; nothing of this process's loaders touches it).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { configSchema } from '../gateway/src/config';
import { FIRST_PAINT_FILE, firstPaintSchema, type FirstPaint } from '../gateway/src/first-paint';
import { siteConfigOf } from '../gateway/src/static';
import { runToEnd } from './lib/processes';
import { firstPaintBundle } from '@catalyst/build-kit';

/** The site settings the gateway takes from its environment; everything else of its config is irrelevant here. */
const siteSchema = configSchema.pick({
  SITE_NAME: true,
  CONTACT_EMAIL: true,
  CONTACT_PHONE: true,
  SUPPORT_EMAIL: true,
});

/** The site config the gateway injects, from the same variables and defaults. */
export const siteConfigFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  siteConfigOf(siteSchema.parse(env));

/** Renders the pages of `appDir`'s first-paint bundle and writes them to `<outDir>/first-paint.json`. */
export async function writeFirstPaint(
  appDir: string,
  outDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FirstPaint> {
  const site = siteConfigFromEnv(env);
  const program = `const { renderFirstPaint } = require(${JSON.stringify(firstPaintBundle(appDir))});
renderFirstPaint(${JSON.stringify(site)}).then((pages) => process.stdout.write(JSON.stringify(pages)));`;
  const run = await runToEnd(process.execPath, ['-e', program], {
    env: { PATH: env.PATH, NODE_ENV: 'production' },
  });
  if (run.code !== 0)
    throw new Error(`the first paint of ${appDir} failed (exit ${run.code}):\n${run.stderr}`);
  const firstPaint = firstPaintSchema.parse({ site, pages: JSON.parse(run.stdout) as unknown });
  writeFileSync(path.join(outDir, FIRST_PAINT_FILE), `${JSON.stringify(firstPaint)}\n`);
  return firstPaint;
}
