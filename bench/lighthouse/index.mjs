// What the bench takes from its own Lighthouse install, resolved from here (bench/lighthouse/node_modules).
export { default as lighthouse } from 'lighthouse';
export { default as puppeteer } from 'puppeteer-core';
// Lighthouse's simulation reads this very module: bench/lighthouse-chain.ts wraps it for the length of a run.
export { Metric } from '@paulirish/trace_engine/models/trace/lantern/metrics/Metric.js';
