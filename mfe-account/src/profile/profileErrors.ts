export interface FormMessage {
  tone: 'success' | 'danger';
  text: string;
}

/**
 * A failed profile or password submission: the server's field errors go under the inputs; the message is
 * the server's, else `failed` for a refusal, else `thrown` when the server was never reached (section 8).
 */
export function submitFailure(
  error: unknown,
  failed: string,
  thrown: string,
): { fields: Record<string, string>; message: FormMessage } {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  if (typeof status !== 'number' || status === 0)
    return { fields: {}, message: { tone: 'danger', text: thrown } };
  const fields: Record<string, string> = {};
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors)) {
    for (const entry of errors as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof entry?.field === 'string' && typeof entry.message === 'string' && !fields[entry.field])
        fields[entry.field] = entry.message;
    }
  }
  const message = error instanceof Error && error.message ? error.message : failed;
  return { fields, message: { tone: 'danger', text: message } };
}
