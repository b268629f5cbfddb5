// zod 4 probes once whether it may compile its validators with `new Function`. This site's
// Content-Security-Policy has no 'unsafe-eval', so the browser refuses the probe and reports a CSP issue
// (Lighthouse: best practices below 100 on every page whose remote parses with zod) even though zod
// catches the refusal. Every copy of zod on a page (each remote bundles its own) reads one global config,
// so `jitless` said once here, in the shared web-kit the shell loads before any remote, skips the probe.
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

(globalThis as ZodGlobal).__zod_globalConfig ??= {};
(globalThis as ZodGlobal).__zod_globalConfig!.jitless = true;
