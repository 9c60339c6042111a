import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n';

const DIR = path.join(import.meta.dirname, 'messages');

function catalogue(language: string): Map<string, Record<string, string>> {
  const files = readdirSync(path.join(DIR, language)).filter((f) => f.endsWith('.json'));
  return new Map(
    files.map((f) => [
      f.replace(/\.json$/, ''),
      JSON.parse(readFileSync(path.join(DIR, language, f), 'utf8')) as Record<string, string>,
    ]),
  );
}

/** A message's arguments and rich-text tags, by name, with the kind of each. */
function argumentsOf(
  elements: MessageFormatElement[],
  into = new Map<string, string>(),
): Map<string, string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.set(element.value, TYPE[element.type]);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const en = catalogue('en');

describe('message catalogues', () => {
  it('keep each namespace in its file, every key named <namespace>.<name>', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, messages] of catalogue(language)) {
        for (const key of Object.keys(messages)) expect(key.startsWith(`${namespace}.`), key).toBe(true);
      }
    }
  });

  it('have the same namespaces and the same keys in every language', () => {
    for (const language of LANGUAGES) {
      const other = catalogue(language);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [namespace, messages] of en) {
        expect(Object.keys(other.get(namespace) ?? {}).sort(), `${language}/${namespace}.json`).toEqual(
          Object.keys(messages).sort(),
        );
      }
    }
  });

  it('hold valid ICU messages with the same arguments in every language, and no empty one', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, messages] of catalogue(language)) {
        for (const [key, message] of Object.entries(messages)) {
          expect(message.trim(), `${language} ${key}`).not.toBe('');
          const args = argumentsOf(parse(message));
          const english = argumentsOf(parse(en.get(namespace)?.[key] ?? ''));
          expect(Object.fromEntries(args), `${language} ${key}`).toEqual(Object.fromEntries(english));
        }
      }
    }
  });

  it('write Hebrew with its own marks: gershayim and geresh, not straight quotes inside words', () => {
    for (const messages of catalogue('he').values()) {
      for (const [key, message] of Object.entries(messages)) {
        expect(/[\u05d0-\u05ea]["'][\u05d0-\u05ea]/.test(message), `${key}: ${message}`).toBe(false);
      }
    }
  });
});

describe('accessible names that say which thing a button acts on (WCAG 2.5.3, label in name)', () => {
  // 'admin.vendors.hide' is the visible word, 'admin.vendors.hideFor' the button's name ("Hide
  // {name}"): the name must begin with the visible word in every language, as it does in English.
  const flat = (language: string) =>
    Object.assign({}, ...catalogue(language).values()) as Record<string, string>;
  const english = flat('en');
  const pairs = Object.keys(english)
    .map((id) => ({ id, base: /^(.*?)(ClaimFor|For|Named|Label)$/.exec(id)?.[1] }))
    .filter(
      (pair): pair is { id: string; base: string } =>
        pair.base !== undefined &&
        english[pair.base] !== undefined &&
        !english[pair.base]?.includes('{') &&
        english[pair.id]?.startsWith(english[pair.base] ?? '') === true,
    );

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s begins each such name with the visible word',
    (language) => {
      const messages = flat(language);
      const mismatched = pairs
        .filter(({ id, base }) => !messages[id]?.startsWith(messages[base] ?? ''))
        .map(({ id, base }) => `${id}: "${messages[id]}" does not begin with "${messages[base]}"`);
      expect(pairs.length).toBeGreaterThan(5);
      expect(mismatched).toEqual([]);
    },
  );
});
