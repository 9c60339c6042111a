import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile } from '../../test/harness';
import { deferDeletesDuringBackups, takeBackupLease } from './backup-leases';
import { createFsStore } from './fs-store';

/** Deletes wait while a backup runs (decision 042), on the embedded database or PostgreSQL. */
const h = harnessForFile();
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-leases-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('backup leases', () => {
  it('notes deletes while a lease is current and carries them out when it is released', async () => {
    const driver = createFsStore(root);
    const store = deferDeletesDuringBackups(driver, h.db);
    await driver.put('images/kept-while-backing-up.webp', Buffer.from('a'));
    await driver.put('images/deleted-at-once.webp', Buffer.from('b'));

    const lease = await takeBackupLease(h.db);
    await store.delete(['images/kept-while-backing-up.webp']);
    expect(await driver.exists('images/kept-while-backing-up.webp')).toBe(true);
    expect(await h.db.selectFrom('deferredFileDeletes').select('key').execute()).toEqual([
      { key: 'images/kept-while-backing-up.webp' },
    ]);

    await lease.release(driver);
    expect(await driver.exists('images/kept-while-backing-up.webp')).toBe(false);
    expect(await h.db.selectFrom('deferredFileDeletes').select('key').execute()).toEqual([]);
    await store.delete(['images/deleted-at-once.webp']);
    expect(await driver.exists('images/deleted-at-once.webp')).toBe(false);
  });

  it('lets an expired lease (a crashed backup) hold nothing back, and the next delete carries out its notes', async () => {
    const driver = createFsStore(root);
    const store = deferDeletesDuringBackups(driver, h.db);
    await driver.put('attachments/noted-by-a-crashed-backup', Buffer.from('c'));
    await driver.put('attachments/deleted-later', Buffer.from('d'));
    const crashed = new Date(Date.now() - 60 * 60 * 1000);
    await takeBackupLease(h.db, () => crashed);
    await h.db
      .insertInto('deferredFileDeletes')
      .values({ key: 'attachments/noted-by-a-crashed-backup' })
      .execute();

    await store.delete(['attachments/deleted-later']);
    expect(await driver.exists('attachments/deleted-later')).toBe(false);
    expect(await driver.exists('attachments/noted-by-a-crashed-backup')).toBe(false);
    expect(await h.db.selectFrom('deferredFileDeletes').select('key').execute()).toEqual([]);
  });
});
