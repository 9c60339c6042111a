import type { SiteFiguresDto } from '../../../shared/schemas/site';
import { ratingFigure } from '../../../shared/text';
import type { Db } from '../../platform/db/create-db';
import { countFamilies, newestGoodReviews, publicListingTotals } from './meta.queries';

/** The landing page quotes at most this many reviews. */
export const TESTIMONIALS_SHOWN = 3;

/** How long counted figures are shown before they are counted again. */
export const SITE_FIGURES_TTL_MS = 5 * 60 * 1000;

interface Kept {
  at: number;
  figures: SiteFiguresDto;
}

/**
 * Kept per database (tests run several side by side). The figures are counts over every user and
 * listing, about 100 ms at 100,000 of each: once per five minutes per process, whatever the traffic
 * on the landing page. One count runs at a time; callers meanwhile share it.
 */
const kept = new WeakMap<Db, Kept>();
const running = new WeakMap<Db, Promise<Kept>>();

async function count(db: Db, now: Date): Promise<Kept> {
  const [families, totals, testimonials] = await Promise.all([
    countFamilies(db),
    publicListingTotals(db),
    newestGoodReviews(db, TESTIMONIALS_SHOWN),
  ]);
  const categories: Record<string, number> = {};
  let vendors = 0;
  let reviews = 0;
  let stars = 0;
  for (const t of totals) {
    categories[t.category] = t.listings;
    vendors += t.listings;
    reviews += t.reviews;
    stars += t.stars;
  }
  const rating = reviews > 0 ? { average: ratingFigure(stars / reviews), reviews } : null;
  return { at: now.getTime(), figures: { families, vendors, categories, rating, testimonials } };
}

/**
 * The figures as shown: the number of families, of listings and of the reviews behind the average
 * only from `minShown` (SITE_FIGURES_MIN), below which they read as zero (nothing to say) and the
 * pages say something true without a number. Per-category counts stay: they guide browsing.
 */
export async function siteFigures(db: Db, now: Date, minShown: number): Promise<SiteFiguresDto> {
  const counted = await countedFigures(db, now);
  const shown = (n: number) => (n >= minShown ? n : 0);
  return {
    ...counted,
    families: shown(counted.families),
    vendors: shown(counted.vendors),
    rating: counted.rating && counted.rating.reviews >= minShown ? counted.rating : null,
  };
}

async function countedFigures(db: Db, now: Date): Promise<SiteFiguresDto> {
  const current = kept.get(db);
  if (current && now.getTime() - current.at < SITE_FIGURES_TTL_MS && now.getTime() >= current.at) {
    return current.figures;
  }
  let pending = running.get(db);
  if (!pending) {
    pending = count(db, now).finally(() => running.delete(db));
    running.set(db, pending);
  }
  const fresh = await pending;
  kept.set(db, fresh);
  return fresh.figures;
}
