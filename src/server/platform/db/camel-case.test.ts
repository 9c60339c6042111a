import fc from 'fast-check';
import { CamelCasePlugin, type QueryResult, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RowCamelCasePlugin } from './camel-case';

const transform = (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  plugin.transformResult({
    queryId: { queryId: 'q' },
    result: { rows, numAffectedRows: 1n } as QueryResult<UnknownRow>,
  });

const snakeKey = fc.stringMatching(/^[a-z][a-z0-9]{0,5}(_[a-z0-9]{1,5}){0,3}$/);
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
  fc.constant(Buffer.from('ab')),
);
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(snakeKey, tie('value'), { maxKeys: 4 }),
})).value;

describe('RowCamelCasePlugin', () => {
  it('renames rows exactly as Kysely’s CamelCasePlugin does, nested objects and arrays included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(snakeKey, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(value, { minLength: 6, maxLength: 6 }), { maxLength: 5 }),
        async (columns, values) => {
          const rows = values.map((vs) => Object.fromEntries(columns.map((c, i) => [c, vs[i]])));
          const expected = await transform(new CamelCasePlugin(), rows);
          const actual = await transform(new RowCamelCasePlugin(), rows);
          expect(actual).toEqual(expected);
          // The same names in the same order, not only equal objects.
          expect(actual.rows.map((r) => Object.keys(r))).toEqual(expected.rows.map((r) => Object.keys(r)));
        },
      ),
    );
  });

  it('renames rows whose columns differ from one row to the next', async () => {
    const rows = [{ first_name: 'a' }, { last_name: 'b', meta_data: { inner_key: [{ deep_key: 1 }] } }];
    expect(await transform(new RowCamelCasePlugin(), rows)).toEqual(
      await transform(new CamelCasePlugin(), rows),
    );
    expect((await transform(new RowCamelCasePlugin(), rows)).rows[1]).toEqual({
      lastName: 'b',
      metaData: { innerKey: [{ deepKey: 1 }] },
    });
  });

  it('keeps nested keys when asked to, as the original does', async () => {
    const rows = [{ some_col: { inner_key: 1 }, list_col: [{ inner_key: 2 }] }];
    const options = { maintainNestedObjectKeys: true };
    expect(await transform(new RowCamelCasePlugin(options), rows)).toEqual(
      await transform(new CamelCasePlugin(options), rows),
    );
  });
});
