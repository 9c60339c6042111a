import { MARKETPLACE_CATEGORIES, type MarketplaceCategory } from '../../shared/constants';
import { NEIGHBORHOODS } from '../../shared/preset-places';
import { nameSkeleton } from '../domains/vendors/name-skeleton';
import type { NewVendor } from '../platform/db/types';

/** Deterministic pseudo-random numbers (mulberry32), so every seed run writes the same vendors. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Place {
  neighborhood: string | null;
  city: string;
  state: string;
  zipcode: string;
  lat: number;
  lng: number;
  streets: string[];
}

const NEIGHBORHOOD_PLACES: Place[] = [
  {
    neighborhood: NEIGHBORHOODS[0],
    city: 'New York',
    state: 'NY',
    zipcode: '10024',
    lat: 40.787,
    lng: -73.9754,
    streets: ['Amsterdam Avenue', 'Columbus Avenue', 'West 86th Street', 'Broadway'],
  },
  {
    neighborhood: NEIGHBORHOODS[1],
    city: 'Brooklyn',
    state: 'NY',
    zipcode: '11201',
    lat: 40.6959,
    lng: -73.9956,
    streets: ['Montague Street', 'Henry Street', 'Clinton Street', 'Court Street'],
  },
  {
    neighborhood: NEIGHBORHOODS[2],
    city: 'Teaneck',
    state: 'NJ',
    zipcode: '07666',
    lat: 40.8976,
    lng: -74.016,
    streets: ['Cedar Lane', 'Queen Anne Road', 'Teaneck Road', 'Palisade Avenue'],
  },
  {
    neighborhood: NEIGHBORHOODS[3],
    city: 'Great Neck',
    state: 'NY',
    zipcode: '11021',
    lat: 40.8007,
    lng: -73.7285,
    streets: ['Middle Neck Road', 'Northern Boulevard', 'Cutter Mill Road', 'Bond Street'],
  },
  {
    neighborhood: NEIGHBORHOODS[4],
    city: 'Bronx',
    state: 'NY',
    zipcode: '10471',
    lat: 40.89,
    lng: -73.9126,
    streets: ['Johnson Avenue', 'Riverdale Avenue', 'West 236th Street', 'Mosholu Avenue'],
  },
  {
    neighborhood: NEIGHBORHOODS[5],
    city: 'White Plains',
    state: 'NY',
    zipcode: '10601',
    lat: 41.034,
    lng: -73.7629,
    streets: ['Mamaroneck Avenue', 'Main Street', 'Central Avenue', 'Bloomingdale Road'],
  },
];

/** The marketplace's preset cities, beyond the New York area neighborhoods. */
const CITY_PLACES: Place[] = [
  {
    neighborhood: null,
    city: 'Los Angeles',
    state: 'CA',
    zipcode: '90035',
    lat: 34.0522,
    lng: -118.2437,
    streets: ['Pico Boulevard', 'La Brea Avenue', 'Beverly Boulevard', 'Fairfax Avenue'],
  },
  {
    neighborhood: null,
    city: 'Chicago',
    state: 'IL',
    zipcode: '60645',
    lat: 41.8781,
    lng: -87.6298,
    streets: ['Devon Avenue', 'Touhy Avenue', 'California Avenue', 'Howard Street'],
  },
  {
    neighborhood: null,
    city: 'Miami',
    state: 'FL',
    zipcode: '33140',
    lat: 25.7617,
    lng: -80.1918,
    streets: ['Collins Avenue', 'Arthur Godfrey Road', 'Alton Road', 'Biscayne Boulevard'],
  },
  {
    neighborhood: null,
    city: 'Atlanta',
    state: 'GA',
    zipcode: '30329',
    lat: 33.749,
    lng: -84.388,
    streets: ['LaVista Road', 'Briarcliff Road', 'Peachtree Street', 'North Druid Hills Road'],
  },
];

const SURNAMES = [
  'Goldberg',
  'Cohen',
  'Levy',
  'Friedman',
  'Katz',
  'Shapiro',
  'Rosen',
  'Weiss',
  'Klein',
  'Adler',
  'Stern',
  'Mizrahi',
  'Peretz',
  'Schwartz',
  'Bernstein',
  'Halevi',
  'Azoulay',
  'Feldman',
  'Kaplan',
  'Baron',
];

const NAME_PATTERNS: Record<MarketplaceCategory, string[]> = {
  Venues: [
    'The {S} Ballroom',
    '{P} Simcha Hall',
    'Beit {S} Event Center',
    'The Grand {P} Manor',
    '{S} Garden Estate',
    'Chuppah Terrace {P}',
  ],
  Caterers: [
    '{S} Kosher Catering',
    'Shalom Table by {S}',
    '{P} Glatt Kosher Kitchen',
    "{S}'s Simcha Cuisine",
    'Challah & Co. {P}',
    'Milk & Honey Catering {P}',
  ],
  Photographers: [
    '{S} Photography',
    'Mazel Moments {P}',
    '{S} Studio Portraits',
    'Golden Hour by {S}',
    'Light of Simcha {P}',
    'Yichud Room Films by {S}',
  ],
  Musicians: [
    '{S} Klezmer Band',
    'Hora Nights {P}',
    'The {S} Orchestra',
    'Simcha Beats DJ {S}',
    'Niggun Ensemble {P}',
    '{S} & Friends Live',
  ],
  Florists: [
    '{S} Floral Design',
    'Chuppah Blooms {P}',
    'Lily & Myrtle {P}',
    "{S}'s Garden Flowers",
    'Rosewood Florals by {S}',
    'Etrog & Olive Floral {P}',
  ],
};

/**
 * Each name pattern as an Israeli business would write it in Hebrew, place for place with
 * NAME_PATTERNS; {S} and {P} are the surname and place as Hebrew writes them.
 */
const NAME_PATTERNS_HE: Record<MarketplaceCategory, string[]> = {
  Venues: ['אולמי {S}', 'אולם שמחות {P}', 'בית {S} לאירועים', 'אחוזת {P}', 'גני {S}', 'מרפסת החופה {P}'],
  Caterers: [
    'קייטרינג {S} כשר',
    'שולחן שלום מבית {S}',
    'מטבח גלאט {P}',
    'מטעמי {S}',
    'חלה ושות׳ {P}',
    'קייטרינג חלב ודבש {P}',
  ],
  Photographers: [
    'צילום {S}',
    'רגעי מזל {P}',
    'סטודיו {S} לצילום',
    'שעת הזהב של {S}',
    'אור של שמחה {P}',
    'סרטי חדר ייחוד {S}',
  ],
  Musicians: [
    'להקת כליזמר {S}',
    'לילות הורה {P}',
    'תזמורת {S}',
    'די ג׳יי {S}',
    'אנסמבל ניגון {P}',
    '{S} והחברים בהופעה',
  ],
  Florists: [
    'עיצוב פרחים {S}',
    'פרחי חופה {P}',
    'שושן והדס {P}',
    'פרחי הגן של {S}',
    'פרחי {S}',
    'אתרוג וזית {P}',
  ],
};

const SURNAMES_HE: Readonly<Record<string, string>> = {
  Goldberg: 'גולדברג',
  Cohen: 'כהן',
  Levy: 'לוי',
  Friedman: 'פרידמן',
  Katz: 'כץ',
  Shapiro: 'שפירא',
  Rosen: 'רוזן',
  Weiss: 'וייס',
  Klein: 'קליין',
  Adler: 'אדלר',
  Stern: 'שטרן',
  Mizrahi: 'מזרחי',
  Peretz: 'פרץ',
  Schwartz: 'שוורץ',
  Bernstein: 'ברנשטיין',
  Halevi: 'הלוי',
  Azoulay: 'אזולאי',
  Feldman: 'פלדמן',
  Kaplan: 'קפלן',
  Baron: 'ברון',
};

const PLACES_HE: Readonly<Record<string, string>> = {
  'Upper West Side': 'אפר ווסט סייד',
  'Brooklyn Heights': 'ברוקלין הייטס',
  Teaneck: 'טינק',
  'Great Neck': 'גרייט נק',
  Riverdale: 'ריברדייל',
  Westchester: 'וסטצ׳סטר',
  'Los Angeles': 'לוס אנג׳לס',
  Chicago: 'שיקגו',
  Miami: 'מיאמי',
  Atlanta: 'אטלנטה',
};

/** A listing's name in both scripts: the pattern at `index` of its category with the surname and place. */
interface DemoName {
  latin: string;
  hebrew: string;
}

function nameOf(category: MarketplaceCategory, index: number, surname: string, place: Place): DemoName {
  const placeWord = place.neighborhood ?? place.city;
  const fill = (pattern: string, s: string, p: string) => pattern.replace('{S}', s).replace('{P}', p);
  return {
    latin: fill(NAME_PATTERNS[category][index] as string, surname, placeWord),
    hebrew: fill(
      NAME_PATTERNS_HE[category][index] as string,
      SURNAMES_HE[surname] ?? surname,
      PLACES_HE[placeWord] ?? placeWord,
    ),
  };
}

const DESCRIPTIONS: Record<MarketplaceCategory, string[]> = {
  Venues: [
    'An elegant ballroom for weddings and bar mitzvahs, with a separate chuppah space, kosher kitchen under supervision and seating for up to {G} guests.',
    'A warm, light-filled hall that hosts kiddushim, engagement parties and full simchas. Flexible floor plans, bridal suite and on-site parking.',
    'Garden ceremonies under the open sky and an indoor reception room for {G}; we work with every kosher caterer on our approved list.',
  ],
  Caterers: [
    'Glatt kosher catering for weddings, bar and bat mitzvahs and Shabbat kiddush, from plated dinners to family-style buffets for {G} guests.',
    'Modern Israeli and classic Ashkenazi menus, supervised kitchens, tastings by appointment, and a team that knows the rhythm of a simcha.',
    'Full-service kosher catering with waitstaff, bar service and custom dessert tables; meat, dairy and pareve menus available.',
  ],
  Photographers: [
    'Documentary wedding and bar mitzvah photography: the bedeken, the chuppah, the hora and every candid moment in between.',
    'Photo and video team for simchas of every size, with same-week previews and heirloom albums printed on archival paper.',
    'Natural-light portraits and event coverage; experienced with Shabbat-observant schedules and family formals.',
  ],
  Musicians: [
    'Live klezmer, Israeli and contemporary sets that keep the hora going; from a solo violinist at the chuppah to a full band of {N}.',
    'DJ and live musicians for weddings and b\u2019nai mitzvah, with MC services and lighting; we read the room and fill the dance floor.',
    'A versatile ensemble playing Jewish standards, Sephardic favourites and top-40, with separate-seating and mixed-dancing setups.',
  ],
  Florists: [
    'Chuppah designs, centerpieces and bridal bouquets with seasonal blooms; we build and strike on site so the family can celebrate.',
    'Floral design for weddings, bar and bat mitzvahs and Shabbat tables, from lush garden arrangements to modern minimalist pieces.',
    'Custom chuppah structures, aisle flowers and table decor, with kosher-for-Passover friendly designs for spring simchas.',
  ],
};

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/**
 * Every name a listing of the category could have at the place: the patterns with a surname, and
 * those with the place's own name (a "Mazel Moments Teaneck" is in Teaneck).
 */
function namesFor(category: MarketplaceCategory, place: Place): DemoName[] {
  return NAME_PATTERNS[category].flatMap((pattern, index) =>
    pattern.includes('{S}')
      ? SURNAMES.map((surname) => nameOf(category, index, surname, place))
      : [nameOf(category, index, '', place)],
  );
}

/** A name of the category for the place, any (the large synthetic sets: names may repeat). */
function anyName(rand: () => number, category: MarketplaceCategory, place: Place): DemoName {
  const surname = pick(rand, SURNAMES);
  const index = Math.floor(rand() * NAME_PATTERNS[category].length);
  return nameOf(category, index, surname, place);
}

/** A name of the category for the place that looks like none in `taken`, which it joins. */
function freeName(
  rand: () => number,
  category: MarketplaceCategory,
  place: Place,
  taken: Set<string>,
): DemoName {
  const free = namesFor(category, place).filter((name) => !taken.has(nameSkeleton(name.latin)));
  if (free.length === 0)
    throw new Error(`No demo name is left for ${category} in ${place.neighborhood ?? place.city}`);
  const name = pick(rand, free);
  taken.add(nameSkeleton(name.latin));
  return name;
}

export interface DemoVendorOptions {
  /**
   * Every name different from every other by the marketplace's own duplicate-name rule (the
   * look-alike skeleton), and from these: the demo data people see passes the rule users meet.
   * Throws when the names of a category run out. Off for the large synthetic sets of tests and
   * benchmarks, which nobody reads.
   */
  uniqueNames?: { reserved: readonly string[] };
  /**
   * The share of listings (0 to 1) that also give their name in Hebrew, chosen by a draw of their
   * own so every other field keeps its value; none unless asked.
   */
  hebrewNames?: number;
}

/**
 * `count` realistic vendors, spread over the five categories, the six neighborhoods and the preset cities.
 * Two thirds sit in the New York area neighborhoods, where the product started.
 */
export function generateDemoVendors(
  count: number,
  seed = 5786,
  options: DemoVendorOptions = {},
): NewVendor[] {
  const rand = seededRandom(seed);
  const hebrewDraw = seededRandom(seed ^ 0x5d0);
  const hebrewShare = options.hebrewNames ?? 0;
  const vendors: NewVendor[] = [];
  const taken = new Set(options.uniqueNames?.reserved.map(nameSkeleton));
  let nearbyIndex = 0;
  for (let i = 0; i < count; i++) {
    const category = MARKETPLACE_CATEGORIES[i % MARKETPLACE_CATEGORIES.length] as MarketplaceCategory;
    const place =
      i % 3 === 2
        ? pick(rand, CITY_PLACES)
        : (NEIGHBORHOOD_PLACES[nearbyIndex++ % NEIGHBORHOOD_PLACES.length] as Place);
    const name = options.uniqueNames
      ? freeName(rand, category, place, taken)
      : anyName(rand, category, place);
    const businessName = name.latin;
    const nameHe = hebrewDraw() < hebrewShare ? name.hebrew : null;
    const domain = `${slug(businessName)}${i}.example.com`;
    // Two draws once made up a rating and a review count; they are still taken so every other field
    // keeps its value. Ratings come from reviews only: a new listing has none.
    rand();
    rand();
    const description = pick(rand, DESCRIPTIONS[category])
      .replace('{G}', String(150 + Math.floor(rand() * 35) * 10))
      .replace('{N}', String(4 + Math.floor(rand() * 8)));
    const phone = `(${200 + Math.floor(rand() * 700)}) 555-${String(1000 + Math.floor(rand() * 8999)).slice(0, 4)}`;
    vendors.push({
      businessName,
      nameHe,
      category,
      contactEmail: `hello@${domain}`,
      contactPhone: phone,
      contactWhatsapp: rand() < 0.5 ? phone : null,
      address: `${10 + Math.floor(rand() * 980)} ${pick(rand, place.streets)}`,
      city: place.city,
      state: place.state,
      zipcode: place.zipcode,
      country: 'USA',
      neighborhood: place.neighborhood,
      description,
      website: `https://${domain}`,
      // No cover photo: the pages draw the category's art for a listing without one.
      imageUrl: null,
      verified: rand() < 0.45,
      latitude: Math.round((place.lat + (rand() - 0.5) * 0.06) * 1e6) / 1e6,
      longitude: Math.round((place.lng + (rand() - 0.5) * 0.06) * 1e6) / 1e6,
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(rand() * 600) * 86_400_000),
    });
  }
  return vendors;
}
