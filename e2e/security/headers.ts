/** Response headers: CSP without inline scripts, nosniff, framing, HSTS over HTTPS only, CORS for unknown origins. */
import { describe, isErrorShape, type Suite } from './harness';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.toLowerCase().startsWith(`${name} `));

export async function securityHeaders(suite: Suite) {
  const pages = ['/', '/browse', '/admin', '/no-such-page'];
  for (const page of pages) {
    const res = await fetch(`${suite.url}${page}`, { headers: { 'x-forwarded-for': '10.9.9.9' } });
    await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = directive(csp, 'script-src') ?? directive(csp, 'default-src') ?? '';
    suite.check(`${page}: has a Content-Security-Policy`, csp.length > 0, 'a CSP header', 'none');
    suite.check(
      `${page}: script-src allows no inline or eval`,
      scriptSrc !== '' && !/unsafe-inline|unsafe-eval|\*|data:/.test(scriptSrc),
      "script-src without 'unsafe-inline', 'unsafe-eval', * or data:",
      scriptSrc || csp,
    );
    suite.check(
      `${page}: inline event handlers are blocked`,
      /script-src-attr 'none'/.test(csp) || !/unsafe-inline/.test(scriptSrc),
      "script-src-attr 'none'",
      csp,
    );
    suite.check(
      `${page}: frame-ancestors forbids framing`,
      /frame-ancestors ('none'|'self')/.test(csp),
      "frame-ancestors 'none' or 'self'",
      csp,
    );
    suite.check(`${page}: object-src none`, /object-src 'none'/.test(csp), "object-src 'none'", csp);
    suite.check(
      `${page}: nosniff`,
      res.headers.get('x-content-type-options') === 'nosniff',
      'nosniff',
      String(res.headers.get('x-content-type-options')),
    );
    suite.check(
      `${page}: no HSTS over plain HTTP`,
      !res.headers.has('strict-transport-security'),
      'no strict-transport-security',
      String(res.headers.get('strict-transport-security')),
    );
    suite.check(
      `${page}: no x-powered-by`,
      !res.headers.has('x-powered-by'),
      'no x-powered-by',
      String(res.headers.get('x-powered-by')),
    );
  }
  for (const path of ['/', '/api/v1/categories']) {
    const res = await fetch(`${suite.url}${path}`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.9.9.9' },
    });
    await res.text();
    const hsts = res.headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    suite.check(
      `${path} over HTTPS (trusted proxy): HSTS of at least 180 days`,
      maxAge >= 15_552_000,
      'strict-transport-security max-age ≥ 15552000',
      hsts || 'none',
    );
  }
  for (const path of ['/api/v1/categories', '/api/v1/auth/me', '/api/v1/no-such-route']) {
    const res = await suite.request('GET', path.replace('/api/v1', ''));
    suite.check(
      `${path}: API answers carry nosniff`,
      res.headers.get('x-content-type-options') === 'nosniff',
      'nosniff',
      String(res.headers.get('x-content-type-options')),
    );
    suite.check(
      `${path}: API answers are JSON`,
      /application\/json/.test(res.headers.get('content-type') ?? ''),
      'application/json',
      String(res.headers.get('content-type')),
    );
  }

  // CORS: an unknown origin gets no CORS grant, on simple requests and preflights alike.
  for (const origin of ['https://evil.example', 'null', `${suite.url}.evil.example`]) {
    const simple = await suite.request('GET', '/categories', { headers: { origin } });
    suite.check(
      `CORS: GET from ${origin} gets no allow-origin`,
      !simple.headers.has('access-control-allow-origin'),
      'no access-control-allow-origin',
      String(simple.headers.get('access-control-allow-origin')),
    );
    suite.check(
      `CORS: GET from ${origin} gets no credentials grant`,
      !simple.headers.has('access-control-allow-credentials'),
      'no allow-credentials',
      String(simple.headers.get('access-control-allow-credentials')),
    );
    const preflight = await suite.request('OPTIONS', '/auth/login', {
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    suite.check(
      `CORS: preflight from ${origin} is not granted`,
      !preflight.headers.has('access-control-allow-origin') &&
        !preflight.headers.has('access-control-allow-methods') &&
        preflight.status < 500,
      'no allow-origin / allow-methods',
      `${preflight.status} ${[...preflight.headers].filter(([k]) => k.startsWith('access-control')).join(' ')}`,
    );
  }

  // Errors of every kind, gateway and services, in the one shape (their text is checked for leaks at the end).
  const errors: [string, string, string | undefined][] = [
    ['gateway', '/no-such-route', undefined],
    ['gateway', '/health', undefined],
  ];
  for (const [where, path] of errors) {
    const res = await suite.request(path === '/health' ? 'DELETE' : 'GET', path);
    suite.check(
      `${where}: ${path} error in the one shape`,
      res.status >= 400 && res.status < 500 && isErrorShape(res.body),
      '4xx in the error shape',
      describe(res),
    );
  }
  for (const service of ['auth', 'content', 'progress', 'billing']) {
    const base = suite.serviceUrl(service);
    const notFound = await suite.request('GET', '/no-such-route', { base });
    suite.check(
      `${service} port: unknown route in the one shape`,
      notFound.status === 404 && isErrorShape(notFound.body),
      '404 in the error shape',
      describe(notFound),
    );
    const huge = await suite.request('POST', '/auth/login', {
      base,
      raw: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    suite.check(
      `${service} port: a 2 MB body is refused`,
      [404, 413].includes(huge.status) && isErrorShape(huge.body),
      '413 (or 404 where no route) in the error shape',
      describe(huge),
    );
  }
}
