import { describe, expect, it } from 'vitest';
import { foldHebrew, hasHebrew, hebrewStems, isHebrewWord, searchText } from './hebrew-search';

describe('foldHebrew', () => {
  it('writes final letters as plain letters', () => {
    expect(foldHebrew('ך ם ן ף ץ')).toBe('כ מ נ פ צ');
    expect(foldHebrew('צלם')).toBe('צלמ');
    expect(foldHebrew('כהן כץ')).toBe('כהנ כצ');
  });

  it('drops niqqud and cantillation', () => {
    expect(foldHebrew('צַלָּם')).toBe('צלמ');
    expect(foldHebrew('שִׂמְחָה')).toBe('שמחה');
    // Shin and sin dots, dagesh, holam, a cantillation accent (etnahta), meteg, qamats qatan.
    expect(foldHebrew('שׁ\u05C2בּוֹ\u0591\u05BD\u05C7')).toBe('שבו');
  });

  it('reads maqaf and the other Hebrew punctuation as spaces', () => {
    expect(foldHebrew('בית־הכנסת')).toBe('בית הכנסת');
    expect(foldHebrew('א\u05C0ב\u05C3ג\u05C6ד')).toBe('א ב ג ד');
  });

  it('keeps an abbreviation or a geresh word one word, however the marks are typed', () => {
    for (const typed of ['צה״ל', 'צה"ל', "צה''ל", 'צה”ל', 'צהל']) expect(foldHebrew(typed)).toBe('צהל');
    for (const typed of ['ג׳ורג׳', "ג'ורג'", 'ג’ורג’']) expect(foldHebrew(typed)).toBe('גורג');
    expect(foldHebrew('חלה ושות׳')).toBe('חלה ושות');
  });

  it('leaves quotes that follow no Hebrew letter, and Latin text, as they are', () => {
    expect(foldHebrew("Moshe's Catering")).toBe("Moshe's Catering");
    expect(foldHebrew('"צלם"')).toBe('"צלמ');
    expect(foldHebrew('Studio 7 – Café')).toBe('Studio 7 – Café');
  });

  it('drops direction marks pasted with Hebrew text', () => {
    expect(foldHebrew('\u200Fצלם\u200E \u2067ABC\u2069 \u202Bד\u202C')).toBe('צלמ ABC ד');
  });

  it('folds already folded text to itself', () => {
    const text = 'וְהַצַּלָּם שֶׁל צה"ל בִּירוּשָׁלַיִם – Studio ג׳ורג׳';
    expect(foldHebrew(foldHebrew(text))).toBe(foldHebrew(text));
  });
});

describe('searchText', () => {
  it('also gives a stored word without the article or the conjunction', () => {
    expect(searchText('אולם השמחות')).toBe('אולמ השמחות שמחות');
    expect(searchText('חלב ודבש')).toBe('חלב ודבש דבש');
    expect(searchText('והשמחה')).toBe('והשמחה שמחה');
  });

  it('keeps at least three letters, and leaves Latin text and other prefixes alone', () => {
    expect(searchText('שושן והדס')).toBe('שושנ והדס הדס');
    expect(searchText('הגן')).toBe('הגנ');
    expect(searchText('בשמחות Studio')).toBe('בשמחות Studio');
  });
});

describe('hebrewStems', () => {
  it('takes off the prefixes a Hebrew word may carry', () => {
    expect(hebrewStems(foldHebrew('והצלם'))).toEqual(['הצלמ', 'צלמ']);
    expect(hebrewStems('לחתונה')).toEqual(['חתונה']);
    expect(hebrewStems(foldHebrew('מהאולם'))).toEqual(['האולמ', 'אולמ']);
    expect(hebrewStems('שבחתונה')).toEqual(['בחתונה', 'חתונה']);
    expect(hebrewStems('וכשהצלמ')).toEqual(['כשהצלמ', 'הצלמ']);
  });

  it('keeps at least two letters of the word', () => {
    expect(hebrewStems('הב')).toEqual([]);
    expect(hebrewStems('הבנ')).toEqual(['בנ']);
    expect(hebrewStems('ושמ')).toEqual(['שמ']);
    expect(hebrewStems('ושה')).toEqual(['שה']);
  });

  it('takes off at most three letters, in the order prefixes stack', () => {
    // ו, ש and ה stack in that order only; כ alone is not taken off.
    expect(hebrewStems('הוצלם')).toEqual(['וצלם']);
    expect(hebrewStems('כצלמים')).toEqual([]);
    expect(hebrewStems('ושמהצלמים')).toEqual(['שמהצלמים', 'מהצלמים', 'הצלמים']);
  });

  it('gives nothing for a word that is not all Hebrew letters', () => {
    expect(hebrewStems('hello')).toEqual([]);
    expect(hebrewStems('ה7')).toEqual([]);
    expect(hebrewStems('והצלם')).toEqual(['הצלם', 'צלם']);
  });
});

describe('the letter tests', () => {
  it('tell Hebrew words and text', () => {
    expect(isHebrewWord('צלמ')).toBe(true);
    expect(isHebrewWord('צלמ7')).toBe(false);
    expect(hasHebrew('Studio צלם')).toBe(true);
    expect(hasHebrew('Studio')).toBe(false);
  });
});
