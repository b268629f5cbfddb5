import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, PAGE_DESCRIPTIONS } from './descriptions';
import { pageTitle, readSiteConfig, useDocumentTitle } from './site';

function inject(json: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'catalyst-config';
  el.textContent = json;
  document.head.appendChild(el);
}

afterEach(() => document.getElementById('catalyst-config')?.remove());

describe('site config', () => {
  it('uses the defaults when the gateway injected nothing', () => {
    expect(readSiteConfig()).toMatchObject({
      name: 'Catalyst',
      tagline: 'Where the change happens.',
      contactEmail: '',
      apiBaseUrl: '/api/v1',
    });
  });

  it('reads the injected JSON and keeps defaults for missing or blank values', () => {
    inject(
      '{"name":"Skillful","contactEmail":"hi@skillful.example","contactPhone":"+359 2 123","tagline":"  "}',
    );
    expect(readSiteConfig()).toMatchObject({
      name: 'Skillful',
      tagline: 'Where the change happens.',
      contactEmail: 'hi@skillful.example',
      contactPhone: '+359 2 123',
    });
  });

  it('falls back to defaults on malformed JSON', () => {
    inject('{not json');
    expect(readSiteConfig().name).toBe('Catalyst');
  });

  it('suffixes page titles with the site name', () => {
    expect(pageTitle('Browse Categories', 'Catalyst')).toBe('Browse Categories | Catalyst');
    renderHook(() => useDocumentTitle('About'));
    expect(document.title).toBe('About | Catalyst');
  });

  it("writes the page's meta description from descriptions.ts, the default for a page without one, or the one it passes", () => {
    const description = () =>
      document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
    const { rerender } = renderHook(
      ({ title, text }: { title: string; text?: string }) => useDocumentTitle(title, text),
      { initialProps: { title: 'About' } as { title: string; text?: string } },
    );
    expect(description()).toBe(PAGE_DESCRIPTIONS.About);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    rerender({ title: 'Some Product' });
    expect(description()).toBe(DEFAULT_DESCRIPTION);
    rerender({ title: 'Certificate: CSS', text: 'Its own words.' });
    expect(description()).toBe('Its own words.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
