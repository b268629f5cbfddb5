// Every server part's texts (service-kit's messages, each service with src/i18n/en.ts) are complete in every
// language with the same placeholders, and answers and their formats follow the language asked for.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '@catalyst/contracts/form-messages';
import { formatMoney, languageOfHeader } from './language';
import ownDe from './locales/de.json';
import { serverMessages, translateErrorBody } from './messages';
import { TRANSLATED_LANGUAGES, defineServerStrings, type EnglishTexts, type ServerStrings } from './strings';

const ROOT = join(__dirname, '../../../..');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** Every key missing from (or left over in) a locale, or naming a value English does not give. */
function localeProblems(table: ServerStrings<EnglishTexts>): string[] {
  const problems: string[] = [];
  for (const language of TRANSLATED_LANGUAGES) {
    const locale = table.locales[language];
    const wanted = new Map<string, string>();
    for (const [key, entry] of Object.entries(table.english)) {
      if (typeof entry === 'string') wanted.set(key, entry);
      else
        for (const category of new Intl.PluralRules(language).resolvedOptions().pluralCategories)
          wanted.set(`${key}_${category}`, entry.other);
    }
    for (const [key, english] of wanted) {
      const text = locale[key];
      // A plural form may say its number in words ('يومان', two days) instead of {{count}}.
      const given = placeholders(text ?? '');
      const asked = placeholders(english).filter((name) => name !== 'count' || given.includes('count'));
      if (typeof text !== 'string' || text.trim() === '')
        problems.push(`${table.namespace}: ${language}.json lacks '${key}'`);
      else if (given.join() !== asked.join())
        problems.push(`${table.namespace}: ${language}.json '${key}' has other placeholders than English`);
    }
    for (const key of Object.keys(locale))
      if (!wanted.has(key))
        problems.push(`${table.namespace}: ${language}.json has '${key}', which English lacks`);
  }
  return problems;
}

const SERVICE_TABLES = readdirSync(join(ROOT, 'services'))
  .map((service) => join('services', service, 'src/i18n/en.ts'))
  .filter((file) => existsSync(join(ROOT, file)));

async function tableOf(file: string): Promise<ServerStrings<EnglishTexts>> {
  const module = (await import(/* @vite-ignore */ join(ROOT, file))) as Record<string, unknown>;
  const table = Object.values(module).find(
    (value): value is ServerStrings<EnglishTexts> =>
      typeof (value as ServerStrings<EnglishTexts>)?.namespace === 'string',
  );
  if (!table) throw new Error(`${file} exports no defineServerStrings table`);
  return table;
}

describe('server texts', () => {
  it('holds every key of service-kit and of each service in every language, with the same placeholders', async () => {
    expect(SERVICE_TABLES).toEqual(
      expect.arrayContaining([
        'services/auth/src/i18n/en.ts',
        'services/community/src/i18n/en.ts',
        'services/progress/src/i18n/en.ts',
        'services/billing/src/i18n/en.ts',
        'services/content/src/i18n/en.ts',
      ]),
    );
    const tables = [serverMessages, ...(await Promise.all(SERVICE_TABLES.map(tableOf)))];
    expect(tables.flatMap(localeProblems)).toEqual([]);
  });

  it("gives no key of service-kit's own the name of a form message's, which would hide it", () => {
    const formKeys = new Set(Object.keys(FORM_MESSAGES));
    expect(Object.keys(ownDe).filter((key) => formKeys.has(key))).toEqual([]);
  });

  it('keeps the numbers of the refusals built from limits (15 minutes, 6 streams) in every language', () => {
    for (const language of TRANSLATED_LANGUAGES)
      for (const [key, english] of Object.entries(serverMessages.english))
        for (const number of (typeof english === 'string' ? english : '').match(/\d+/g) ?? [])
          expect(serverMessages.locales[language][key], `${language} ${key}`).toContain(number);
  });

  it('names a missing key, a left-over key and a placeholder English does not give', () => {
    const table = defineServerStrings(
      'example',
      { 'mail.hello': 'Hi {{name}}', 'mail.items': { one: '{{count}} item', other: '{{count}} items' } },
      {
        es: { 'mail.hello': 'Hola {{nombre}}', 'mail.items_one': '{{count}} cosa', 'mail.old': 'x' },
        de: {},
        ar: {},
      },
    );
    expect(localeProblems(table)).toEqual(
      expect.arrayContaining([
        "example: es.json 'mail.hello' has other placeholders than English",
        "example: es.json lacks 'mail.items_many'",
        "example: es.json has 'mail.old', which English lacks",
        "example: de.json lacks 'mail.hello'",
      ]),
    );
  });

  it('fills values and plurals by the language, and falls back to English', () => {
    const table = defineServerStrings(
      'example',
      { days: { one: '{{count}} day', other: '{{count}} days' }, hi: 'Hi {{name}}' },
      {
        es: {},
        de: { days_one: '{{count}} Tag', days_other: '{{count}} Tage' },
        ar: { days_two: 'يومان', days_few: '{{count}} أيام', days_other: '{{count}} يوم' },
      },
    );
    expect(table.t('en', 'days', { count: 1 })).toBe('1 day');
    expect(table.t('de', 'days', { count: 1 })).toBe('1 Tag');
    expect(table.t('de', 'days', { count: 3 })).toBe('3 Tage');
    expect(table.t('ar', 'days', { count: 2 })).toBe('يومان');
    expect(table.t('ar', 'days', { count: 5 })).toBe('5 أيام');
    expect(table.t('es', 'hi', { name: 'Ana' })).toBe('Hi Ana');
  });

  it('answers a refusal in the language Accept-Language asks for, and English byte for byte', () => {
    expect(languageOfHeader('de-AT;q=0.5, ar;q=0.9, fr')).toBe('ar');
    expect(languageOfHeader('fr-FR, *;q=0.1')).toBe('en');
    expect(languageOfHeader(undefined)).toBe('en');
    const body = {
      success: false,
      message: 'Invalid email or password',
      errors: [{ field: 'name', message: 'Name is required' }],
    };
    expect(translateErrorBody('en', body)).toBe(body);
    expect(translateErrorBody('es', body)).toEqual({
      success: false,
      message: 'Correo electrónico o contraseña incorrectos',
      errors: [{ field: 'name', message: 'El nombre es obligatorio' }],
    });
    expect(translateErrorBody('de', { success: false, message: 'Course 12 is gone' }).message).toBe(
      'Course 12 is gone',
    );
    // A message with a value inside: its value read back, a number written as the language writes it.
    expect(
      translateErrorBody('de', {
        success: false,
        message: 'Remove members before lowering seats below 1,200',
      }).message,
    ).toBe('Entferne Mitglieder, bevor du die Plätze unter 1.200 senkst');
    expect(
      translateErrorBody('es', {
        success: false,
        message: 'This join link is for addresses at acme.example, acme.test only.',
      }).message,
    ).toBe('Este enlace para unirse es solo para direcciones de acme.example, acme.test.');
    const said = (language: 'es' | 'de' | 'ar', message: string) =>
      translateErrorBody(language, { success: false, message }).message;
    // a plural's forms are found too, its number choosing the language's form
    expect(said('de', 'Captions saved: 1 cue')).toBe('Untertitel gespeichert: 1 Eintrag');
    expect(said('ar', 'Captions saved: 2 cues')).toBe('حُفظت الترجمة: مقطعان');
    // a value that is itself a message is said in the language with it
    expect(
      said(
        'es',
        'This file is not what its name says: it was named as a video but its contents are an image',
      ),
    ).toBe(
      'Este archivo no es lo que indica su nombre: por el nombre es un vídeo, pero por su contenido es una imagen',
    );
    // the more specific pattern wins: a kind's word is not taken for part of an id, nor words for a version
    expect(said('de', 'Question q1 is not part of this curriculum')).toBe(
      'Die Frage q1 gehört nicht zu diesem Lehrplan',
    );
    expect(said('de', 'x1 is not part of this curriculum')).toBe('x1 gehört nicht zu diesem Lehrplan');
    expect(said('de', 'catalog has no release to roll back')).toBe(
      'catalog hat kein Release, das sich zurücksetzen ließe',
    );
    expect(said('de', 'catalog has no release v2-2222222222')).toBe('catalog hat kein Release v2-2222222222');
    expect(serverMessages.t('ar', 'error.unavailable')).toBe(
      'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.',
    );
    expect(formatMoney('de', 1499, 'usd')).toBe('14,99\u00a0$');
  });
});
