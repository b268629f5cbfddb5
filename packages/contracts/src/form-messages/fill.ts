// How a form message's English is filled: `{{max}}` → 200, as the schemas say it (and the tests pin it).

export type FormMessageValues = Record<string, string | number>;

/** An area's messages by key, its values filled in. */
export const messageOf =
  <T extends Record<string, string>>(messages: T) =>
  (key: keyof T, values?: FormMessageValues): string => {
    const text = messages[key] as string;
    return values
      ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole))
      : text;
  };

/** The values of a "must be one of" message: the list as the schemas write it. */
export const oneOf = (values: readonly string[]) => ({ values: values.join(', ') });
