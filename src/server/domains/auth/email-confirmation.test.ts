import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import { DASHBOARD_CATEGORY_VALUES } from '../../../shared/schemas/vendors';
import { createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { harnessForFile } from '../../test/harness';
import { imageForm, multipartBody, png, postUpload } from '../../test/uploads';
import { SITE_FULL_MESSAGE, unconfirmedQuotaMessage } from '../uploads/quota';
import { deleteDeadConfirmationTokens } from './email-confirmation';

let now = Date.parse('2026-06-01T08:00:00Z');
const h = harnessForFile({ now: () => new Date(now) });

const DAY = 24 * 60 * 60 * 1000;
const json = { 'content-type': 'application/json' };
const PASSWORD = 'Chuppah-under-stars-7';
const unique = (what = 'new') => `${what}-${Math.random().toString(36).slice(2, 10)}@example.com`;

function post(url: string, payload: Record<string, unknown> | undefined, cookie?: string) {
  return h.inject({
    method: 'POST',
    url,
    headers: { ...(payload ? json : {}), ...(cookie ? { cookie } : {}) },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
}

async function mailsTo(email: string) {
  return h.db
    .selectFrom('mailOutbox')
    .select(['kind', 'subject', 'textBody', 'htmlBody', 'notification'])
    .where('toAddress', '=', email)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The token as a person gets it: from the link in the text part of the newest confirmation mail. */
async function confirmationToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => m.kind === 'email-confirmation').at(-1);
  const match = mail?.textBody.match(/\/confirm-email#token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
  return match[1];
}

/** Signs up through the REST door, as a person does: the session cookie and the account. */
async function signUp(email = unique()) {
  const res = await post('/api/auth/register', {
    name: 'Tova Katz',
    email,
    password: PASSWORD,
    role: 'customer',
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = String(res.headers['set-cookie']).match(/simchahub_session=[^;]+/)?.[0];
  if (!cookie) throw new Error('no session cookie');
  return { email, cookie, id: res.json().user.id as string, user: res.json().user };
}

async function me(cookie: string) {
  const res = await h.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  return res.json().user as { email: string; emailConfirmedAt: string | null; version: number };
}

const confirm = (token: string) => post('/api/auth/email-confirmation/confirm', { token });

describe('e-mail confirmation', () => {
  it('mails a link at sign-up that confirms the address once opened, signed in or not', async () => {
    const person = await signUp();
    expect(person.user.emailConfirmedAt).toBeNull();
    const [mail] = await mailsTo(person.email);
    expect(mail).toMatchObject({ kind: 'email-confirmation', notification: false });
    expect(mail?.subject).toBe('Confirm your e-mail address for SimchaHub');
    // The token rides in the fragment, so it never reaches an access log.
    expect(mail?.textBody).toContain(`${h.deps.config.appUrl}/confirm-email#token=`);
    expect(mail?.htmlBody).toContain('/confirm-email#token=');

    // Opened on another device, without a session.
    const opened = await confirm(await confirmationToken(person.email));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ email: person.email });
    expect((await me(person.cookie)).emailConfirmedAt).toBe(new Date(now).toISOString());

    // A second click (or a mail scanner's first) answers the same, and confirms nothing new.
    const again = await confirm(await confirmationToken(person.email));
    expect(again.statusCode).toBe(200);
  });

  it('refuses a made-up, expired or foreign-address link with the same sentence, confirming nothing', async () => {
    const made = await confirm('not-a-real-token');
    expect(made.statusCode).toBe(400);
    expect(made.json().error.message).toBe(ACCOUNT_MESSAGES.confirmLinkInvalid);

    const person = await signUp();
    const token = await confirmationToken(person.email);
    now += 7 * DAY + 1;
    try {
      const expired = await confirm(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe(ACCOUNT_MESSAGES.confirmLinkInvalid);
    } finally {
      now -= 7 * DAY + 1;
    }
    expect((await me(person.cookie)).emailConfirmedAt).toBeNull();
  });

  it('unconfirms a changed address, retires links to the old one, and mails the new one its own', async () => {
    const person = await signUp();
    const oldToken = await confirmationToken(person.email);
    expect((await confirm(oldToken)).statusCode).toBe(200);
    // A second, unopened link to the old address.
    expect((await post('/api/auth/email-confirmation', undefined, person.cookie)).json()).toEqual({
      sentTo: null,
      alreadyConfirmed: true,
    });

    const moved = unique('moved');
    const current = await me(person.cookie);
    const changed = await h.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...json, cookie: person.cookie },
      payload: JSON.stringify({ email: moved, currentPassword: PASSWORD, version: current.version }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.emailConfirmedAt).toBeNull();
    expect((await me(person.cookie)).emailConfirmedAt).toBeNull();

    // The old address is told, without a link; a link to it confirms nothing now.
    const oldMails = await mailsTo(person.email);
    expect(oldMails.at(-1)?.kind).toBe('email-changed');
    expect(oldMails.at(-1)?.textBody).not.toContain('#token=');
    const stale = await confirm(oldToken);
    expect(stale.statusCode).toBe(400);

    // The new address's own link works.
    expect((await confirm(await confirmationToken(moved))).statusCode).toBe(200);
    expect((await me(person.cookie)).emailConfirmedAt).not.toBeNull();
  });

  it('sends a new link on request, a few an hour per account', async () => {
    const person = await signUp();
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/email-confirmation', undefined, person.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sentTo: person.email, alreadyConfirmed: false });
    }
    const refused = await post('/api/auth/email-confirmation', undefined, person.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Too many confirmation links were asked for\. Please try again in/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-up mail and five more; each of them works until one is used.
    const mails = (await mailsTo(person.email)).filter((m) => m.kind === 'email-confirmation');
    expect(mails).toHaveLength(6);
    expect((await confirm(await confirmationToken(person.email))).statusCode).toBe(200);

    const signedOut = await post('/api/auth/email-confirmation', undefined);
    expect(signedOut.statusCode).toBe(401);
  });

  it('forgets links a day after they were used or expired', async () => {
    const user = await createUser(h.db);
    await h.db
      .insertInto('emailConfirmationTokens')
      .values([
        { userId: user.id, email: user.email, tokenHash: 'a'.repeat(64), expiresAt: new Date(now - 2 * DAY) },
        { userId: user.id, email: user.email, tokenHash: 'b'.repeat(64), expiresAt: new Date(now + DAY) },
      ])
      .execute();
    expect(await deleteDeadConfirmationTokens(h.db, new Date(now))).toBeGreaterThanOrEqual(1);
    const left = await h.db
      .selectFrom('emailConfirmationTokens')
      .select('tokenHash')
      .where('userId', '=', user.id)
      .execute();
    expect(left.map((r) => r.tokenHash)).toEqual(['b'.repeat(64)]);
  });
});

describe('storage before and after confirmation', () => {
  async function withSettings<T>(
    settings: Partial<Pick<typeof h.deps.config, 'unconfirmedQuotaBytes' | 'storageCeilingBytes'>>,
    work: () => Promise<T>,
  ): Promise<T> {
    const saved = {
      unconfirmedQuotaBytes: h.deps.config.unconfirmedQuotaBytes,
      storageCeilingBytes: h.deps.config.storageCeilingBytes,
    };
    Object.assign(h.deps.config, settings);
    try {
      return await work();
    } finally {
      Object.assign(h.deps.config, saved);
    }
  }

  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
  const attach = (cookie: string) => {
    const body = multipartBody([
      { field: 'file', content: pdf, filename: 'menu.pdf', contentType: 'application/pdf' },
    ]);
    return h.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };

  it('holds an unconfirmed account to the small quota over images and attachments together, until it confirms', async () => {
    const person = await signUp();
    const image = await png(48, 48);
    const first = await postUpload(h, imageForm(image), person.cookie);
    expect(first.statusCode, first.body).toBe(201);
    const held = await h.db
      .selectFrom('uploads')
      .select('bytes')
      .where('userId', '=', person.id)
      .executeTakeFirstOrThrow();

    // Room for that image and a little more: one attachment fits, then nothing of either kind.
    await withSettings({ unconfirmedQuotaBytes: held.bytes + pdf.length }, async () => {
      expect((await attach(person.cookie)).statusCode).toBe(201);
      const image2 = await postUpload(h, imageForm(image), person.cookie);
      expect(image2.statusCode).toBe(413);
      expect(image2.json().error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: unconfirmedQuotaMessage(held.bytes + pdf.length),
        ...messageCodeFields(unconfirmedQuotaMessage(held.bytes + pdf.length)),
      });
      const attachment2 = await attach(person.cookie);
      expect(attachment2.statusCode).toBe(413);
      expect(attachment2.json().error.message).toBe(unconfirmedQuotaMessage(held.bytes + pdf.length));

      // The same limits with a confirmed address: the account's own quotas only.
      expect((await confirm(await confirmationToken(person.email))).statusCode).toBe(200);
      expect((await postUpload(h, imageForm(image), person.cookie)).statusCode).toBe(201);
      expect((await attach(person.cookie)).statusCode).toBe(201);
    });
  });

  it('answers 507 with a sentence past the site ceiling, for confirmed accounts too, and the health card warns', async () => {
    const person = await createUser(h.db, { emailConfirmed: true });
    const cookie = await h.cookieFor(person.id);
    const admin = await h.signedIn('admin');
    const image = await png(40, 40);
    expect((await postUpload(h, imageForm(image), cookie)).statusCode).toBe(201);
    const health = await admin.caller.admin.overview.health();
    expect(health.storage?.ok).toBe(true);
    const used = health.storage?.usedBytes ?? 0;
    expect(used).toBeGreaterThan(0);

    // Exactly full: refused before the body is read.
    await withSettings({ storageCeilingBytes: used }, async () => {
      const refused = await postUpload(h, imageForm(image), cookie);
      expect(refused.statusCode).toBe(507);
      expect(refused.json().error).toEqual({
        code: 'INSUFFICIENT_STORAGE',
        message: SITE_FULL_MESSAGE,
        ...messageCodeFields(SITE_FULL_MESSAGE),
      });
      const attachment = await attach(cookie);
      expect(attachment.statusCode).toBe(507);
      const warned = await admin.caller.admin.overview.health();
      expect(warned.status).toBe('Degraded');
      expect(warned.storage).toEqual({ ok: false, usedBytes: used, ceilingBytes: used });
    });
    // Room for less than the next file: refused when it is stored, and nothing of it is kept.
    await withSettings({ storageCeilingBytes: used + 10 }, async () => {
      const refused = await postUpload(h, imageForm(image), cookie);
      expect(refused.statusCode).toBe(507);
      const rows = await h.db.selectFrom('uploads').select('id').where('userId', '=', person.id).execute();
      expect(rows).toHaveLength(1);
    });
    expect((await postUpload(h, imageForm(image), cookie)).statusCode).toBe(201);
  });
});

describe('claims and a confirmed e-mail', () => {
  const claimForm = (businessEmail: string) => ({
    businessName: `Confirmed Catering ${Math.random().toString(36).slice(2, 8)}`,
    businessDescription: 'Kosher catering for weddings and bar mitzvahs across the tri-state area.',
    businessAddress: '12 Main Street, Teaneck, NJ',
    businessPhone: '(201) 555-0100',
    businessEmail,
    ownershipProof: 'I am the owner; the business licence is in my name.',
    category: DASHBOARD_CATEGORY_VALUES[0],
  });

  async function evidenceOf(cookie: string, businessEmail: string) {
    const res = await post('/api/vendor-claims', claimForm(businessEmail), cookie);
    expect(res.statusCode, res.body).toBe(201);
    const row = await h.db
      .selectFrom('vendorClaims')
      .select('evidence')
      .where('id', '=', res.json().id ?? res.json().claim?.id)
      .executeTakeFirstOrThrow();
    return (row.evidence as { emailConfirmed?: string }).emailConfirmed;
  }

  it('records whether the claimant proved the business e-mail, only another address, or nothing', async () => {
    const person = await signUp();
    expect(await evidenceOf(person.cookie, person.email)).toBe('none');
    expect((await confirm(await confirmationToken(person.email))).statusCode).toBe(200);
    expect(await evidenceOf(person.cookie, person.email.toUpperCase())).toBe('business-email');
    expect(await evidenceOf(person.cookie, 'owner@confirmed-catering.example')).toBe('account-email');
  });
});
