// Which alphabets a string's letters come from; an address mixing two is a look-alike risk.
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
].map((name) => new RegExp(`\\p{Script=${name}}`, 'u'));

/** True when the letters of `value` belong to more than one script (digits and punctuation belong to none). */
export function isMixedScript(value: string): boolean {
  const seen = new Set<number>();
  for (const char of value) {
    if (!/\p{L}/u.test(char)) continue;
    const index = SCRIPTS.findIndex((script) => script.test(char));
    seen.add(index);
    if (seen.size > 1) return true;
  }
  return false;
}
