// The API keys panel's texts (the admin's API keys page and a team's API keys card share the panel) in
// English: a table of their own, read only by the panel, so no other page downloads them.
// Other languages: ./locales/<lang>.json (./../locales.test.ts keeps them complete).
// The package itself, not its files, as the panel imports it: the page's one web-kit keeps every table.
import { defineStrings } from '@catalyst/web-kit';

export const apiKeyStrings = defineStrings(
  'kit-api-keys',
  {
    'apiKeys.expiry.never': 'Never',
    'apiKeys.expiry.year': '1 year',
    'apiKeys.expiry.days': { one: '{{count}} days', other: '{{count}} days' },
    'apiKeys.create.failed': 'The key could not be made.',
    'apiKeys.revoke.failed': 'The key could not be revoked.',
    'apiKeys.made.title': 'Your new key "{{name}}"',
    'apiKeys.made.copied': 'Copied',
    'apiKeys.made.copy': 'Copy',
    'apiKeys.made.done': 'I have copied it',
    'apiKeys.form.label': 'New API key',
    'apiKeys.form.name': 'Name',
    'apiKeys.form.nameHint': 'Say what will use it, e.g. “HR system sync”.',
    'apiKeys.form.scopes': 'Scopes',
    'apiKeys.form.expires': 'Expires',
    'apiKeys.form.create': 'Create key',
    'apiKeys.list.failed': 'The keys could not be loaded.',
    'apiKeys.list.loading': 'Loading API keys...',
    'apiKeys.list.empty': 'No API keys yet.',
    'apiKeys.list.key': 'Key',
    'apiKeys.list.created': 'Created',
    'apiKeys.list.lastUsed': 'Last used',
    'apiKeys.list.actions': 'Actions',
    'apiKeys.list.neverUsed': 'Never used',
    'apiKeys.list.revoked': 'Revoked {{date}}',
    'apiKeys.revoke.now': 'Revoke now',
    'apiKeys.revoke.cancel': 'Cancel',
    'apiKeys.revoke.label': 'Revoke {{name}}',
    'apiKeys.revoke.button': 'Revoke',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
