import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { PublicDayDto } from '../../../shared/schemas/availability';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import { dayLook as lookIn, STATUS_LOOK } from './availability-days';

const intl = createIntl({ locale: 'en-US', messages: en });
const dayLook = (d: PublicDayDto) =>
  lookIn((id: MessageId, values) => intl.formatMessage({ id }, values), String, d);

const day = (patch: Partial<PublicDayDto>): PublicDayDto => ({
  day: '2027-06-16',
  status: 'free',
  partsUnavailable: [],
  rest: null,
  ...patch,
});

describe('a day of the public calendar', () => {
  it('reads free only when some hour of it can be booked, as the search by date judges it', () => {
    expect(dayLook(day({})).text).toBe('Free');
    const yomTov = dayLook(day({ status: 'rest', rest: 'Shavuot', restHours: 'all_day' }));
    expect(yomTov.text).toBe('Shavuot: not bookable');
    expect(yomTov.bg).toBe(STATUS_LOOK.rest.bg);
    const saturday = dayLook(day({ rest: 'Shabbat', restHours: 'until_nightfall' }));
    expect(saturday.text).toBe('Shabbat until nightfall, free after');
    expect(saturday.bg).not.toBe(STATUS_LOOK.free.bg);
    expect(dayLook(day({ restHours: 'from_candle_lighting' })).text).toBe('Free until candle-lighting');
  });

  it('keeps booked, closed and unstated days as they are, naming the rest day', () => {
    expect(dayLook(day({ status: 'booked', rest: 'Shabbat', restHours: 'until_nightfall' })).text).toBe(
      'Booked, Shabbat',
    );
    expect(dayLook(day({ status: 'not_stated' })).text).toBe('Not stated');
    expect(dayLook(day({ partsUnavailable: ['evening'] })).text).toBe('Free (evening unavailable)');
  });
});
