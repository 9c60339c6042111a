import { describe, expect, it } from 'vitest';
import type { UserDto } from '../../shared/schemas/auth';
import { ADMIN_TABS, adminTabPath } from '../features/admin/admin-tabs';
import { navEntriesFor } from './app-navigation';

const admin = { id: 'a', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' } as UserDto;

describe("the admin's navigation", () => {
  const entries = navEntriesFor(admin);

  it('has an entry for every tab of the dashboard, in its order (the side panel and the phone menu)', () => {
    expect(entries.filter((e) => e.tabbed).map((e) => e.to)).toEqual(ADMIN_TABS.map((t) => adminTabPath(t)));
  });

  it("keeps every tab in the phone's bottom bar too, Kashrut among them", () => {
    const bar = entries.filter((e) => !e.menuOnly);
    for (const tab of ADMIN_TABS) expect(bar.map((e) => e.to)).toContain(adminTabPath(tab));
    expect(bar.find((e) => e.to === adminTabPath('kashrut'))).toMatchObject({
      label: 'common.appNav.admin.kashrut',
      shortLabel: 'common.appNav.admin.kashrut',
    });
  });
});
