import { digestSettingsBodySchema, digestSettingsSchema } from '../digest';
import { defineRoutes } from './define';

const service = 'community';

/** One's weekly e-mail: whether it comes, and the time zone whose Monday morning it waits for. */
export const digestRoutes = defineRoutes({
  settings: {
    method: 'GET',
    path: '/community/notifications/digest',
    service,
    access: 'user',
    summary: 'Whether you get the weekly e-mail, and the time zone it is sent in',
    response: digestSettingsSchema,
  },
  saveSettings: {
    method: 'PUT',
    path: '/community/notifications/digest',
    service,
    access: 'user',
    summary:
      'Turn the weekly e-mail on or off, or tell your time zone (the browser sends it once when you sign in)',
    body: digestSettingsBodySchema,
    response: digestSettingsSchema,
  },
});
