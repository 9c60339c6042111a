import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, newPasswordSchema } from '../../../shared/schemas/auth';
import { DEMO_ACCOUNTS, seedDemoData } from '../../demo/seed';
import { createHarness, harnessForFile } from '../../test/harness';
import { expectFieldRefused, rejection } from '../../test/rejection';
import { commonPasswordCount, DEMO_PASSWORD, isCommonPassword } from './password-policy';

const h = harnessForFile();

const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.com`;
const GOOD = 'Menorah-lights-8';

describe('the common-password list', () => {
  it('holds at least 10,000 passwords plus the demo password, compared case-insensitively', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const p of [
      'password',
      'PASSWORD1',
      'Qwerty123',
      'iloveyou',
      'letmein',
      DEMO_PASSWORD,
      'SIMCHA123',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of [GOOD, 'Kiddush-cup-7', 'correct horse battery staple']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });

  it('keeps the spec length rule and message in the shared schema', () => {
    expect(newPasswordSchema.safeParse('12345').error?.issues[0]?.message).toBe(MESSAGES.passwordTooShort);
    expect(newPasswordSchema.safeParse('123456').success).toBe(true);
  });
});

describe('new passwords refuse common ones', () => {
  it.each(['password123', 'simcha123', 'Simcha123', 'qwerty123'])('at sign-up: %s', async (password) => {
    const res = await h.request('POST', '/api/auth/register', null, {
      name: 'Yael',
      email: unique(),
      password,
    });
    expectFieldRefused(res, 'password', ACCOUNT_MESSAGES.passwordTooCommon);
  });

  it('at sign-up the length rule still comes first, and a good password passes', async () => {
    const short = await rejection(
      h.anonymous().caller.auth.register({ name: 'Y', email: unique(), password: '1234' }),
    );
    expect(short.message).toBe(MESSAGES.passwordTooShort);
    await expect(
      h.anonymous().caller.auth.register({ name: 'Y', email: unique(), password: GOOD }),
    ).resolves.toMatchObject({ user: { role: 'customer' } });
  });

  it('when changing the password', async () => {
    const me = await h.signedIn('customer', { password: GOOD });
    for (const newPassword of ['iloveyou', DEMO_PASSWORD]) {
      const error = await rejection(me.caller.auth.changePassword({ currentPassword: GOOD, newPassword }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    }
  });

  it('when resetting the password', async () => {
    const user = await h.signedIn('customer');
    await h.anonymous().caller.auth.requestPasswordReset({ email: user.user.email });
    const mail = await h.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('toAddress', '=', user.user.email)
      .executeTakeFirstOrThrow();
    const token = mail.textBody.match(/#token=([A-Za-z0-9_-]+)/)?.[1] as string;
    const error = await rejection(
      h.anonymous().caller.auth.confirmPasswordReset({ token, newPassword: 'Password1' }),
    );
    expect(error.message).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    await expect(
      h.anonymous().caller.auth.confirmPasswordReset({ token, newPassword: GOOD }),
    ).resolves.toEqual({ ok: true });
  });

  it('while the demo accounts, seeded with hashes directly, still sign in with the demo password', async () => {
    const seeded = await createHarness();
    try {
      await seedDemoData(seeded.db, { vendors: 0 });
      for (const account of Object.values(DEMO_ACCOUNTS)) {
        await expect(
          seeded.anonymous().caller.auth.login({ email: account.email, password: DEMO_PASSWORD }),
        ).resolves.toMatchObject({ user: { email: account.email } });
      }
    } finally {
      await seeded.close();
    }
  });
});

describe('npm run create-admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-admin-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });

  it('applies the same password rules as sign-up: common and demo passwords are refused', async () => {
    for (const password of [DEMO_PASSWORD, 'password1']) {
      await expect(
        cli('create-admin', '--email', 'boss@example.com', '--name', 'Boss', '--password', password),
      ).rejects.toMatchObject({ stderr: expect.stringContaining(ACCOUNT_MESSAGES.passwordTooCommon) });
    }
    const created = await cli(
      'create-admin',
      '--email',
      'boss@example.com',
      '--name',
      'Boss',
      '--password',
      GOOD,
    );
    expect(created.stdout).toContain('Admin boss@example.com created.');
  }, 90_000);
});
