import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldHebrew, searchText } from '../../../shared/hebrew-search';
import { vendorListInput } from '../../../shared/schemas/vendors';
import { generateDemoVendors } from '../../demo/demo-vendors';
import { createVendor } from '../../demo/factories';
import { vendorWithListing } from '../../test/fixtures';
import { createHarness, type TestHarness } from '../../test/harness';
import { MarketplaceCache } from './marketplace-cache';
import { listVendors, vendorSuggestions } from './vendors.service';

let h: TestHarness;
let photographer: { id: string };
let florist: { id: string };

beforeAll(async () => {
  h = await createHarness();
  await h.db
    .insertInto('vendors')
    .values(generateDemoVendors(300, 77, { hebrewNames: 0.5 }))
    .execute();
  // A listing named in Hebrew only (its one name), and one that gives a Latin and a Hebrew name.
  photographer = await createVendor(h.db, {
    businessName: 'צלם השמחות של ירושלים',
    category: 'Photographers',
    city: 'Jerusalem',
  });
  florist = await createVendor(h.db, {
    businessName: 'Shoshana Blooms Riverdale',
    nameHe: 'פרחי שושנה ריברדייל',
    category: 'Florists',
    city: 'Riverdale',
  });
});
afterAll(async () => {
  await h.close();
});

const search = async (text: string) => {
  const page = await listVendors(
    h.db,
    new MarketplaceCache({ enabled: false }),
    null,
    vendorListInput.parse({ search: text, page_size: 100 }),
  );
  return page.items.map((v) => v.id);
};

describe('the database folds text as the application does', () => {
  it('character by character, over Latin, Hebrew, Arabic marks, punctuation and presentation forms', async () => {
    const chars = [
      ...range(0x20, 0x17f),
      ...range(0x0590, 0x0620),
      ...range(0x2000, 0x206f),
      ...range(0xfb1d, 0xfb4f),
    ];
    // Each alone and after a Hebrew letter (where quotes fold away).
    const texts = chars.flatMap((c) => [c, `א${c}`, `${c}ב`, `ש${c}${c}ם`]);
    const { rows } = await sql<{ folded: string }>`
      select search_fold(t) as folded from unnest(${texts}::text[]) with ordinality as x(t, n) order by n`.execute(
      h.db,
    );
    const mismatches = texts.filter((t, i) => rows[i]?.folded !== foldHebrew(t));
    expect(mismatches).toEqual([]);
  });

  it('on whole names, pointed and unpointed, with abbreviations and direction marks', async () => {
    const texts = [
      'וְהַצַּלָּם שֶׁל צה"ל בִּירוּשָׁלַיִם',
      'ג׳ורג׳ Studio – "Café" it\'s',
      '\u200Fקייטרינג כהן\u200E בע״מ',
      'בית־הכנסת הגדול',
      "צה''ל ו“ציטוט”",
    ];
    const { rows } = await sql<{ folded: string }>`
      select search_fold(t) as folded from unnest(${texts}::text[]) with ordinality as x(t, n) order by n`.execute(
      h.db,
    );
    expect(rows.map((r) => r.folded)).toEqual(texts.map(foldHebrew));
  });

  it('gives stored words without the article or the conjunction as the application does', async () => {
    const texts = [
      'אולם השמחות',
      'חלב ודבש',
      'שושן והדס',
      'והשמחה הגדולה',
      'הגן ההדס הורה',
      'ה הה ההה הההה וההה',
      '7הגן X-והזהב "השמחות"',
      'וְהַשִּׂמְחָה',
    ];
    const { rows } = await sql<{ stored: string }>`
      select search_text(t) as stored from unnest(${texts}::text[]) with ordinality as x(t, n) order by n`.execute(
      h.db,
    );
    expect(rows.map((r) => r.stored)).toEqual(texts.map(searchText));
  });
});

describe('Hebrew search', () => {
  it('finds a name with prefixes taken off the typed word', async () => {
    for (const typed of ['צלם', 'והצלם', 'הצלם', 'לצלם', 'מהצלם', 'שהצלם']) {
      expect(await search(typed), typed).toContain(photographer.id);
    }
    expect(await search('והצלם ירושלים')).toContain(photographer.id);
    expect(await search('בירושלים')).toContain(photographer.id);
  });

  it('ignores final letters and niqqud, on both sides', async () => {
    for (const typed of ['צלמ', 'צַלָּם', 'שמחות', 'השמחות', 'ושמחות', 'צלם השמחוֹת', 'ירושלימ', 'יְרוּשָׁלַיִם']) {
      expect(await search(typed), typed).toContain(photographer.id);
    }
    // A stored final letter begins a longer word typed half-way: 'שושנ' begins 'שושנה'.
    expect(await search('שושנ')).toContain(florist.id);
  });

  it('finds a listing by its Hebrew name and by its Latin one', async () => {
    for (const typed of [
      'Shoshana Blooms',
      'shoshana',
      'פרחי שושנה',
      'שושנה',
      'ושושנה',
      'פִּרְחֵי שׁוֹשַׁנָּה',
      'פרחי שושנה ריברדייל',
    ]) {
      expect(await search(typed), typed).toContain(florist.id);
    }
    expect(await search('פרחי שושנה')).not.toContain(photographer.id);
  });

  it('lists the listings whose name matches first, Hebrew names included', async () => {
    const ids = await search('שושנה');
    expect(ids[0]).toBe(florist.id);
  });

  it('finds nothing for Hebrew that resembles no listing word', async () => {
    expect(await search('זזזזזזז')).toEqual([]);
  });

  it('takes a slip in a Hebrew word', async () => {
    // A letter missing, and two neighbouring letters swapped.
    expect(await search('שושה')).toContain(florist.id);
    expect(await search('שושהנ')).toContain(florist.id);
  });

  it('suggests the Hebrew name for typed Hebrew, and the Latin one for typed Latin', async () => {
    const cache = new MarketplaceCache({ enabled: false });
    expect((await vendorSuggestions(h.db, cache, 'שושנה')).vendor_names).toContain('פרחי שושנה ריברדייל');
    expect((await vendorSuggestions(h.db, cache, 'shoshana')).vendor_names).toContain(
      'Shoshana Blooms Riverdale',
    );
  });

  it('finds a Hebrew name given or changed in an edit, through the REST listing edit', async () => {
    const { vendor, listing } = await vendorWithListing(h, {
      businessName: 'Yarden Catering',
      category: 'Caterers',
    });
    const res = await h.request('PATCH', `/api/vendors/${listing.id}`, vendor, {
      nameHe: 'קייטרינג הירדן',
      version: listing.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nameHe).toBe('קייטרינג הירדן');
    expect(await search('הירדן')).toContain(listing.id);
    expect(await search('yarden')).toContain(listing.id);

    const cleared = await h.request('PATCH', `/api/vendors/${listing.id}`, vendor, {
      nameHe: '',
      version: listing.version + 1,
    });
    expect(cleared.json().nameHe).toBeNull();
    expect(await search('הירדן')).not.toContain(listing.id);
  });

  it('refuses a Hebrew name with invisible characters, or too long', async () => {
    const { vendor, listing } = await vendorWithListing(h, { businessName: 'Invisible Ink Events' });
    for (const nameHe of ['קייטרינג\u200Fהירדן', 'א'.repeat(201)]) {
      const res = await h.request('PATCH', `/api/vendors/${listing.id}`, vendor, {
        nameHe,
        version: listing.version,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/Hebrew business name/);
    }
  });
});

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
}
