import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The system Chromium (Debian's `chromium`); browser downloads are not possible on these machines. The benches
 * measure pages in it (what a person's browser does), and the journeys that need what only it has use it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The suites' browser: Debian's `chromium-headless-shell`, the same Blink and V8 without the browser around them
 * (no browser UI, no notification platform). The browser suite took 67% of its CPU in Chromium; the shell
 * spent half as much for the same journeys (docs/contributing.md). Without the package, CHROMIUM_PATH.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** Headless flags for a closed network: no sandbox as root, no background calls that would be refused. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium, headless: the system's by default (benches), the suites' with TEST_CHROMIUM_PATH. */
export function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** The suites' Chromium (TEST_CHROMIUM_PATH), headless. */
export function launchTestChromium(): Promise<Browser> {
  return launchChromium(TEST_CHROMIUM_PATH);
}
