import { dashboardValueOf, isCategory } from '../../shared/categories';
import { PROFILE_FORM_CATEGORIES } from '../../shared/constants';
import { term } from '../i18n/terms';
import type { Translate } from '../i18n/use-t';

/**
 * A listing's stored category in the page's language: the marketplace's name ('Photographers'), or,
 * for the categories only the dashboard lists, the dashboard's ('Beauty & Makeup'); an unknown one as
 * it is stored.
 */
export function categoryName(t: Translate, category: string): string {
  if ((PROFILE_FORM_CATEGORIES as readonly string[]).includes(category)) return term(t, 'category', category);
  if (!isCategory(category)) return category;
  return term(t, 'dashboardCategory', dashboardValueOf(category));
}
