import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../shared/schemas/admin';
import en from '../../i18n/en';
import he from '../../i18n/he';
import type { Translate } from '../../i18n/use-t';
import { adminTabOf, adminTabPath, usersViewOf } from './admin-tabs';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel as actionIn,
  changesOf as changesIn,
  fieldLabel,
  idsOf as idsIn,
  partsText,
  rangeText as rangeIn,
  referencePart as referenceIn,
  stateLabel,
  targetKindLabel,
  changeValue as valueIn,
} from './format';

/** The catalogue's translator of a language, as the page's in it. */
function translator(locale: string, messages: Record<string, string>): Translate {
  const intl = createIntl({ locale, messages });
  return (id, values) => intl.formatMessage({ id }, values);
}
const english = translator('en', en);
const hebrew = translator('he', he);

const auditActionLabel = (action: string) => actionIn(english, action);
const changesOf = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  references?: Parameters<typeof changesIn>[3],
) => changesIn(english, before, after, references);
const changeValue = (value: unknown) => valueIn(english, value);
const idsOf = (targetType: string, targetId: string | null, references: Parameters<typeof idsIn>[3]) =>
  idsIn(english, targetType, targetId, references);
const rangeText = (page: number, pageSize: number, total: number) => rangeIn(english, page, pageSize, total);
const referencePart = (reference: Parameters<typeof referenceIn>[1]) => referenceIn(english, reference);

describe('the audit log in words', () => {
  it('names every action the server records', () => {
    for (const action of AUDIT_ACTIONS) expect(english(AUDIT_ACTION_LABELS[action])).toMatch(/^[A-Z]/);
    expect(auditActionLabel('vendor.hide')).toBe('Hid a listing');
    // An action newer than this screen still reads as something.
    expect(auditActionLabel('vendor.merge_into')).toBe('vendor merge into');
  });

  const words = (changes: ReturnType<typeof changesOf>) =>
    changes.map((c) => [c.field, partsText(c.before), partsText(c.after)]);

  it('lists only the fields whose value changed, before -> after, states as the screens name them', () => {
    expect(
      words(
        changesOf(
          { hidden: false, hiddenReason: null, verified: true },
          { hidden: true, hiddenReason: 'Duplicate listing', verified: true },
        ),
      ),
    ).toEqual([
      ['Visibility', 'Visible', 'Hidden'],
      ['Hidden reason', '—', 'Duplicate listing'],
    ]);
    expect(words(changesOf({ verified: true }, { verified: false }))).toEqual([
      ['Verification', 'Verified', 'Unverified'],
    ]);
    expect(words(changesOf(null, { role: 'vendor' }))).toEqual([['Role', '—', 'Vendor']]);
    expect(words(changesOf({ status: 'pending' }, { status: 'approved' }))).toEqual([
      ['Status', 'Pending', 'Approved'],
    ]);
    expect(changesOf(null, null)).toEqual([]);
  });

  it('names people, listings and claims instead of their ids, linking to where the dashboard shows them', () => {
    const owner = '61794d97-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const admin = '9940b2e5-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const hall = '3f0c2a5e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const goneClaim = '7a0c2a5e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const references = [
      { kind: 'user' as const, id: owner, name: 'Rivka Owner', email: 'rivka@example.com' },
      { kind: 'user' as const, id: admin, name: null, email: null },
      { kind: 'vendor' as const, id: hall, name: 'Simcha Hall', email: null },
      { kind: 'claim' as const, id: goneClaim, name: null, email: null },
    ];
    const changes = changesOf(
      { status: 'pending', vendorId: hall, ownerId: null, suspendedBy: null },
      {
        status: 'approved',
        vendorId: hall,
        ownerId: owner.toUpperCase(),
        rejectedClaimIds: [goneClaim],
        suspendedBy: admin,
      },
      references,
    );
    expect(words(changes)).toEqual([
      ['Status', 'Pending', 'Approved'],
      ['Owner', '—', 'Rivka Owner'],
      ['Suspended by', '—', 'A deleted account'],
      ['Rejected claims', '—', 'A deleted claim'],
    ]);
    expect(changes[1]?.after).toEqual([
      { text: 'Rivka Owner', href: '/admin-dashboard?tab=users&search=rivka%40example.com', name: true },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/61794d97|9940b2e5/);
    // No claim turned down: nothing to tell.
    expect(changesOf(null, { rejectedClaimIds: [] })).toEqual([]);
    expect(referencePart(references[2] as (typeof references)[number])).toEqual({
      text: 'Simcha Hall',
      href: '/admin-dashboard?tab=vendors&search=Simcha+Hall',
      name: true,
    });
    // The ids are kept for the entry's details.
    expect(idsOf('claim', goneClaim, references).map((r) => r.id)).toEqual([goneClaim, owner, admin, hall]);
    expect(idsOf('claim', goneClaim, references).map((r) => r.label)).toEqual([
      'Target (claim)',
      'Rivka Owner',
      'A deleted account',
      'Simcha Hall',
    ]);
    expect(idsOf('review', hall, []).map((r) => r.label)).toEqual(['Target (review)']);
  });

  it('writes values and field names for people', () => {
    expect(fieldLabel('suspendedAt')).toBe('Suspended at');
    expect(fieldLabel('owner_id')).toBe('Owner id');
    expect(changeValue('')).toBe('—');
    expect(changeValue(3)).toBe('3');
    expect(changeValue({ a: 1 })).toBe('{"a":1}');
    expect(changeValue([])).toBe('none');
    expect(changeValue(['3f0c2a5e-1d2b-4c3d-8e9f-0a1b2c3d4e5f', 'x'])).toBe('3f0c2a5e…, x');
    expect(changeValue('2026-11-24T10:00:00.000Z')).toMatch(/2026/);
    expect(changeValue(true)).toBe('Yes');
  });

  it("names states, targets and fields in the page's language, and what it does not know as it comes", () => {
    expect(stateLabel(english, 'pending')).toBe('Pending');
    expect(stateLabel(english, 'on_hold')).toBe('On hold');
    expect(targetKindLabel(english, 'vendor')).toBe('Listing');
    expect(targetKindLabel(english, 'event')).toBe('Event');
    expect(stateLabel(hebrew, 'pending')).toBe('ממתינה');
    expect(targetKindLabel(hebrew, 'vendor')).toBe('דף עסק');
    expect(actionIn(hebrew, 'vendor.hide')).toBe('הסתרת דף עסק');
    expect(changesIn(hebrew, { verified: true }, { verified: false }).map((c) => c.field)).toEqual(['אימות']);
    expect(changesIn(hebrew, null, { role: 'vendor' })[0]?.after).toEqual([{ text: 'ספק' }]);
    expect(rangeIn(hebrew, 2, 25, 83)).toBe('26–50 מתוך 83');
  });
});

describe('paging text', () => {
  it('says where the page is', () => {
    expect(rangeText(1, 25, 83)).toBe('1–25 of 83');
    expect(rangeText(4, 25, 83)).toBe('76–83 of 83');
    expect(rangeText(1, 25, 0)).toBe('None');
  });
});

describe('the admin tabs in the address', () => {
  it('reads the tab, falling back to the Overview', () => {
    expect(adminTabOf('claims')).toBe('claims');
    expect(adminTabOf(null)).toBe('overview');
    expect(adminTabOf('settings')).toBe('overview');
    expect(usersViewOf('reports')).toBe('reports');
    expect(usersViewOf('other')).toBe('accounts');
  });

  it('writes each tab the way the side panel links it', () => {
    expect(adminTabPath('overview')).toBe('/admin-dashboard');
    expect(adminTabPath('activity')).toBe('/admin-dashboard?tab=activity');
    expect(adminTabPath('users', 'reports')).toBe('/admin-dashboard?tab=users&view=reports');
  });
});
