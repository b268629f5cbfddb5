import {
  xapiDeliveryLogSchema,
  xapiMessages,
  xapiSettingsBodySchema,
  xapiSettingsSchema,
  xapiTestResultSchema,
} from '../xapi';
import { defineRoutes } from './define';

const service = 'progress';

/** The site's learning record store: progress sends learners' xAPI statements there (services/progress/src/xapi). */
export const xapiAdminRoutes = defineRoutes({
  getSettings: {
    method: 'GET',
    path: '/admin/xapi/settings',
    service,
    access: 'admin',
    summary: "The site's learning record store (never its secret), or null",
    response: xapiSettingsSchema,
  },
  putSettings: {
    method: 'PUT',
    path: '/admin/xapi/settings',
    service,
    access: 'admin',
    summary: "Set the site's learning record store: endpoint, Basic auth key and secret, enabled",
    body: xapiSettingsBodySchema,
    response: xapiSettingsSchema,
  },
  sendTest: {
    refuses: { 409: xapiMessages.notSet },
    method: 'POST',
    path: '/admin/xapi/test',
    service,
    access: 'admin',
    summary: 'Send one test statement to the learning record store now, and answer what it said',
    response: xapiTestResultSchema,
  },
  deliveries: {
    method: 'GET',
    path: '/admin/xapi/deliveries',
    service,
    access: 'admin',
    summary: 'The statements waiting, the last accepted send and the latest sends with the LRS answers',
    response: xapiDeliveryLogSchema,
  },
});
