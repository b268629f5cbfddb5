import { z } from 'zod';
import { defineRoutes } from './define';

/**
 * The API's own description, answered by the gateway. Hidden from the reference: its answer is the
 * OpenAPI document itself, not the success shape the reference describes. (The reference page,
 * /api/docs, is a page outside /api/v1 and is not an API route.)
 */
export const apiDocsRoutes = defineRoutes({
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    service: 'gateway',
    access: 'public',
    summary: 'This API described as an OpenAPI 3.1 document',
    response: z.record(z.string(), z.unknown()),
    hidden: true,
  },
});
