import type { ComponentType } from 'react';
import { lazyPage } from '@catalyst/web-kit';

/** A page in a chunk of its own: an admin opening one page does not download every list, form and editor. */
export const namedPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyPage(() => load().then((module) => ({ default: module[name] })));
