import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@catalyst/contracts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServiceDef {
  name: ServiceName | 'payments-sandbox';
  /** Env var other processes use to reach it. */
  urlVar?: `${Uppercase<ServiceName>}_URL`;
  defaultPort: number;
}

/** The back-end processes, in the order their databases are prepared (auth's users first). */
export const SERVICES: ServiceDef[] = [
  { name: 'auth', urlVar: 'AUTH_URL', defaultPort: 4001 },
  { name: 'content', urlVar: 'CONTENT_URL', defaultPort: 4002 },
  { name: 'progress', urlVar: 'PROGRESS_URL', defaultPort: 4003 },
  { name: 'billing', urlVar: 'BILLING_URL', defaultPort: 4004 },
  { name: 'media', urlVar: 'MEDIA_URL', defaultPort: 4005 },
  { name: 'community', urlVar: 'COMMUNITY_URL', defaultPort: 4006 },
  { name: 'payments-sandbox', defaultPort: 4010 },
];

const serviceDir = (name: string) => path.join(ROOT, 'services', name);
export const serviceEntry = (name: string, file = 'main.ts') => path.join(serviceDir(name), 'src', file);
