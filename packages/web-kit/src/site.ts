import { useEffect } from 'react';
import { API_PREFIX } from '@catalyst/contracts/api-path';
import { pageDescription } from './descriptions';

/** Site-wide settings the gateway injects into index.html as JSON (defaults when absent). */
export interface SiteConfig {
  name: string;
  tagline: string;
  contactEmail: string;
  contactPhone: string;
  supportEmail: string;
  /** Base of the API, API_PREFIX unless the gateway says otherwise. */
  apiBaseUrl: string;
}

export const SITE_CONFIG_ELEMENT_ID = 'catalyst-config';

export const defaultSiteConfig: SiteConfig = {
  name: 'Catalyst',
  tagline: 'Where the change happens.',
  contactEmail: '',
  contactPhone: '',
  supportEmail: '',
  apiBaseUrl: API_PREFIX,
};

/** The defaults, with each setting `raw` gives as a non-blank string (trimmed). */
export function siteConfigFrom(raw: unknown): SiteConfig {
  const config = { ...defaultSiteConfig };
  if (raw && typeof raw === 'object') {
    for (const key of Object.keys(defaultSiteConfig) as (keyof SiteConfig)[]) {
      const value = (raw as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') config[key] = value.trim();
    }
  }
  return config;
}

/** Reads `<script type="application/json" id="catalyst-config">`; unknown or malformed values fall back to defaults. */
export function readSiteConfig(doc: Document | undefined = globalThis.document): SiteConfig {
  const text = doc?.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return { ...defaultSiteConfig };
  try {
    return siteConfigFrom(JSON.parse(text));
  } catch {
    return { ...defaultSiteConfig };
  }
}

let cached: SiteConfig | undefined;

/**
 * The site config to render with where there is no page to read it from (the shell's first paint,
 * rendered at build time: shell/src/first-paint.tsx).
 */
export function setSiteConfig(values: Partial<SiteConfig>): SiteConfig {
  cached = siteConfigFrom(values);
  return cached;
}

/** The site config of this page, read once. */
export function getSiteConfig(): SiteConfig {
  cached ??= readSiteConfig();
  return cached;
}

export function useSiteConfig(): SiteConfig {
  return getSiteConfig();
}

/** `${title} | ${siteName}`, or the site name alone without a title. */
export function pageTitle(title: string | undefined, siteName = getSiteConfig().name): string {
  return title ? `${title} | ${siteName}` : siteName;
}

/** Sets `<meta name="description">` (created when index.html has none). */
export function setPageDescription(text: string, doc: Document = document): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.appendChild(meta);
  }
  if (meta.content !== text) meta.content = text;
}

/**
 * The page's title, and its meta description: `description`, else the one written for this title in
 * descriptions.ts, else the default.
 */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    setPageDescription(description ?? pageDescription(title));
  }, [title, description]);
}
