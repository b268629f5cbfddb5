import {
  SCIM_MEDIA_TYPE,
  scimDocumentSchema,
  scimIdParamsSchema,
  scimListQuerySchema,
  teamScimStatusSchema,
  teamScimTokenSchema,
} from '../team-scim';
import { teamIdParamsSchema, teamMessages } from '../teams';
import { defineRoutes, type RouteDeclaration } from './define';

const service = 'billing';

/** A team owner's SCIM token: made or rotated (answered once, kept hashed), revoked. */
export const teamScimTokenRoutes = defineRoutes({
  getScimToken: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'GET',
    path: '/teams/:id/scim-token',
    service,
    access: 'user',
    summary: 'Whether the team has a SCIM token, and the SCIM base address (never the token)',
    params: teamIdParamsSchema,
    response: teamScimStatusSchema,
  },
  createScimToken: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'POST',
    path: '/teams/:id/scim-token',
    service,
    access: 'user',
    summary:
      "Make or rotate the team's SCIM token (the old one stops at once); the token is answered only here",
    params: teamIdParamsSchema,
    response: teamScimTokenSchema,
    status: 201,
  },
  revokeScimToken: {
    refuses: { 403: teamMessages.ownerOnly },
    method: 'DELETE',
    path: '/teams/:id/scim-token',
    service,
    access: 'user',
    summary: "Revoke the team's SCIM token",
    params: teamIdParamsSchema,
    response: teamScimStatusSchema,
  },
});

/** Every SCIM endpoint: its own bearer token, SCIM documents in and out (RFC 7644), never the product's envelope. */
const scim = {
  service,
  access: 'token',
  answer: 'bytes',
  produces: [SCIM_MEDIA_TYPE],
  response: scimDocumentSchema,
} as const satisfies Partial<RouteDeclaration>;

/** SCIM 2.0 for a team's directory (Okta, Azure AD…), authorised by the team's SCIM token. */
export const teamScimRoutes = defineRoutes({
  serviceProviderConfig: {
    ...scim,
    method: 'GET',
    path: '/scim/v2/ServiceProviderConfig',
    summary: 'SCIM: what this service provider supports',
  },
  schemas: { ...scim, method: 'GET', path: '/scim/v2/Schemas', summary: 'SCIM: the User and Group schemas' },
  resourceTypes: {
    ...scim,
    method: 'GET',
    path: '/scim/v2/ResourceTypes',
    summary: 'SCIM: the resource types (User, Group)',
  },
  listUsers: {
    ...scim,
    method: 'GET',
    path: '/scim/v2/Users',
    summary:
      'SCIM: the team\'s members and deactivated people, filtered by `userName eq "…"` or `externalId eq "…"`, paged',
    query: scimListQuerySchema,
  },
  createUser: {
    ...scim,
    method: 'POST',
    path: '/scim/v2/Users',
    summary: 'SCIM: give a person a seat (their account made, verified, if they have none)',
    bodyKind: 'raw',
    status: 201,
  },
  getUser: {
    ...scim,
    method: 'GET',
    path: '/scim/v2/Users/:id',
    summary: 'SCIM: one member',
    params: scimIdParamsSchema,
  },
  replaceUser: {
    ...scim,
    method: 'PUT',
    path: '/scim/v2/Users/:id',
    summary: 'SCIM: replace a member (active false frees the seat, active true takes one again)',
    params: scimIdParamsSchema,
    bodyKind: 'raw',
  },
  patchUser: {
    ...scim,
    method: 'PATCH',
    path: '/scim/v2/Users/:id',
    summary: 'SCIM: change a member with PatchOp (active false frees the seat, active true takes one again)',
    params: scimIdParamsSchema,
    bodyKind: 'raw',
  },
  deleteUser: {
    ...scim,
    method: 'DELETE',
    path: '/scim/v2/Users/:id',
    summary: 'SCIM: remove a person from the team, freeing any seat (the account and its progress stay)',
    params: scimIdParamsSchema,
  },
  listGroups: {
    ...scim,
    method: 'GET',
    path: '/scim/v2/Groups',
    summary: 'SCIM: the team\'s groups, filtered by `displayName eq "…"` (or externalId), paged',
    query: scimListQuerySchema,
  },
  createGroup: {
    ...scim,
    method: 'POST',
    path: '/scim/v2/Groups',
    summary: 'SCIM: make a group of members (kept by the directory, read-only on the team page)',
    bodyKind: 'raw',
    status: 201,
  },
  getGroup: {
    ...scim,
    method: 'GET',
    path: '/scim/v2/Groups/:id',
    summary: 'SCIM: one group and its members',
    params: scimIdParamsSchema,
    query: scimListQuerySchema,
  },
  replaceGroup: {
    ...scim,
    method: 'PUT',
    path: '/scim/v2/Groups/:id',
    summary: 'SCIM: replace a group (its name and all its members)',
    params: scimIdParamsSchema,
    bodyKind: 'raw',
  },
  patchGroup: {
    ...scim,
    method: 'PATCH',
    path: '/scim/v2/Groups/:id',
    summary: 'SCIM: add, remove or replace members, or rename, with PatchOp (as Okta and Entra send it)',
    params: scimIdParamsSchema,
    bodyKind: 'raw',
  },
  deleteGroup: {
    ...scim,
    method: 'DELETE',
    path: '/scim/v2/Groups/:id',
    summary: 'SCIM: delete a group (its members keep their seats)',
    params: scimIdParamsSchema,
  },
});
