import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../shared/categories';
import en from '../i18n/en';
import he from '../i18n/he';
import type { Translate } from '../i18n/use-t';
import { categoryName } from './category-name';

function translator(locale: string, messages: Record<string, string>): Translate {
  const intl = createIntl({ locale, messages });
  return (id, values) => intl.formatMessage({ id }, values);
}

describe('categoryName', () => {
  const english = translator('en-US', en);
  const hebrew = translator('he-IL', he);

  it("names the marketplace's categories by their marketplace names and the others by the dashboard's", () => {
    expect(categoryName(english, 'Shops')).toBe('Shops');
    expect(categoryName(english, 'Beauty & Makeup')).toBe('Beauty & Makeup');
    expect(categoryName(hebrew, 'Shops')).toBe(he['terms.category.shops']);
    expect(categoryName(hebrew, 'Beauty & Makeup')).toBe(he['terms.dashboardCategory.makeup']);
  });

  it('gives every stored category a Hebrew name, and an unknown one as it is stored', () => {
    for (const category of CATEGORIES) expect(categoryName(hebrew, category)).toMatch(/\p{Script=Hebrew}/u);
    expect(categoryName(hebrew, 'Balloons')).toBe('Balloons');
  });
});
