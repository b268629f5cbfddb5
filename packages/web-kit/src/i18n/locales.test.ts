// Every part with strings (web-kit, the shell, each remote that has src/i18n/en.ts) is complete in every language:
// no key used in code is missing from English or from a locale, no locale holds a key nobody uses.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@catalyst/contracts/languages';
import type { EnglishStrings, Strings } from './strings';

const ROOT = join(__dirname, '../../../..');
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

/** What a part's code and files hold: English by key, each locale's JSON, and the source files' text. */
interface Part {
  name: string;
  english: EnglishStrings;
  locales: Record<string, Record<string, unknown>>;
  sources: { file: string; text: string }[];
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** The keys a language must have for an English key: a plural's one per plural category of that language. */
function keysFor(key: string, entry: EnglishStrings[string], language: string): string[] {
  if (typeof entry === 'string') return [key];
  return new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.map((category) => `${key}_${category}`);
}

/** Every problem of one part, as a sentence naming the file and the key. */
function localeProblems(part: Part): string[] {
  const problems: string[] = [];
  const code = part.sources.map((source) => source.text).join('\n');
  const literals = new Set(
    [...code.matchAll(/'([^'\n]+)'|"([^"\n]+)"/g)].map((match) => match[1] ?? match[2]),
  );
  for (const { file, text } of part.sources) {
    for (const [, key] of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
      if (key !== undefined && !(key in part.english))
        problems.push(`${file} uses '${key}', which en.ts lacks`);
    }
  }
  for (const key of Object.keys(part.english)) {
    if (!literals.has(key)) problems.push(`${part.name}: '${key}' is in en.ts but no code uses it`);
  }
  for (const language of TRANSLATED) {
    const locale = part.locales[language];
    if (!locale) {
      problems.push(`${part.name}: no locales/${language}.json`);
      continue;
    }
    const wanted = new Map<string, string>();
    for (const [key, entry] of Object.entries(part.english)) {
      const english = typeof entry === 'string' ? entry : entry.other;
      for (const localeKey of keysFor(key, entry, language)) wanted.set(localeKey, english);
    }
    for (const [key, english] of wanted) {
      const text = locale[key];
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${part.name}: locales/${language}.json lacks '${key}'`);
      } else if (placeholders(text).some((name) => !placeholders(english).includes(name))) {
        problems.push(`${part.name}: locales/${language}.json '${key}' names a value English does not give`);
      }
    }
    for (const key of Object.keys(locale)) {
      if (!wanted.has(key))
        problems.push(`${part.name}: locales/${language}.json has '${key}', which no code uses`);
    }
  }
  return problems;
}

function sourcesOf(dir: string): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'locales') found.push(...sourcesOf(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'en.ts') {
      found.push({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') });
    }
  }
  return found;
}

const PART_FOLDERS = [
  'packages/web-kit',
  ...readdirSync(ROOT).filter((name) => name === 'shell' || name.startsWith('mfe-')),
].filter((folder) => existsSync(join(ROOT, folder, 'src/i18n/en.ts')));

async function readPart(folder: string): Promise<Part> {
  const module = (await import(/* @vite-ignore */ join(ROOT, folder, 'src/i18n/en.ts'))) as Record<
    string,
    Strings<EnglishStrings>
  >;
  const table = Object.values(module).find((value) => typeof value?.namespace === 'string');
  if (!table) throw new Error(`${folder}/src/i18n/en.ts exports no defineStrings table`);
  const localeDir = join(ROOT, folder, 'src/i18n/locales');
  const locales = Object.fromEntries(
    readdirSync(localeDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.slice(0, -5),
        JSON.parse(readFileSync(join(localeDir, name), 'utf8')) as Record<string, unknown>,
      ]),
  );
  return { name: folder, english: table.english, locales, sources: sourcesOf(join(ROOT, folder, 'src')) };
}

describe('locales', () => {
  it('finds the parts that have strings', () => {
    expect(PART_FOLDERS).toEqual(expect.arrayContaining(['packages/web-kit', 'shell']));
  });

  it.each(PART_FOLDERS)('%s: every key used is in every language, and every key is used', async (folder) => {
    expect(localeProblems(await readPart(folder))).toEqual([]);
  });

  it('names a key missing from a locale, a key no code uses, and a key code uses that English lacks', () => {
    const part: Part = {
      name: 'mfe-example',
      english: {
        'page.title': 'Courses',
        'page.count': { one: '{{count}} course', other: '{{count}} courses' },
      },
      locales: {
        es: {
          'page.title': 'Cursos',
          'page.count_one': '{{count}} curso',
          'page.count_many': '{{count}} de cursos',
          'page.count_other': '{{count}} cursos',
        },
        de: { 'page.title': 'Kurse', 'page.count_one': '{{count}} Kurs', 'page.old': 'Alt' },
        ar: {
          'page.title': 'الدورات',
          ...Object.fromEntries(
            ['zero', 'one', 'two', 'few', 'many', 'other'].map((c) => [`page.count_${c}`, '{{count}}']),
          ),
        },
      },
      sources: [
        {
          file: 'mfe-example/src/Page.tsx',
          text: "t('page.title'); t('page.count', { count }); t('page.gone')",
        },
      ],
    };
    expect(localeProblems(part)).toEqual([
      "mfe-example/src/Page.tsx uses 'page.gone', which en.ts lacks",
      "mfe-example: locales/de.json lacks 'page.count_other'",
      "mfe-example: locales/de.json has 'page.old', which no code uses",
    ]);
    expect(localeProblems({ ...part, sources: [{ file: 'x.tsx', text: "t('page.title')" }] })).toContain(
      "mfe-example: 'page.count' is in en.ts but no code uses it",
    );
  });
});
