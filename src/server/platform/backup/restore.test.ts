import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations/index';
import { ARCHIVE_FORMAT, ArchiveWriter, CHECKSUMS, MANIFEST, type Manifest } from './archive';
import { restoreBackup } from './restore';

/** What a restore refuses before it writes anything (the whole round trip: src/server/backup.test.ts). */
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'simchahub-restore-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const latest = Object.keys(migrations).sort().at(-1) as string;
const FILE = Buffer.from('the bytes of an attachment');

/** An archive of an embedded database whose dump is `dump`, with one file. */
async function archive(name: string, migration: string): Promise<string> {
  const file = path.join(work, name);
  const writer = new ArchiveWriter(createWriteStream(file));
  const manifest: Manifest = {
    app: 'simchahub',
    format: ARCHIVE_FORMAT,
    createdAt: new Date().toISOString(),
    migration,
    database: { kind: 'pglite', entry: 'database.sql', format: 'plain' },
    files: { driver: 'fs', inDatabase: false },
  };
  await writer.json(MANIFEST, manifest);
  const dump = Buffer.from('SELECT 1;\n');
  const database = await writer.stream('database.sql', dump.length, Readable.from([dump]));
  const sum = await writer.stream('files/attachments/one', FILE.length, Readable.from([FILE]));
  await writer.json(CHECKSUMS, {
    database: { bytes: database.bytes, sha256: database.sha256 },
    files: [{ key: 'attachments/one', bytes: sum.bytes, sha256: sum.sha256 }],
    fileCount: 1,
    fileBytes: sum.bytes,
    vanished: 0,
    databaseHeldMs: null,
  });
  await writer.finish();
  return file;
}

const target = (dir: string) => ({
  dataDir: path.join(work, dir),
  storage: { driver: 'fs' as const, root: path.join(work, dir), explicit: false },
});

describe('restore refuses', () => {
  it('an archive from a newer version, naming its migration', async () => {
    const file = await archive('newer.tar', '2099-01-01T0000_from_the_future');
    await expect(restoreBackup(file, target('newer'))).rejects.toThrow(
      'This backup comes from a newer version of SimchaHub (its database is at migration 2099-01-01T0000_from_the_future',
    );
  });

  it('an embedded archive when DATABASE_URL names PostgreSQL', async () => {
    const file = await archive('kind.tar', latest);
    await expect(
      restoreBackup(file, { ...target('kind'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow('This backup holds an embedded database: unset DATABASE_URL');
  });

  it('an archive whose file does not have its recorded SHA-256, before writing anything', async () => {
    const file = await archive('corrupt.tar', latest);
    const bytes = await readFile(file);
    const at = bytes.indexOf(FILE);
    bytes[at] = (bytes[at] as number) ^ 1;
    await writeFile(file, bytes);
    await expect(restoreBackup(file, target('corrupt'))).rejects.toThrow(
      'The file attachments/one is corrupt: its SHA-256 is not the one recorded',
    );
  });

  it('an archive cut short', async () => {
    const file = await archive('short.tar', latest);
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 2048));
    await expect(restoreBackup(file, target('short'))).rejects.toThrow(/truncated/);
  });
});
