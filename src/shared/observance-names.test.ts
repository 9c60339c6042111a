import { describe, expect, it } from 'vitest';
import {
  afterName,
  eveName,
  hebrewObservanceName,
  OBSERVANCE_WORDS,
  observanceName,
} from './observance-names';

describe('observance names in Hebrew', () => {
  it('names holidays, their days and the periods around them', () => {
    const cases: Array<[string, string]> = [
      ['Shabbat', 'שבת'],
      ['Rosh Hashanah', 'ראש השנה'],
      ['Yom Kippur', 'יום כיפור'],
      ['Passover', 'פסח'],
      ['Hanukkah (day 3)', 'ג׳ דחנוכה'],
      ['Rosh Hashanah (day 2)', 'ב׳ דראש השנה'],
      ['Fast of Gedaliah (observed)', 'צום גדליה (נדחה)'],
      ["Tisha B'Av (observed)", 'תשעה באב (נדחה)'],
      ['Fast of Esther (observed)', 'תענית אסתר (מוקדמת)'],
      ['Sigd (observed)', 'סיגד (מוקדם)'],
      ['Yom HaZikaron (observed)', 'יום הזיכרון (לא בתאריכו)'],
      ['the Omer', 'ספירת העומר'],
      ['the Three Weeks', 'בין המצרים'],
      ['the Nine Days', 'תשעת הימים'],
      ['Shushan Purim', 'שושן פורים'],
      ["Tu B'Av", 'ט״ו באב'],
      ['Rosh Chodesh Tevet', 'ראש חודש טבת'],
      ['Rosh Chodesh Adar II', 'ראש חודש אדר ב׳'],
      ['Chol HaMoed Sukkot', 'חול המועד סוכות'],
      ['Erev Yom Kippur', 'ערב יום כיפור'],
      ['Erev Shabbat', 'ערב שבת'],
      ['Motzei Shabbat', 'מוצאי שבת'],
      ['After Passover', 'מוצאי פסח'],
      ['Shabbat and Passover', 'שבת ופסח'],
      ['Shabbat and Shavuot (day 2)', 'שבת וב׳ דשבועות'],
    ];
    for (const [english, hebrew] of cases)
      expect([english, hebrewObservanceName(english)]).toEqual([english, hebrew]);
  });

  it('says which way a moved day moved when given its date', () => {
    // 5 Iyar 5785 was a Friday: Yom HaZikaron was brought forward to Wednesday 2025-04-30.
    expect(hebrewObservanceName('Yom HaZikaron (observed)', '2025-04-30')).toBe('יום הזיכרון (מוקדם)');
    // 4 Iyar 5784 was a Sunday: Yom HaZikaron was put off to Monday 2024-05-13.
    expect(hebrewObservanceName('Yom HaZikaron (observed)', '2024-05-13')).toBe('יום הזיכרון (נדחה)');
    expect(observanceName('Yom HaShoah (observed)', 'he', '2024-05-06')).toBe('יום השואה (נדחה)');
  });

  it('knows nothing of names the calendar does not give, and leaves them as stored', () => {
    for (const name of ['', 'Christmas', 'Rosh Chodesh Januar', 'Erev Christmas', 'Shabbat and Christmas']) {
      expect(hebrewObservanceName(name)).toBeNull();
    }
    expect(hebrewObservanceName('Hanukkah (day 9)')).toBeNull();
    expect(observanceName('Christmas', 'he')).toBe('Christmas');
    expect(observanceName('Passover', 'en')).toBe('Passover');
  });

  it('writes eves and the nights after in each language', () => {
    expect(eveName('Yom Kippur', 'he')).toBe('ערב יום כיפור');
    expect(eveName('Yom Kippur', 'en')).toBe('Erev Yom Kippur');
    expect(eveName('Shabbat', 'he')).toBe('ערב שבת');
    expect(afterName('Shabbat', 'en')).toBe('Motzei Shabbat');
    expect(afterName('Shabbat', 'he')).toBe('מוצאי שבת');
    expect(afterName('Shavuot', 'en')).toBe('After Shavuot');
    expect(afterName('Shavuot', 'he')).toBe('מוצאי שבועות');
    expect(OBSERVANCE_WORDS.he).toMatchObject({
      candleLighting: 'הדלקת נרות',
      havdalah: 'הבדלה',
      shabbat: 'שבת',
    });
    expect(Object.keys(OBSERVANCE_WORDS.he).sort()).toEqual(Object.keys(OBSERVANCE_WORDS.en).sort());
  });
});
