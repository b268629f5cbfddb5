// An xAPI 1.0.3 statement as the specification's Part Two defines it, checked as an LRS must before it stores one
// (the test LRS answers 400 naming the first rule broken). Unknown properties and nulls are refused, as the spec's
// conformance suite expects.
import { z } from 'zod';

/** An absolute IRI: a scheme, then no whitespace (RFC 3987's shape, not every rule of it). */
const iri = z.string().regex(/^[a-z][a-z0-9+.-]*:[^\s]+$/i, 'must be an absolute IRI');
/** An RFC 5646 language tag. */
const languageTag = z.string().regex(/^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i, 'must be an RFC 5646 language tag');
const languageMap = z.record(languageTag, z.string());
const extensions = z.record(
  iri,
  z.unknown().refine((value) => value !== null, 'must not be null'),
);
const timestamp = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 timestamp with its time zone',
});
/** An ISO 8601 duration (result.duration). */
const duration = z
  .string()
  .regex(
    /^P(?!$)(\d+(?:\.\d+)?Y)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?W)?(\d+(?:\.\d+)?D)?(T(?=\d)(\d+(?:\.\d+)?H)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?S)?)?$/,
    'must be an ISO 8601 duration',
  );

const account = z.strictObject({ homePage: iri, name: z.string().min(1) });
/** The inverse functional identifiers: an agent carries exactly one. */
const ifi = {
  mbox: z
    .string()
    .regex(/^mailto:[^@\s]+@[^@\s]+$/, 'must be a mailto: IRI')
    .optional(),
  mbox_sha1sum: z
    .string()
    .regex(/^[0-9a-f]{40}$/i, 'must be a SHA-1 hex digest')
    .optional(),
  openid: iri.optional(),
  account: account.optional(),
};
type Identified = { [K in keyof typeof ifi]?: unknown };
const ifiCount = (actor: Identified) =>
  Object.keys(ifi).filter((key) => actor[key as keyof Identified] !== undefined).length;

export const agentSchema = z
  .strictObject({ objectType: z.literal('Agent').optional(), name: z.string().optional(), ...ifi })
  .refine(
    (agent) => ifiCount(agent) === 1,
    'an Agent must have exactly one of mbox, mbox_sha1sum, openid, account',
  );

export const groupSchema = z
  .strictObject({
    objectType: z.literal('Group'),
    name: z.string().optional(),
    member: z.array(agentSchema).optional(),
    ...ifi,
  })
  .refine(
    (group) => ifiCount(group) <= 1,
    'a Group must have at most one of mbox, mbox_sha1sum, openid, account',
  )
  .refine(
    (group) => ifiCount(group) === 1 || (group.member?.length ?? 0) > 0,
    'an anonymous Group must list its members',
  );

const actorSchema = z.union([agentSchema, groupSchema]);

export const verbSchema = z.strictObject({ id: iri, display: languageMap.optional() });

const interactionComponent = z.strictObject({ id: z.string().min(1), description: languageMap.optional() });
const activityDefinition = z.strictObject({
  name: languageMap.optional(),
  description: languageMap.optional(),
  type: iri.optional(),
  moreInfo: iri.optional(),
  extensions: extensions.optional(),
  interactionType: z
    .enum([
      'true-false',
      'choice',
      'fill-in',
      'long-fill-in',
      'matching',
      'performance',
      'sequencing',
      'likert',
      'numeric',
      'other',
    ])
    .optional(),
  correctResponsesPattern: z.array(z.string()).optional(),
  choices: z.array(interactionComponent).optional(),
  scale: z.array(interactionComponent).optional(),
  source: z.array(interactionComponent).optional(),
  target: z.array(interactionComponent).optional(),
  steps: z.array(interactionComponent).optional(),
});

export const activitySchema = z.strictObject({
  objectType: z.literal('Activity').optional(),
  id: iri,
  definition: activityDefinition.optional(),
});
const statementRef = z.strictObject({ objectType: z.literal('StatementRef'), id: z.uuid() });

const score = z
  .strictObject({
    scaled: z
      .number()
      .min(-1, 'score.scaled must be between -1 and 1')
      .max(1, 'score.scaled must be between -1 and 1')
      .optional(),
    raw: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .refine(
    (s) => s.min === undefined || s.max === undefined || s.min < s.max,
    'score.min must be less than score.max',
  )
  .refine(
    (s) =>
      s.raw === undefined ||
      ((s.min === undefined || s.raw >= s.min) && (s.max === undefined || s.raw <= s.max)),
    'score.raw must lie between score.min and score.max',
  );

const resultSchema = z.strictObject({
  score: score.optional(),
  success: z.boolean().optional(),
  completion: z.boolean().optional(),
  response: z.string().optional(),
  duration: duration.optional(),
  extensions: extensions.optional(),
});

const contextActivityList = z.union([activitySchema, z.array(activitySchema)]);
const contextSchema = z.strictObject({
  registration: z.uuid().optional(),
  instructor: actorSchema.optional(),
  team: groupSchema.optional(),
  contextActivities: z
    .strictObject({
      parent: contextActivityList.optional(),
      grouping: contextActivityList.optional(),
      category: contextActivityList.optional(),
      other: contextActivityList.optional(),
    })
    .optional(),
  revision: z.string().optional(),
  platform: z.string().optional(),
  language: languageTag.optional(),
  statement: statementRef.optional(),
  extensions: extensions.optional(),
});

/** What a statement's core is made of; a SubStatement is one without id, stored, version or authority. */
const core = {
  actor: actorSchema,
  verb: verbSchema,
  result: resultSchema.optional(),
  context: contextSchema.optional(),
  timestamp: timestamp.optional(),
  attachments: z.array(z.record(z.string(), z.unknown())).optional(),
};

const isActivity = (object: { objectType?: string }) =>
  object.objectType === undefined || object.objectType === 'Activity';
/** revision and platform describe an Activity's context: the spec forbids them on any other object. */
const contextFitsObject = (statement: {
  object: { objectType?: string };
  context?: { revision?: string; platform?: string };
}) =>
  isActivity(statement.object) ||
  (statement.context?.revision === undefined && statement.context?.platform === undefined);
const CONTEXT_ON_ACTIVITY = 'context.revision and context.platform are only for an Activity object';

const subStatement = z
  .strictObject({
    objectType: z.literal('SubStatement'),
    ...core,
    object: z.union([activitySchema, agentSchema, groupSchema, statementRef]),
  })
  .refine(contextFitsObject, CONTEXT_ON_ACTIVITY);

export const statementSchema = z
  .strictObject({
    id: z.uuid({ message: 'id must be a UUID' }).optional(),
    ...core,
    object: z.union([activitySchema, agentSchema, groupSchema, statementRef, subStatement]),
    stored: timestamp.optional(),
    authority: actorSchema.optional(),
    version: z
      .string()
      .regex(/^1\.0(?:\.\d+)?$/, 'version must be 1.0.x')
      .optional(),
  })
  .refine(contextFitsObject, CONTEXT_ON_ACTIVITY);
export type XapiStatement = z.infer<typeof statementSchema>;

/** The first rule a statement breaks, as `path: message`, or null when it keeps them all. */
export function statementProblem(statement: unknown): string | null {
  const parsed = statementSchema.safeParse(statement);
  return parsed.success ? null : describe(parsed.error.issues[0]!, []);
}

/** A union's issue names the branch that came closest (fewest issues), so the message says what is wrong. */
function describe(issue: z.core.$ZodIssue, at: PropertyKey[]): string {
  const path = [...at, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    if (closest[0]) return describe(closest[0], path);
  }
  return `${path.map(String).join('.') || 'statement'}: ${issue.message}`;
}
