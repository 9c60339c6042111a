import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../shared/schemas/admin';
import { adminTabOf, adminTabPath, usersViewOf } from './admin-tabs';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  changesOf,
  changeValue,
  fieldLabel,
  rangeText,
} from './format';

describe('the audit log in words', () => {
  it('names every action the server records', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action]).toMatch(/^[A-Z]/);
    expect(auditActionLabel('vendor.hide')).toBe('Hid a listing');
    // An action newer than this screen still reads as something.
    expect(auditActionLabel('vendor.merge_into')).toBe('vendor merge into');
  });

  it('lists only the fields whose value changed, before -> after', () => {
    expect(
      changesOf(
        { hidden: false, hiddenReason: null, verified: true },
        { hidden: true, hiddenReason: 'Duplicate listing', verified: true },
      ),
    ).toEqual([
      { field: 'Hidden', before: 'No', after: 'Yes' },
      { field: 'Hidden reason', before: '—', after: 'Duplicate listing' },
    ]);
    expect(changesOf(null, { role: 'vendor' })).toEqual([{ field: 'Role', before: '—', after: 'vendor' }]);
    expect(changesOf(null, null)).toEqual([]);
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
