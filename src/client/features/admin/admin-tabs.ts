/** The admin dashboard's tabs, in order; the one open lives in the address (?tab=claims). */
export const ADMIN_TABS = ['overview', 'claims', 'vendors', 'kashrut', 'users', 'activity'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function adminTabOf(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'overview';
}

/** The Users tab shows either the accounts or the reported conversations (?view=reports). */
export type UsersView = 'accounts' | 'reports';

export function usersViewOf(value: string | null): UsersView {
  return value === 'reports' ? 'reports' : 'accounts';
}

/** The address of a tab; the Overview is the dashboard's plain address, as the home links have it. */
export function adminTabPath(tab: AdminTab, view?: UsersView): string {
  if (tab === 'overview') return '/admin-dashboard';
  if (tab === 'users' && view === 'reports') return '/admin-dashboard?tab=users&view=reports';
  return `/admin-dashboard?tab=${tab}`;
}

/** The Users or Vendors tab searched for someone or something (?search=), as the audit log links them. */
export function adminSearchPath(tab: 'users' | 'vendors', search: string): string {
  return `/admin-dashboard?${new URLSearchParams({ tab, search }).toString()}`;
}
