import { DASHBOARD_CATEGORIES, MARKETPLACE_CATEGORIES, PROFILE_FORM_CATEGORIES } from './constants';

/**
 * The one category vocabulary a listing is stored with (decision 014). The spec has two form lists:
 * the marketplace's profile form (Venues ... Shops, the names the marketplace filters by) and the
 * vendor dashboard's value/label pairs ('photographer' / 'Photography'). Both map onto these names,
 * so a listing saved from either form is found under the marketplace's filters. The database refuses
 * any other value (a CHECK constraint of the vendor-side migration, which holds a copy of this list).
 */
export const CATEGORIES = [
  ...PROFILE_FORM_CATEGORIES,
  'Beauty & Makeup',
  'Decor & Design',
  'Invitations',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type DashboardCategoryValue = (typeof DASHBOARD_CATEGORIES)[number]['value'];

/** The dashboard form's value -> the stored category. */
export const CATEGORY_OF_DASHBOARD_VALUE: Record<DashboardCategoryValue, Category> = {
  photographer: 'Photographers',
  caterer: 'Caterers',
  venue: 'Venues',
  florist: 'Florists',
  band: 'Musicians',
  makeup: 'Beauty & Makeup',
  decorator: 'Decor & Design',
  invitations: 'Invitations',
  other: 'Other',
};

/**
 * The stored category -> the dashboard form's value that shows it. Comedians sit under
 * 'Music & Entertainment' and Shops under 'Other' (the dashboard has no closer entry); saving the
 * form without changing that entry keeps the stored category (see categoryFromDashboard).
 */
export const DASHBOARD_VALUE_OF_CATEGORY: Record<Category, DashboardCategoryValue> = {
  Venues: 'venue',
  Caterers: 'caterer',
  Photographers: 'photographer',
  Musicians: 'band',
  Florists: 'florist',
  Comedians: 'band',
  Shops: 'other',
  'Beauty & Makeup': 'makeup',
  'Decor & Design': 'decorator',
  Invitations: 'invitations',
  Other: 'other',
};

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export function isMarketplaceCategory(value: string): value is (typeof MARKETPLACE_CATEGORIES)[number] {
  return (MARKETPLACE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The category a dashboard save stores. A listing whose category has no entry of its own on the
 * dashboard (Comedians shown as 'band') keeps it when the form sends the entry that shows it.
 */
export function categoryFromDashboard(value: DashboardCategoryValue, current?: string | null): Category {
  if (current && isCategory(current) && DASHBOARD_VALUE_OF_CATEGORY[current] === value) return current;
  return CATEGORY_OF_DASHBOARD_VALUE[value];
}

/** The dashboard entry that shows a stored category ('other' for anything unknown). */
export function dashboardValueOf(category: string): DashboardCategoryValue {
  return isCategory(category) ? DASHBOARD_VALUE_OF_CATEGORY[category] : 'other';
}

/** The dashboard label of a stored category, e.g. 'Photography' for Photographers. */
export function dashboardLabelOf(category: string): string {
  const value = dashboardValueOf(category);
  return DASHBOARD_CATEGORIES.find((c) => c.value === value)?.label ?? 'Other';
}
