import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import {
  APP_FRAME,
  KEPT_SESSION_ATTRIBUTE,
  LANGUAGE_STORAGE_KEY,
  THEME_STORAGE_KEY,
} from '@catalyst/web-kit/first-paint';
import { FIRST_PAINT_FILE, HEAD_SCRIPT_SOURCE, injectFirstPaint } from './first-paint';
import { startGateway, type RunningGateway } from './testing/upstreams';

// index.html as the shell's build writes it: the early entry, then the app's scripts it may hold back.
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Catalyst</title>' +
  '<link as="script" fetchpriority="high" href="/main.3f9a1c07ab.js" rel="preload">' +
  '<script defer src="/early.0a1b2c3d4e.js"></script>' +
  '<script data-after-first-paint defer src="/999.5548b4d3d2.js"></script>' +
  '<script data-after-first-paint defer="defer" src="/main.3f9a1c07ab.js"></script>' +
  '<link href="/main.fabef00afa.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

const SITE_ENV = {
  SITE_NAME: 'Acme Learning',
  CONTACT_EMAIL: 'team@acme.example',
  CONTACT_PHONE: '+1 555 0123',
  SUPPORT_EMAIL: 'help@acme.example',
};
const SITE = {
  name: 'Acme Learning',
  tagline: 'Where the change happens.',
  contactEmail: 'team@acme.example',
  contactPhone: '+1 555 0123',
  supportEmail: 'help@acme.example',
};
const WELCOME = '<main><h1>Welcome to Acme Learning</h1></main>';
const TERMS = '<main><!--$--><article><h1>Terms and Conditions</h1></article><!--/$--></main>';
const FRAME = '<header><a href="/">Acme Learning</a></header><main><div role="status"></div></main>';

const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);

describe('the first paint in index.html', () => {
  it('fills the empty #root, guards kept sessions first in <head>, and holds back the app scripts but the early entry', () => {
    const html = injectFirstPaint(INDEX, '/', WELCOME);
    expect(html).toContain(`<div id="root" data-first-paint="/">${WELCOME}</div>`);
    expect(html.indexOf('<script>')).toBe(html.indexOf('<head>') + '<head>'.length);
    expect(scriptsOf(html)).toEqual([
      '<script>',
      '<script defer src="/early.0a1b2c3d4e.js">',
      '<script type="text/plain" data-after-first-paint src="/999.5548b4d3d2.js">',
      '<script type="text/plain" data-after-first-paint src="/main.3f9a1c07ab.js">',
    ]);
    // The preloads stay: the held scripts download at once and run after the paint.
    expect(html).toContain('rel="preload"');
  });

  it('leaves a page without an empty #root as it is', () => {
    const filled = INDEX.replace('<div id="root"></div>', '<div id="root"><p>x</p></div>');
    expect(injectFirstPaint(filled, '/', WELCOME)).toBe(filled);
  });
});

describe('serving the first paint', () => {
  let root: string;
  let gateway: RunningGateway;
  const shellDist = () => path.join(root, 'shell/dist');
  const writeFirstPaint = (site: Record<string, string>, frame = true) => {
    const pages = { '/': WELCOME, '/terms-and-conditions': TERMS, ...(frame ? { [APP_FRAME]: FRAME } : {}) };
    writeFileSync(path.join(shellDist(), FIRST_PAINT_FILE), JSON.stringify({ site, pages }));
    // A rebuild is seen by its time stamp: make each write a new one.
    const at = new Date(Date.now() + Math.random() * 1e6);
    utimesSync(path.join(shellDist(), FIRST_PAINT_FILE), at, at);
  };
  const page = async (p: string) => (await fetch(`${gateway.url}${p}`)).text();

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'gateway-first-paint-'));
    mkdirSync(shellDist(), { recursive: true });
    writeFileSync(path.join(shellDist(), 'index.html'), INDEX);
    gateway = await startGateway({ STATIC_ROOT: root, ...SITE_ENV });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves each page it has inside #root, named by its path, and every other route with the app frame', async () => {
    writeFirstPaint(SITE);
    const welcome = await page('/');
    expect(welcome).toContain(`<div id="root" data-first-paint="/">${WELCOME}</div>`);
    expect(welcome).toContain('"name":"Acme Learning"');
    expect(await page('/terms-and-conditions')).toContain(
      `<div id="root" data-first-paint="/terms-and-conditions">${TERMS}</div>`,
    );
    for (const route of [
      '/browse',
      '/index.html',
      '/privacy-policy',
      '/terms-and-conditions/',
      '/admin/products',
    ]) {
      const html = await page(route);
      expect(html).toContain(`<div id="root" data-first-paint="*">${FRAME}</div>`);
      expect(scriptsOf(html).filter((tag) => tag.includes('text/plain'))).toHaveLength(2);
    }
  });

  it('hides a page a visitor sees in a tab keeping a session, but never the app frame', async () => {
    writeFirstPaint(SITE);
    // The documents as a browser reads them, in a tab whose head script found a kept session.
    const hidden = async (route: string) => {
      const { window } = new JSDOM(await page(route));
      window.document.documentElement.setAttribute(KEPT_SESSION_ATTRIBUTE, '');
      return (
        window.getComputedStyle(window.document.getElementById('root') as Element).visibility === 'hidden'
      );
    };
    expect([await hidden('/'), await hidden('/terms-and-conditions'), await hidden('/browse')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('marks a tab keeping a session, or a new tab of a browser remembering a sign-in, before anything paints', async () => {
    writeFirstPaint(SITE);
    const script = /<script>([\s\S]*?)<\/script>/.exec(await page('/'))?.[1] ?? '';
    const marked = (storage: { session?: string; local?: string }) => {
      const { window } = new JSDOM('<!doctype html><html><head></head></html>', {
        url: 'http://shop.test/',
        runScripts: 'outside-only',
      });
      if (storage.session) window.sessionStorage.setItem(storage.session, 't');
      if (storage.local) window.localStorage.setItem(storage.local, '1');
      window.eval(script);
      return window.document.documentElement.hasAttribute(KEPT_SESSION_ATTRIBUTE);
    };
    expect([marked({}), marked({ session: 'token' }), marked({ local: 'catalyst-remembered' })]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("puts the person's theme on the page before anything paints, and leaves the system's otherwise", async () => {
    writeFirstPaint(SITE);
    const script = /<script>([\s\S]*?)<\/script>/.exec(await page('/'))?.[1] ?? '';
    const themed = (kept?: string) => {
      const { window } = new JSDOM('<!doctype html><html><head></head></html>', {
        url: 'http://shop.test/',
        runScripts: 'outside-only',
      });
      if (kept !== undefined) window.localStorage.setItem(THEME_STORAGE_KEY, kept);
      window.eval(script);
      return window.document.documentElement.getAttribute('data-theme');
    };
    expect([themed(), themed('dark'), themed('light'), themed('purple')]).toEqual([
      null,
      'dark',
      'light',
      null,
    ]);
  });

  it("sets the page's language before anything paints, and hides the English first paint in another", async () => {
    writeFirstPaint(SITE);
    const html = await page('/');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const shown = (kept: string | null, languages: string[]) => {
      const { window } = new JSDOM(html.replace(/<script>[\s\S]*?<\/script>/, ''), {
        url: 'http://shop.test/',
        runScripts: 'outside-only',
      });
      if (kept !== null) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, kept);
      Object.defineProperty(window.navigator, 'languages', { value: languages });
      window.eval(script);
      const root = window.document.getElementById('root')!;
      const { lang, dir } = window.document.documentElement;
      return `${lang} ${dir || '-'} ${window.getComputedStyle(root).visibility}`;
    };
    expect(shown(null, ['en-US', 'de'])).toBe('en - visible');
    expect(shown(null, ['fr-FR', 'de-AT', 'es'])).toBe('de ltr hidden');
    expect(shown('ar', ['de-DE'])).toBe('ar rtl hidden');
    expect(shown('en', ['ar'])).toBe('en - visible');
    expect(shown('klingon', ['es-MX'])).toBe('es ltr hidden');
  });

  it('serves the plain shell to every other route when the build has no frame', async () => {
    writeFirstPaint(SITE, false);
    expect(await page('/')).toContain('data-first-paint="/"');
    for (const route of ['/browse', '/index.html']) {
      const html = await page(route);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('data-first-paint');
      expect(scriptsOf(html).filter((tag) => tag.includes('text/plain'))).toEqual([]);
    }
  });

  it('lets the one inline script run under the page CSP by its hash, and nothing else inline', async () => {
    writeFirstPaint(SITE);
    const response = await fetch(`${gateway.url}/`);
    const html = await response.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')}'`;
    expect(hash).toBe(HEAD_SCRIPT_SOURCE);
    const scriptSrc = (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
  });

  it('serves the plain shell when the first paint was rendered with another site config, or does not read', async () => {
    writeFirstPaint({ ...SITE, name: 'Catalyst' });
    expect(await page('/')).toContain('<div id="root"></div>');
    writeFileSync(path.join(shellDist(), FIRST_PAINT_FILE), '{"site":');
    expect(await page('/')).toContain('<div id="root"></div>');
    writeFirstPaint(SITE);
    expect(await page('/')).toContain('data-first-paint');
  });
});
