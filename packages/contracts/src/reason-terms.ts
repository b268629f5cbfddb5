// A reason an admin gives for an action (revoking a certificate, moderating a post), as a plain rule without
// zod: the admin's dialogs check it as they type, and api.ts builds the route's body schema from the same rule.

/** How long a reason may be and what each failure says. */
export interface ReasonRule {
  min: number;
  max: number;
  required: string;
  tooShort: string;
  tooLong: string;
}

/** The first failing part of the rule for a reason (trimmed first), or undefined when it is a good one. */
export function reasonProblem(rule: ReasonRule, value: unknown): string | undefined {
  if (typeof value !== 'string') return rule.required;
  const reason = value.trim();
  if (reason.length < rule.min) return rule.tooShort;
  if (reason.length > rule.max) return rule.tooLong;
  return undefined;
}
