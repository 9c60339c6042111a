import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/categories';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import type { MessageValues, Translate } from '../../i18n/use-t';
import { bookingsFilter, historyText, includesPlaceholder as placeholderIn } from './format';

const translator = (locale: string, messages: Record<string, string>): Translate => {
  const intl = createIntl({ locale, messages });
  return (id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values);
};
const t = translator('en-US', en);
const includesPlaceholder = (category: string | null | undefined) => placeholderIn(t, category);

describe("the quote form's example of what it includes", () => {
  it("fits the listing's category", () => {
    expect(includesPlaceholder('Musicians')).toBe('For example: five musicians, four hours, sound system');
    expect(includesPlaceholder('Photographers')).toContain('coverage');
    expect(includesPlaceholder('Caterers')).toContain('dinner');
    expect(includesPlaceholder('Venues')).toContain('hall');
  });

  it('is generic for any other category or none, and never speaks of musicians elsewhere', () => {
    const generic = 'For example: what you will provide, for how many hours, and what is not included';
    expect(includesPlaceholder('Other')).toBe(generic);
    expect(includesPlaceholder(null)).toBe(generic);
    expect(includesPlaceholder(undefined)).toBe(generic);
    for (const category of CATEGORIES.filter((c) => c !== 'Musicians')) {
      expect(includesPlaceholder(category)).not.toMatch(/musician/i);
    }
  });
});

describe("a booking's history", () => {
  it('says what happened and who did it, in the page language', () => {
    expect(historyText(t, 'accepted', 'customer')).toBe('Quote accepted by the family');
    expect(historyText(t, 'withdrawn', 'vendor')).toBe('Quote replaced by a newer one by the vendor');
    expect(historyText(t, 'expired', 'system')).toBe('Quote expired');
    expect(historyText(translator('he-IL', he), 'cancelled', 'vendor')).toBe('הספק ביטל את ההזמנה');
  });
});

describe("the vendor dashboard's Bookings views", () => {
  it('ask the list for what is ahead, the completed ones, or the cancelled ones', () => {
    expect(bookingsFilter('upcoming')).toEqual({ upcoming: true });
    expect(bookingsFilter('past')).toEqual({ status: 'completed' });
    expect(bookingsFilter('cancelled')).toEqual({ status: 'cancelled' });
  });
});
