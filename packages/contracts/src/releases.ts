import { z } from 'zod';
import { publishedPageSchema } from './route-manifest';

/** The front ends that are released on their own: the shell (served at /) and each remote (/mf/<remote>/). */
export const RELEASE_TARGET_NAMES = ['shell', 'catalog', 'player', 'account', 'admin', 'community'] as const;
export const releaseTargetSchema = z.enum(RELEASE_TARGET_NAMES, {
  error: `remote must be one of ${RELEASE_TARGET_NAMES.join(', ')}`,
});
export type ReleaseTargetName = z.infer<typeof releaseTargetSchema>;

/** 'dist' (the built folder served in place) or a released version: a label and 10 hex characters of the build's hash. */
export const releaseVersionSchema = z
  .string({ error: 'version is required' })
  .trim()
  .regex(
    /^(dist|[a-z0-9][a-z0-9.-]{0,40}-[0-9a-f]{10})$/,
    'version must be "dist" or a released version such as v0.1.0-3f9a1c07e2',
  );

export const sharedDependencySchema = z.object({
  name: z.string(),
  version: z.string().nullable(),
  requiredVersion: z.string().nullable(),
  singleton: z.boolean(),
});

export const releaseStatusSchema = z.enum(['current', 'canary', 'previous', 'available']);

export const releaseSchema = z.object({
  remote: z.string(),
  version: z.string(),
  label: z.string(),
  releasedBy: z.string(),
  createdAt: z.string(),
  gitCommit: z.string().nullable(),
  shared: z.array(sharedDependencySchema),
  exposes: z.array(z.string()),
  loadErrors: z.number().int(),
  lastErrorAt: z.string().nullable(),
  status: releaseStatusSchema,
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseChannelSchema = z.object({
  remote: z.string(),
  current: z.string(),
  previous: z.string().nullable(),
  canary: z.object({ version: z.string(), percent: z.number() }).nullable(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type ReleaseChannel = z.infer<typeof releaseChannelSchema>;

export const releaseEventSchema = z.object({
  action: z.string(),
  version: z.string().nullable(),
  detail: z.string().nullable(),
  actor: z.string(),
  at: z.string(),
});
export type ReleaseEvent = z.infer<typeof releaseEventSchema>;

export const remoteReleasesSchema = z.object({
  remote: z.string(),
  channel: releaseChannelSchema.nullable(),
  releases: z.array(releaseSchema),
  history: z.array(releaseEventSchema),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;

export const releaseParamsSchema = z.object({ remote: releaseTargetSchema });

export const promoteReleaseBodySchema = z.object({ version: releaseVersionSchema });

export const canaryReleaseBodySchema = z.object({
  version: releaseVersionSchema,
  percent: z.coerce
    .number({ error: 'percent must be a number' })
    .gt(0, 'percent must be more than 0')
    .lt(100, 'percent must be less than 100 (100 is a promotion)')
    .multipleOf(0.01, 'percent takes at most two decimals'),
});

/** The answer of /mf/remotes.json: each remote's manifest address and the version it is, for this person. */
export const remotesAnswerSchema = z.object({
  remotes: z.record(z.string(), z.string()),
  releases: z.record(z.string(), z.string()),
  /** A nonce of this load per release: a load-error report for that release counts only with it. */
  loadNonces: z.record(z.string(), z.string()).optional(),
  /** Each remote's pages, from the routes.json of the release this answer chose (the shell mounts them). */
  routes: z.record(z.string(), z.array(publishedPageSchema)).optional(),
});
export type RemotesAnswer = z.infer<typeof remotesAnswerSchema>;

/** A release's value in a message's template: `{{remote}}` → catalog. */
const filled = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** The admin's release actions' successes and refusals, each a template the gateway translates by its pattern. */
export const RELEASE_TEMPLATES = {
  promoted: '{{remote}} now runs {{version}} for everyone.',
  rolledBack: '{{remote}} is back on {{version}}.',
  canaryStopped: 'The canary of {{remote}} ended: everyone runs {{version}}.',
  canaryStarted: '{{percent}}% of people now run {{remote}} {{version}}.',
  // before `noRelease`, whose pattern would take 'to roll back' for a version
  nothingToRollBack: '{{remote}} has no release to roll back',
  noPrevious: '{{remote}} has no previous release to roll back to (it runs {{version}})',
  noCurrent: '{{remote}} has no current release to compare a canary with: promote one first',
  noRelease: '{{remote}} has no release {{version}}',
  alreadyRuns: '{{remote}} already runs {{version}}',
  alreadyCurrent: "{{version}} is already {{remote}}'s current release",
} as const;

/** The canary's refusals without a value: the shell is never released to a share, a share is below 100. */
export const RELEASE_SHELL_WHOLE_MESSAGE =
  'The shell is released whole (its index.html names its files): promote or roll it back instead';
export const RELEASE_PERCENT_MESSAGE = 'percent must be more than 0 and less than 100 (100 is a promotion)';

export const RELEASE_MESSAGES = {
  promoted: (remote: string, version: string) => filled(RELEASE_TEMPLATES.promoted, { remote, version }),
  rolledBack: (remote: string, version: string) => filled(RELEASE_TEMPLATES.rolledBack, { remote, version }),
  canaryStopped: (remote: string, version: string) =>
    filled(RELEASE_TEMPLATES.canaryStopped, { remote, version }),
  canaryStarted: (remote: string, version: string, percent: number) =>
    filled(RELEASE_TEMPLATES.canaryStarted, { remote, version, percent }),
  nothingToRollBack: (remote: string) => filled(RELEASE_TEMPLATES.nothingToRollBack, { remote }),
  noPrevious: (remote: string, version: string) => filled(RELEASE_TEMPLATES.noPrevious, { remote, version }),
  noCurrent: (remote: string) => filled(RELEASE_TEMPLATES.noCurrent, { remote }),
  noRelease: (remote: string, version: string) => filled(RELEASE_TEMPLATES.noRelease, { remote, version }),
  alreadyRuns: (remote: string, version: string) =>
    filled(RELEASE_TEMPLATES.alreadyRuns, { remote, version }),
  alreadyCurrent: (remote: string, version: string) =>
    filled(RELEASE_TEMPLATES.alreadyCurrent, { remote, version }),
} as const;
