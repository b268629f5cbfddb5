// Every part with strings (web-kit, the shell, each remote) is complete in every language: no key used in code is
// missing from English or from a locale, no locale holds a key nobody uses. A part may keep more than one table:
// every folder under its src/i18n/ with an en.ts (its defineStrings) and locales/ beside it, such as a remote's
// src/i18n/widgets/ for what the shell shows of it (so a page showing a widget loads only the widget's texts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@catalyst/contracts/languages';
import type { EnglishStrings, Strings } from './strings';

const ROOT = join(__dirname, '../../../..');
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

/** One table: its English by key (an en.ts's defineStrings) and each locale's JSON beside it. */
interface Table {
  /** How problems name it: the part for its src/i18n/en.ts, else the table's folder. */
  name: string;
  namespace: string;
  english: EnglishStrings;
  locales: Record<string, Record<string, unknown>>;
}

/** What a part's code and files hold: its tables and the source files' text. */
interface Part {
  name: string;
  tables: Table[];
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

/** Every quoted string in the code: an empty '' is one too, so it does not pair with the next key's quote. */
const literalsOf = (code: string) =>
  new Set(
    [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)].map((match) => match[1] ?? match[2]),
  );

/** A table's problems in one language: a key missing or naming a value English does not give, a key left over. */
function localeProblems(table: Table, language: string, owners: Map<string, Table>): string[] {
  const locale = table.locales[language];
  if (!locale) return [`${table.name}: no locales/${language}.json`];
  const problems: string[] = [];
  const wanted = new Map<string, string>();
  for (const [key, entry] of Object.entries(table.english)) {
    const english = typeof entry === 'string' ? entry : entry.other;
    for (const localeKey of keysFor(key, entry, language)) wanted.set(localeKey, english);
  }
  for (const [key, english] of wanted) {
    const text = locale[key];
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${table.name}: locales/${language}.json lacks '${key}'`);
    } else if (placeholders(text).some((name) => !placeholders(english).includes(name))) {
      problems.push(`${table.name}: locales/${language}.json '${key}' names a value English does not give`);
    }
  }
  for (const key of Object.keys(locale)) {
    if (wanted.has(key)) continue;
    const owner = owners.get(key.replace(/_(zero|one|two|few|many|other)$/, '')) ?? owners.get(key);
    problems.push(
      owner && owner !== table
        ? `${table.name}: locales/${language}.json has '${key}', which belongs to ${owner.name}`
        : `${table.name}: locales/${language}.json has '${key}', which no code uses`,
    );
  }
  return problems;
}

/** Every problem of one part, as a sentence naming the file or table and the key. */
function partProblems(part: Part): string[] {
  const problems: string[] = [];
  const owners = new Map<string, Table>();
  for (const table of part.tables) {
    for (const key of Object.keys(table.english)) {
      const other = owners.get(key);
      if (other) problems.push(`${part.name}: '${key}' is in both ${other.name} and ${table.name}`);
      else owners.set(key, table);
    }
  }
  for (const { file, text } of part.sources) {
    // t('key'), or tCard('key') where a component reads a second table of its part
    for (const [, key] of text.matchAll(/\bt(?:[A-Z]\w*)?\(\s*'([^']+)'/g)) {
      if (key !== undefined && !owners.has(key)) problems.push(`${file} uses '${key}', which en.ts lacks`);
    }
  }
  const literals = literalsOf(part.sources.map((source) => source.text).join('\n'));
  for (const table of part.tables) {
    for (const key of Object.keys(table.english)) {
      if (!literals.has(key)) problems.push(`${table.name}: '${key}' is in en.ts but no code uses it`);
    }
  }
  for (const language of TRANSLATED) {
    for (const table of part.tables) problems.push(...localeProblems(table, language, owners));
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

/** The folders of a part's tables: src/i18n/ itself and any folder under it that holds an en.ts. */
function tableFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'locales')
    .flatMap((entry) => tableFolders(join(dir, entry.name)));
  return existsSync(join(dir, 'en.ts')) ? [dir, ...folders] : folders;
}

const PART_FOLDERS = [
  'packages/web-kit',
  ...readdirSync(ROOT).filter((name) => name === 'shell' || name.startsWith('mfe-')),
].filter((folder) => tableFolders(join(ROOT, folder, 'src/i18n')).length > 0);

async function readTable(part: string, folder: string): Promise<Table> {
  const file = join(folder, 'en.ts');
  const module = (await import(/* @vite-ignore */ file)) as Record<string, Strings<EnglishStrings>>;
  const table = Object.values(module).find((value) => typeof value?.namespace === 'string');
  if (!table) throw new Error(`${relative(ROOT, file)} exports no defineStrings table`);
  const localeDir = join(folder, 'locales');
  const locales = Object.fromEntries(
    (existsSync(localeDir) ? readdirSync(localeDir) : [])
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.slice(0, -5),
        JSON.parse(readFileSync(join(localeDir, name), 'utf8')) as Record<string, unknown>,
      ]),
  );
  const name = folder === join(ROOT, part, 'src/i18n') ? part : relative(ROOT, folder);
  return { name, namespace: table.namespace, english: table.english, locales };
}

async function readPart(folder: string): Promise<Part> {
  const tables = await Promise.all(
    tableFolders(join(ROOT, folder, 'src/i18n')).map((tableFolder) => readTable(folder, tableFolder)),
  );
  return { name: folder, tables, sources: sourcesOf(join(ROOT, folder, 'src')) };
}

/** A module and the repository's files it loads with it: its static relative imports, followed (no `import type`). */
function loadedWith(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file) || !/\.tsx?$/.test(file)) return found;
  found.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(
    /^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gm,
  )) {
    const base = join(dirname(file), spec!);
    const resolved = ['', '.ts', '.tsx', '/index.ts']
      .map((ending) => base + ending)
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (resolved) loadedWith(resolved, found);
  }
  return found;
}

describe('locales', () => {
  it('finds the parts that have strings, each table with its own namespace', async () => {
    expect(PART_FOLDERS).toEqual(expect.arrayContaining(['packages/web-kit', 'shell']));
    const tables = (await Promise.all(PART_FOLDERS.map(readPart))).flatMap((part) => part.tables);
    const namespaces = tables.map((table) => table.namespace);
    expect(namespaces.filter((namespace, index) => namespaces.indexOf(namespace) !== index)).toEqual([]);
  });

  it.each(PART_FOLDERS)('%s: every key used is in every language, and every key is used', async (folder) => {
    expect(partProblems(await readPart(folder))).toEqual([]);
  });

  it("loads a shell widget without its remote's main table when the remote keeps a widgets table", async () => {
    const { SHELL_WIDGETS } = (await import(
      /* @vite-ignore */ join(ROOT, 'shell/src/federation/widgets.ts')
    )) as {
      SHELL_WIDGETS: Record<string, { remote: string; module: string }>;
    };
    const checked: string[] = [];
    const heavy: string[] = [];
    for (const { remote, module } of Object.values(SHELL_WIDGETS)) {
      const folder = join(ROOT, `mfe-${remote}`);
      if (!existsSync(join(folder, 'src/i18n/widgets/en.ts'))) continue;
      const { exposes } = (await import(/* @vite-ignore */ join(folder, 'src/exposes.ts'))) as {
        exposes: Record<string, string>;
      };
      checked.push(`${remote} ${module}`);
      const loaded = loadedWith(join(folder, exposes[module]!));
      if (loaded.has(join(folder, 'src/i18n/en.ts'))) heavy.push(`${remote} ${module} loads src/i18n/en.ts`);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'catalog ./TopCourses',
        'catalog ./RecommendationRows',
        'player ./ContinueWatching',
      ]),
    );
    expect(heavy).toEqual([]);
  });

  it('names a key missing from a locale, a key no code uses, and a key code uses that English lacks', () => {
    const table: Table = {
      name: 'mfe-example',
      namespace: 'example',
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
    };
    const part: Part = {
      name: 'mfe-example',
      tables: [table],
      sources: [
        {
          file: 'mfe-example/src/Page.tsx',
          text: "t('page.title'); t('page.count', { count }); t('page.gone')",
        },
      ],
    };
    expect(partProblems(part)).toEqual([
      "mfe-example/src/Page.tsx uses 'page.gone', which en.ts lacks",
      "mfe-example: locales/de.json lacks 'page.count_other'",
      "mfe-example: locales/de.json has 'page.old', which no code uses",
    ]);
    expect(partProblems({ ...part, sources: [{ file: 'x.tsx', text: "t('page.title')" }] })).toContain(
      "mfe-example: 'page.count' is in en.ts but no code uses it",
    );
  });

  it('reads a key in any table of its part, and holds each table complete on its own', () => {
    const page: Table = {
      name: 'mfe-example',
      namespace: 'example',
      english: { 'page.title': 'Courses' },
      locales: {
        es: { 'page.title': 'Cursos' },
        de: { 'page.title': 'Kurse' },
        ar: { 'page.title': 'الدورات' },
      },
    };
    const widgets: Table = {
      name: 'mfe-example/src/i18n/widgets',
      namespace: 'example-widgets',
      english: { 'row.title': 'Top courses', 'row.more': 'More' },
      locales: {
        es: { 'row.title': 'Los mejores cursos', 'row.more': 'Más' },
        de: { 'row.title': 'Top-Kurse', 'page.title': 'Kurse' },
        ar: { 'row.title': 'أفضل الدورات', 'row.more': 'المزيد' },
      },
    };
    const part: Part = {
      name: 'mfe-example',
      tables: [page, widgets],
      sources: [
        { file: 'mfe-example/src/Page.tsx', text: "t('page.title')" },
        // the empty '' does not swallow the keys after it
        {
          file: 'mfe-example/src/Row.tsx',
          text: "(more === '' ? t('row.title') : t('row.more')) + tRow('row.gone')",
        },
      ],
    };
    expect(partProblems(part)).toEqual([
      "mfe-example/src/Row.tsx uses 'row.gone', which en.ts lacks",
      "mfe-example/src/i18n/widgets: locales/de.json lacks 'row.more'",
      "mfe-example/src/i18n/widgets: locales/de.json has 'page.title', which belongs to mfe-example",
    ]);
    const twice = { ...widgets, english: { ...widgets.english, 'page.title': 'Courses' } };
    expect(partProblems({ ...part, tables: [page, twice] })).toContain(
      "mfe-example: 'page.title' is in both mfe-example and mfe-example/src/i18n/widgets",
    );
  });
});
