import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from './http-messages';
import { codeOf, describeMessage, LABELS, labelCode, MESSAGE_GROUPS, TEMPLATES } from './message-codes';
import { ADMIN_MESSAGES } from './schemas/admin';
import { MESSAGES } from './schemas/auth';
import { COMMON_MESSAGES, DATE_MESSAGES, REQUIRED_MESSAGE } from './schemas/common';
import { GUEST_IMPORT_MESSAGES } from './schemas/guests';

const SHARED = path.resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('every message of the shared message objects has a code', () => {
  const groups = Object.entries(MESSAGE_GROUPS) as [string, Record<string, unknown>][];

  it.each(groups)(
    '%s: each sentence is recognized, by its own code or an earlier same sentence’s',
    (group, messages) => {
      const firstCode = new Map<string, string>();
      for (const [g, m] of groups) {
        for (const [key, value] of Object.entries(m)) {
          if (typeof value === 'string' && !firstCode.has(value)) firstCode.set(value, codeOf(g, key));
        }
      }
      for (const [key, value] of Object.entries(messages)) {
        if (typeof value !== 'string') continue;
        const described = describeMessage(value);
        expect(described, `${group}.${key}: ${value}`).not.toBeNull();
        expect(described?.code).toBe(firstCode.get(value));
        expect(described?.params).toEqual({});
      }
    },
  );

  it.each(groups)('%s: each template has a pattern that gives back its parameters', (group, messages) => {
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value !== 'function') continue;
      const templates = TEMPLATES.filter((t) => t.fn === value);
      expect(templates.length, `${group}.${key} has no entry in TEMPLATES`).toBeGreaterThan(0);
      for (const template of templates) {
        expect(template.code.startsWith(`${group}.`), template.code).toBe(true);
        expect(template.samples.length).toBeGreaterThan(0);
        for (const { args, params } of template.samples) {
          const text = (value as (...a: readonly unknown[]) => string)(...args);
          expect(describeMessage(text), text).toEqual({ code: template.code, params });
        }
      }
    }
  });

  it('every exported *_MESSAGES object of src/shared is one of the groups', async () => {
    const registered = new Set<unknown>(Object.values(MESSAGE_GROUPS));
    const found: string[] = [];
    for (const file of sourceFiles(SHARED)) {
      const names = [...readFileSync(file, 'utf8').matchAll(/export const ([A-Z_]*MESSAGES)\b/g)].map(
        (m) => m[1],
      );
      if (names.length === 0) continue;
      const module = (await import(file)) as Record<string, unknown>;
      for (const name of names) {
        found.push(name as string);
        expect(registered.has(module[name as string]), `${name} in ${path.relative(SHARED, file)}`).toBe(
          true,
        );
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(Object.keys(MESSAGE_GROUPS).length);
  });
});

describe('describeMessage', () => {
  it('names the sentences the server answers with', () => {
    expect(describeMessage(MESSAGES.badCredentials)).toEqual({ code: 'auth.badCredentials', params: {} });
    expect(describeMessage(REQUIRED_MESSAGE)).toEqual({ code: 'common.required', params: {} });
    expect(describeMessage(ADMIN_MESSAGES.ownsListings(2))).toEqual({
      code: 'admin.ownsListings',
      params: { count: 2 },
    });
  });

  it('reads a field label and a limit out of a too-long message', () => {
    expect(describeMessage(COMMON_MESSAGES.tooLong('Business name', 200))).toEqual({
      code: 'common.tooLong',
      params: { label: 'Business name', max: 200 },
    });
    expect(describeMessage(DATE_MESSAGES.noSuchDay('Due date', '2027-02-30'))).toEqual({
      code: 'date.noSuchDay',
      params: { label: 'Due date', day: '2027-02-30' },
    });
  });

  it('reads a message inside a message', () => {
    expect(describeMessage(HTTP_MESSAGES.retryIn(MESSAGES.tooManySignIns, '3 minutes'))).toEqual({
      code: 'http.retryInMinutes',
      params: { message: MESSAGES.tooManySignIns, minutes: 3 },
    });
    expect(describeMessage(GUEST_IMPORT_MESSAGES.rowsHaveErrors(12_345))).toEqual({
      code: 'guestImport.rowsHaveErrors',
      params: { rows: 12_345 },
    });
  });

  it('a parameter written twice must say the same both times', () => {
    expect(describeMessage('Latitude must be between -90 and 90')).toEqual({
      code: 'vendors.coordinateRange',
      params: { label: 'Latitude', limit: 90 },
    });
    expect(describeMessage('Latitude must be between -90 and 180')).toBeNull();
  });

  it('gives null for a sentence without a code', () => {
    expect(describeMessage('Invalid input: expected string, received number')).toBeNull();
    expect(describeMessage('')).toBeNull();
  });
});

describe('labels', () => {
  it('each has a code', () => {
    expect(labelCode('Business name')).toBe('label.businessName');
    expect(labelCode('Part of the day')).toBe('label.partOfTheDay');
    expect(labelCode('page_size')).toBeNull();
  });

  it('every label a schema gives people is listed', () => {
    // `label` is the first or second argument of these; labels spelled as API fields (lowercase) stay as they are.
    const call =
      /\b(?:safeString|requiredText|optionalText|oneOf|distinctName|timestampSchema|clearableTimestampSchema|civilDateSchema|queryNumber|optionalQueryNumber|latitude|longitude|trueOrFalse|isRequired|tooLong)\(\s*(?:[^,()'`]+,\s*)?'([^']+)'/g;
    const roots = [SHARED, path.resolve(SHARED, '../server'), path.resolve(SHARED, '../client')];
    const used = new Set<string>();
    for (const file of roots.flatMap(sourceFiles)) {
      for (const match of readFileSync(file, 'utf8').matchAll(call)) used.add(match[1] as string);
    }
    const forPeople = [...used].filter((label) => /^[A-Z]/.test(label));
    expect(forPeople.length).toBeGreaterThan(40);
    expect(forPeople.filter((label) => labelCode(label) === null)).toEqual([]);
    expect(new Set(LABELS).size).toBe(LABELS.length);
  });
});
