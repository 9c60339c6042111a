import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations/index';
import { FAMILY_MESSAGES } from '../../../shared/schemas/family';
import { createEvent, createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { createHarness, harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { hashInviteToken } from './family.service';

const h = harnessForFile({ now: () => new Date(Date.now() + clockOffsetMs) });
/** The harness clock: real time unless a test moves it (invite expiry). */
let clockOffsetMs = 0;

const DAY_MS = 24 * 60 * 60 * 1000;
const json = { 'content-type': 'application/json' };
const newLabel = () => `Cohen Family ${randomUUID().slice(0, 8)}`;
const unique = () => `${randomUUID().slice(0, 12)}@example.com`;
const password = 'Chuppah-under-the-stars-7';
/** Each sign-up from its own address, so the per-address sign-up limit never decides a test. */
const anonymous = () =>
  h.anonymous({ ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

type Member = Party;

/** GETs a path as a user who signed up through a caller (the caller itself stays signed out). */
async function getAs(userId: string, url: string) {
  const res = await h.inject({ method: 'GET', url, headers: { cookie: await h.cookieFor(userId) } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A founded circle: its founder (active) with a private and a public event. */
async function foundedCircle(name = 'Founder') {
  const label = newLabel();
  const founder = await h.signedIn('customer', { name, familyLabel: label });
  const privateEvent = await createEvent(h.db, founder.user.id, { title: `${name}'s private engagement` });
  const publicEvent = await createEvent(h.db, founder.user.id, {
    title: `${name}'s wedding`,
    isPublic: true,
  });
  return { label, founder, privateEvent, publicEvent };
}

async function membershipOf(userId: string) {
  return h.db
    .selectFrom('familyMemberships')
    .select(['status', 'approvedBy', 'approvedAt', 'inviteId'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

async function memberCount(label: string): Promise<number | null> {
  const row = await h.db
    .selectFrom('familyCircles')
    .select('memberCount')
    .where('label', '=', label)
    .executeTakeFirst();
  return row?.memberCount ?? null;
}

async function seesNothing(member: Member | { caller: Member['caller'] }) {
  expect(await member.caller.family.members()).toEqual([]);
  expect(await member.caller.family.events()).toEqual([]);
  expect(await member.caller.family.requests()).toEqual([]);
  expect(await member.caller.family.invites()).toEqual([]);
}

describe('typing another family’s exact label', () => {
  it('at sign-up gives a pending request that sees no members and no events', async () => {
    const { label, founder } = await foundedCircle();
    const outsider = anonymous();
    const { user } = await outsider.caller.auth.register({
      name: 'Outsider',
      email: unique(),
      password,
      familyLabel: label,
    });
    // The label stays what they typed; the circle stays closed to them.
    expect(user.familyLabel).toBe(label);
    expect(await getAs(user.id, '/api/family/members')).toEqual([]);
    expect(await getAs(user.id, '/api/family/events')).toEqual([]);
    expect(await getAs(user.id, '/api/family/circle')).toEqual({
      label,
      status: 'pending',
      memberCount: 0,
      requestedAt: expect.any(String),
      joinedAt: null,
    });
    // The founder sees the request, and the circle still counts one member.
    expect(await founder.caller.family.requests()).toEqual([
      { userId: user.id, name: 'Outsider', requestedAt: expect.any(Date) },
    ]);
    expect(await memberCount(label)).toBe(1);
  });

  it('in the profile gives a pending request that sees nothing, on tRPC and on REST', async () => {
    const { label, founder } = await foundedCircle();
    const outsider = await h.signedIn('customer', { name: 'Snoop' });
    const { user } = await outsider.caller.profile.update({
      version: await h.versionOf('users', outsider.user.id),
      familyLabel: label,
    });
    expect(user.familyLabel).toBe(label);
    await seesNothing(outsider);

    const cookie = await h.cookieFor(outsider.user.id);
    for (const url of [
      '/api/family/members',
      '/api/family/events',
      '/api/family/requests',
      '/api/family/invites',
    ]) {
      const res = await h.inject({ method: 'GET', url, headers: { cookie } });
      expect([url, res.statusCode, res.json()]).toEqual([url, 200, []]);
    }
    const circle = await h.inject({ method: 'GET', url: '/api/family/circle', headers: { cookie } });
    expect(circle.json()).toMatchObject({ label, status: 'pending', memberCount: 0, joinedAt: null });
    // A pending member cannot act for the circle either.
    expect((await rejection(outsider.caller.family.createInvite())).code).toBe('FORBIDDEN');
    expect((await rejection(outsider.caller.family.approve({ userId: founder.user.id }))).message).toBe(
      FAMILY_MESSAGES.membersOnly,
    );
  });
});

describe('approval', () => {
  it('lets an active member approve a request: the new member then sees members and private events', async () => {
    const { label, founder, privateEvent, publicEvent } = await foundedCircle('Avraham');
    const cousin = await h.signedIn('customer', { name: 'Batya', familyLabel: label });
    await createEvent(h.db, cousin.user.id, { title: "Batya's Bat Mitzvah" });
    // Before approval the founder does not see the pending member's events either.
    expect((await founder.caller.family.events()).map((e) => e.title).sort()).toEqual(
      [privateEvent.title, publicEvent.title].sort(),
    );

    await founder.caller.family.approve({ userId: cousin.user.id });
    expect(await membershipOf(cousin.user.id)).toMatchObject({
      status: 'active',
      approvedBy: founder.user.id,
      approvedAt: expect.any(Date),
    });
    expect(await cousin.caller.family.members()).toEqual([
      { id: founder.user.id, name: 'Avraham', isYou: false },
      { id: cousin.user.id, name: 'Batya', isYou: true },
    ]);
    expect(
      (await cousin.caller.family.events()).map((e) => [e.title, e.ownerName, e.isYours]).sort(),
    ).toEqual(
      [
        ["Avraham's private engagement", 'Avraham', false],
        ["Avraham's wedding", 'Avraham', false],
        ["Batya's Bat Mitzvah", 'Batya', true],
      ].sort(),
    );
    expect(await cousin.caller.family.circle()).toMatchObject({ status: 'active', memberCount: 2 });
    expect(await memberCount(label)).toBe(2);
    expect(await founder.caller.family.requests()).toEqual([]);

    // Approving again, or someone who never asked, finds no pending request.
    const again = await rejection(founder.caller.family.approve({ userId: cousin.user.id }));
    expect([again.code, again.message]).toEqual(['NOT_FOUND', FAMILY_MESSAGES.requestGone]);
    const stranger = await h.signedIn('customer', { familyLabel: newLabel() });
    expect((await rejection(founder.caller.family.approve({ userId: stranger.user.id }))).code).toBe(
      'NOT_FOUND',
    );
    // An approved member can approve the next request too.
    const aunt = await h.signedIn('customer', { name: 'Aunt', familyLabel: label });
    await cousin.caller.family.approve({ userId: aunt.user.id });
    expect((await aunt.caller.family.members()).map((m) => m.name)).toEqual(['Avraham', 'Batya', 'Aunt']);
  });

  it('lets a member of another circle approve nobody here', async () => {
    const { label } = await foundedCircle();
    const other = await foundedCircle();
    const asker = await h.signedIn('customer', { familyLabel: label });
    const refused = await rejection(other.founder.caller.family.approve({ userId: asker.user.id }));
    expect(refused.code).toBe('NOT_FOUND');
    expect((await membershipOf(asker.user.id))?.status).toBe('pending');
  });

  it('declines a request: the person keeps the label, sees nothing, and saving the profile does not ask again', async () => {
    const { label, founder } = await foundedCircle();
    const asker = await h.signedIn('customer', { name: 'Unknown', familyLabel: label });
    await founder.caller.family.decline({ userId: asker.user.id });
    expect(await membershipOf(asker.user.id)).toBeUndefined();
    expect(await founder.caller.family.requests()).toEqual([]);
    expect(await asker.caller.family.circle()).toEqual({
      label,
      status: 'none',
      memberCount: 0,
      requestedAt: null,
      joinedAt: null,
    });
    await seesNothing(asker);
    await asker.caller.profile.update({
      version: await h.versionOf('users', asker.user.id),
      familyLabel: label,
      name: 'Still Unknown',
    });
    expect(await membershipOf(asker.user.id)).toBeUndefined();
    expect(await founder.caller.family.requests()).toEqual([]);
    const twice = await rejection(founder.caller.family.decline({ userId: asker.user.id }));
    expect(twice.code).toBe('NOT_FOUND');
  });
});

describe('invite links', () => {
  it('are stored only as a hash and let a visitor join at sign-up at once', async () => {
    const { label, founder, privateEvent } = await foundedCircle('Sarah');
    const invite = await founder.caller.family.createInvite();
    expect(invite).toMatchObject({ label, createdByName: 'Sarah', isYours: true });
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite.expiresAt.getTime() - invite.createdAt.getTime()).toBe(7 * DAY_MS);
    const stored = await h.db
      .selectFrom('familyInvites')
      .select('tokenHash')
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(hashInviteToken(invite.token));
    expect(stored.tokenHash).not.toContain(invite.token);

    expect(await anonymous().caller.family.checkInvite({ label, token: invite.token })).toEqual({
      valid: true,
      invitedBy: 'Sarah',
      expiresAt: invite.expiresAt,
    });
    const { user } = await anonymous().caller.auth.register({
      name: 'Noa',
      email: unique(),
      password,
      familyLabel: label,
      inviteToken: invite.token,
    });
    expect(await membershipOf(user.id)).toMatchObject({
      status: 'active',
      approvedBy: founder.user.id,
      inviteId: invite.id,
    });
    const events: { id: string }[] = await getAs(user.id, '/api/family/events');
    expect(events.map((e) => e.id)).toContain(privateEvent.id);
    const members: { name: string }[] = await getAs(user.id, '/api/family/members');
    expect(members.map((m) => m.name)).toEqual(['Sarah', 'Noa']);
    // The link serves the whole family until it expires or is revoked.
    const second = anonymous();
    await second.caller.auth.register({
      name: 'Eli',
      email: unique(),
      password,
      familyLabel: label,
      inviteToken: invite.token,
    });
    expect(await memberCount(label)).toBe(3);
  });

  it('let a signed-in user join at once, leaving their old circle, and turn a pending request active', async () => {
    const { label, founder } = await foundedCircle();
    const old = await foundedCircle();
    const relative = await h.signedIn('customer', { name: 'Relative' });
    await relative.caller.profile.update({
      version: await h.versionOf('users', relative.user.id),
      familyLabel: old.label,
    });
    const { token } = await founder.caller.family.createInvite();

    const { user } = await relative.caller.family.acceptInvite({ label, token });
    expect(user.familyLabel).toBe(label);
    expect(await relative.caller.family.circle()).toMatchObject({ label, status: 'active', memberCount: 2 });
    expect((await relative.caller.family.members()).map((m) => m.name)).toContain('Relative');
    // Relative had founded nothing in the old circle: its founder stays its only member.
    expect(await memberCount(old.label)).toBe(1);
    // Following the link again changes nothing.
    await relative.caller.family.acceptInvite({ label, token });
    expect(await memberCount(label)).toBe(2);

    const waiting = await h.signedIn('customer', { familyLabel: label });
    expect((await membershipOf(waiting.user.id))?.status).toBe('pending');
    await waiting.caller.family.acceptInvite({ label, token });
    expect((await membershipOf(waiting.user.id))?.status).toBe('active');
    expect(await founder.caller.family.requests()).toEqual([]);
  });

  it('refuse wrong, expired and revoked tokens with one message that never tells whether a label exists', async () => {
    const { label, founder } = await foundedCircle();
    const invite = await founder.caller.family.createInvite();
    const user = await h.signedIn('customer');
    const bad = [
      { label, token: 'A'.repeat(43) },
      { label: newLabel(), token: invite.token },
      { label: 'No Such Family Anywhere', token: 'B'.repeat(43) },
      { label, token: 'not a token!' },
    ];
    for (const input of bad) {
      const error = await rejection(user.caller.family.acceptInvite(input));
      expect([error.code, error.message]).toEqual(['BAD_REQUEST', FAMILY_MESSAGES.inviteInvalid]);
      expect(
        await anonymous()
          .caller.family.checkInvite(input)
          .catch(() => ({ valid: false })),
      ).toMatchObject({
        valid: false,
      });
    }
    expect(await membershipOf(user.user.id)).toBeUndefined();

    // Expired: seven days later the link no longer works, for sign-up nor for a signed-in user.
    clockOffsetMs = 7 * DAY_MS + 1000;
    try {
      const late = await rejection(user.caller.family.acceptInvite({ label, token: invite.token }));
      expect([late.code, late.message]).toEqual(['BAD_REQUEST', FAMILY_MESSAGES.inviteInvalid]);
      const email = unique();
      const refused = await rejection(
        anonymous().caller.auth.register({
          name: 'Late',
          email,
          password,
          familyLabel: label,
          inviteToken: invite.token,
        }),
      );
      expect(refused.message).toBe(FAMILY_MESSAGES.inviteInvalid);
      // Nothing of the sign-up stays behind.
      expect(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
        undefined,
      );
      expect(await founder.caller.family.invites()).toEqual([]);
    } finally {
      clockOffsetMs = 0;
    }

    // Revoked.
    const second = await founder.caller.family.createInvite();
    expect((await founder.caller.family.invites()).map((i) => i.id)).toEqual([second.id, invite.id]);
    await founder.caller.family.revokeInvite({ id: second.id });
    const revoked = await rejection(user.caller.family.acceptInvite({ label, token: second.token }));
    expect([revoked.code, revoked.message]).toEqual(['BAD_REQUEST', FAMILY_MESSAGES.inviteInvalid]);
    expect((await anonymous().caller.family.checkInvite({ label, token: second.token })).valid).toBe(false);
    expect((await founder.caller.family.invites()).map((i) => i.id)).toEqual([invite.id]);
    // Another circle's member cannot revoke it, nor see it.
    const other = await foundedCircle();
    const third = await founder.caller.family.createInvite();
    expect((await rejection(other.founder.caller.family.revokeInvite({ id: third.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await other.founder.caller.family.invites()).toEqual([]);
  });

  it('stop working when their creator leaves the circle', async () => {
    const { label, founder } = await foundedCircle();
    const cousin = await h.signedIn('customer', { familyLabel: label });
    await founder.caller.family.approve({ userId: cousin.user.id });
    const invite = await cousin.caller.family.createInvite();
    await cousin.caller.family.leave();
    const visitor = await h.signedIn('customer');
    expect((await rejection(visitor.caller.family.acceptInvite({ label, token: invite.token }))).code).toBe(
      'BAD_REQUEST',
    );
    // Back in the circle, the creator does not bring the old link back to life.
    await cousin.caller.profile.update({
      version: await h.versionOf('users', cousin.user.id),
      familyLabel: label,
    });
    await founder.caller.family.approve({ userId: cousin.user.id });
    expect((await rejection(visitor.caller.family.acceptInvite({ label, token: invite.token }))).code).toBe(
      'BAD_REQUEST',
    );
    expect(await cousin.caller.family.invites()).toEqual([]);
  });
});

describe('leaving', () => {
  it('ends access at once, by clearing or changing the label or with Leave circle', async () => {
    const { label, founder, privateEvent } = await foundedCircle();
    const members: Member[] = [];
    for (const name of ['Clears', 'Changes', 'Leaves']) {
      const m = await h.signedIn('customer', { name, familyLabel: label });
      await founder.caller.family.approve({ userId: m.user.id });
      expect((await m.caller.family.events()).map((e) => e.id)).toContain(privateEvent.id);
      members.push(m);
    }
    expect(await memberCount(label)).toBe(4);
    const [clears, changes, leaves] = members as [Member, Member, Member];
    await createEvent(h.db, leaves.user.id, { title: 'Leaver event' });

    await clears.caller.profile.update({
      version: await h.versionOf('users', clears.user.id),
      familyLabel: null,
    });
    await seesNothing(clears);
    await changes.caller.profile.update({
      version: await h.versionOf('users', changes.user.id),
      familyLabel: newLabel(),
    });
    expect((await changes.caller.family.events()).map((e) => e.id)).not.toContain(privateEvent.id);
    expect((await changes.caller.family.members()).map((m) => m.name)).toEqual(['Changes']);
    const left = await leaves.caller.family.leave();
    expect(left.user.familyLabel).toBeNull();
    await seesNothing(leaves);

    // The ones who left are gone from the circle, their events with them.
    expect((await founder.caller.family.members()).map((m) => m.name)).toEqual(['Founder']);
    expect((await founder.caller.family.events()).map((e) => e.title)).not.toContain('Leaver event');
    expect(await memberCount(label)).toBe(1);

    // Coming back by typing the label again is a new request, not a return.
    await clears.caller.profile.update({
      version: await h.versionOf('users', clears.user.id),
      familyLabel: label,
    });
    expect(await clears.caller.family.circle()).toMatchObject({ status: 'pending' });
    await seesNothing(clears);
  });

  it('dissolves a circle whose last member leaves; its pending requests end and the next user founds it anew', async () => {
    const { label, founder } = await foundedCircle();
    const asker = await h.signedIn('customer', { familyLabel: label });
    await founder.caller.family.leave();
    expect(await memberCount(label)).toBeNull();
    expect(await asker.caller.family.circle()).toMatchObject({ label, status: 'none' });
    const next = await h.signedIn('customer', { familyLabel: label });
    expect(await next.caller.family.circle()).toMatchObject({ status: 'active', memberCount: 1 });
    await seesNothing(asker);
  });
});

describe('two first users of a new label', () => {
  it('end with exactly one founder, whether they sign up or edit their profile at the same moment', async () => {
    for (const via of ['profile', 'register'] as const) {
      const label = newLabel();
      const count = 8;
      if (via === 'profile') {
        const users = await Promise.all(Array.from({ length: count }, () => h.signedIn('customer')));
        await Promise.all(
          users.map(async (u) =>
            u.caller.profile.update({ version: await h.versionOf('users', u.user.id), familyLabel: label }),
          ),
        );
      } else {
        await Promise.all(
          Array.from({ length: count }, (_, i) =>
            anonymous().caller.auth.register({
              name: `Racer ${i}`,
              email: unique(),
              password,
              familyLabel: label,
            }),
          ),
        );
      }
      const rows = await h.db
        .selectFrom('familyMemberships as m')
        .innerJoin('familyCircles as c', 'c.id', 'm.circleId')
        .select('m.status')
        .where('c.label', '=', label)
        .execute();
      expect(rows).toHaveLength(count);
      expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
      expect(await memberCount(label)).toBe(1);
    }
  });
});

describe('REST', () => {
  it('maps the family paths onto the procedures', async () => {
    const { label, founder } = await foundedCircle('Rest Founder');
    const asker = await h.signedIn('customer', { name: 'Rest Asker', familyLabel: label });
    const declined = await h.signedIn('customer', { name: 'Rest Declined', familyLabel: label });
    const cookie = await h.cookieFor(founder.user.id);

    const requests = await h.inject({ method: 'GET', url: '/api/family/requests', headers: { cookie } });
    expect(requests.json().map((r: { userId: string }) => r.userId)).toEqual([
      asker.user.id,
      declined.user.id,
    ]);
    expect(typeof requests.json()[0].requestedAt).toBe('string');
    const approved = await h.inject({
      method: 'POST',
      url: `/api/family/requests/${asker.user.id}/approve`,
      headers: { cookie },
    });
    expect([approved.statusCode, approved.json()]).toEqual([200, { ok: true }]);
    const refused = await h.inject({
      method: 'POST',
      url: `/api/family/requests/${declined.user.id}/decline`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(200);
    const gone = await h.inject({
      method: 'POST',
      url: `/api/family/requests/${declined.user.id}/approve`,
      headers: { cookie },
    });
    expect([gone.statusCode, gone.json().error.message]).toEqual([404, FAMILY_MESSAGES.requestGone]);

    const members = await h.inject({ method: 'GET', url: '/api/family/members', headers: { cookie } });
    expect(members.json()).toEqual([
      { id: founder.user.id, name: 'Rest Founder', isYou: true },
      { id: asker.user.id, name: 'Rest Asker', isYou: false },
    ]);
    const events = await h.inject({ method: 'GET', url: '/api/family/events', headers: { cookie } });
    expect(events.json()[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      type: 'Other',
      date: expect.any(String),
      time: null,
      venue: null,
      ownerName: 'Rest Founder',
      isYours: true,
    });

    const created = await h.inject({ method: 'POST', url: '/api/family/invites', headers: { cookie } });
    expect(created.statusCode).toBe(201);
    const invite = created.json();
    expect(invite).toMatchObject({ label, token: expect.any(String), createdByName: 'Rest Founder' });
    const listed = await h.inject({ method: 'GET', url: '/api/family/invites', headers: { cookie } });
    expect(listed.json().map((i: { id: string }) => i.id)).toEqual([invite.id]);
    expect(JSON.stringify(listed.json())).not.toContain(invite.token);

    const checked = await h.request('POST', '/api/family/invites/check', null, {
      label,
      token: invite.token,
    });
    expect(checked.json()).toMatchObject({ valid: true, invitedBy: 'Rest Founder' });
    const joiner = await h.signedIn('customer', { name: 'Rest Joiner' });
    const joinerCookie = await h.cookieFor(joiner.user.id);
    const wrong = await h.inject({
      method: 'POST',
      url: '/api/family/join-by-invite',
      headers: { ...json, cookie: joinerCookie },
      payload: { label, token: 'x'.repeat(43) },
    });
    expect([wrong.statusCode, wrong.json().error]).toEqual([
      400,
      {
        code: 'BAD_REQUEST',
        message: FAMILY_MESSAGES.inviteInvalid,
        ...messageCodeFields(FAMILY_MESSAGES.inviteInvalid),
      },
    ]);
    const joined = await h.inject({
      method: 'POST',
      url: '/api/family/join-by-invite',
      headers: { ...json, cookie: joinerCookie },
      payload: { label, token: invite.token },
    });
    expect([joined.statusCode, joined.json().user.familyLabel]).toEqual([200, label]);
    const circle = await h.inject({
      method: 'GET',
      url: '/api/family/circle',
      headers: { cookie: joinerCookie },
    });
    expect(circle.json()).toMatchObject({ label, status: 'active', memberCount: 3, requestedAt: null });

    const revoked = await h.inject({
      method: 'DELETE',
      url: `/api/family/invites/${invite.id}`,
      headers: { cookie },
    });
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { ok: true }]);
    const afterRevoke = await h.request('POST', '/api/family/invites/check', null, {
      label,
      token: invite.token,
    });
    expect(afterRevoke.json()).toEqual({ valid: false, invitedBy: null, expiresAt: null });

    const left = await h.inject({
      method: 'POST',
      url: '/api/family/leave',
      headers: { cookie: joinerCookie },
    });
    expect([left.statusCode, left.json().user.familyLabel]).toEqual([200, null]);
    const after = await h.inject({
      method: 'GET',
      url: '/api/family/events',
      headers: { cookie: joinerCookie },
    });
    expect(after.json()).toEqual([]);

    const anonymousCall = await h.inject({ method: 'GET', url: '/api/family/requests' });
    expect(anonymousCall.statusCode).toBe(401);
  });
});

describe('the migration of existing labels', () => {
  it('makes the earliest user of each label its founder and everyone else pending', async () => {
    const migration = migrations['2026-11-23T0100_family_consent'];
    if (!migration?.down) throw new Error('the family consent migration is not registered');
    const fresh = await createHarness();
    try {
      const label = 'Levi Family';
      const first = await createUser(fresh.db, { name: 'Second by time' });
      const second = await createUser(fresh.db, { name: 'First by time' });
      const solo = await createUser(fresh.db, { name: 'Solo' });
      const times: [string, string, string][] = [
        [first.id, '2026-05-02T10:00:00Z', label],
        [second.id, '2026-05-01T10:00:00Z', label],
        [solo.id, '2026-05-03T10:00:00Z', 'Solo Family'],
      ];
      // As before this migration: labels on users and counts that had drifted.
      await migration.down(fresh.db as never);
      for (const [id, createdAt, l] of times) {
        await fresh.db.updateTable('users').set({ familyLabel: l }).where('id', '=', id).execute();
        await sql`UPDATE users SET created_at = ${createdAt} WHERE id = ${id}`.execute(fresh.db);
      }
      await migration.up(fresh.db as never);

      const rows = await fresh.db
        .selectFrom('familyMemberships as m')
        .innerJoin('users as u', 'u.id', 'm.userId')
        .select(['u.name', 'm.status'])
        .orderBy('u.name')
        .execute();
      expect(rows).toEqual([
        { name: 'First by time', status: 'active' },
        { name: 'Second by time', status: 'pending' },
        { name: 'Solo', status: 'active' },
      ]);
      const circles = await fresh.db
        .selectFrom('familyCircles')
        .select(['label', 'memberCount'])
        .orderBy('label')
        .execute();
      expect(circles).toEqual([
        { label, memberCount: 1 },
        { label: 'Solo Family', memberCount: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
