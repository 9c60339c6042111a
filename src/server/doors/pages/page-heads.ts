import { isClientPath } from '../../../shared/client-paths';
import { uploadFileName, uploadIdOf } from '../../../shared/upload-images';
import type { Db } from '../../platform/db/create-db';
import { type PageHead, SITE_DESCRIPTION, SITE_NAME, SITE_TITLE, summarize } from './html-head';
import { brandOgImage, categoryOgImage, type OgImage } from './og-images';
import { findListingPreview, findPublicEventPreview } from './pages.queries';

/** Pages anyone may read that search engines should index, with their head's title and description. */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; title: string; description: string }> = [
  { path: '/', title: SITE_TITLE, description: SITE_DESCRIPTION },
  {
    path: '/marketplace',
    title: `Browse Vendors | ${SITE_NAME}`,
    description:
      'Venues, kosher caterers, photographers, musicians and florists who know Jewish celebrations. Compare them and ask about your date.',
  },
  {
    path: '/about',
    title: `About ${SITE_NAME}`,
    description: 'Why we built SimchaHub, and how families plan their simchas together with it.',
  },
  {
    path: '/help',
    title: `Help Center | ${SITE_NAME}`,
    description: 'Getting started with SimchaHub: events, tasks, deposits, family circles and vendors.',
  },
  {
    path: '/pricing',
    title: `Pricing | ${SITE_NAME}`,
    description: 'What SimchaHub costs families and vendors.',
  },
  {
    path: '/vendor-help',
    title: `Vendor Help | ${SITE_NAME}`,
    description:
      'List your business on SimchaHub, claim your existing listing and answer families’ requests.',
  },
  {
    path: '/terms',
    title: `Terms of Service | ${SITE_NAME}`,
    description: 'The rules for using SimchaHub, written to be read.',
  },
  {
    path: '/privacy',
    title: `Privacy Policy | ${SITE_NAME}`,
    description: 'What SimchaHub keeps about you, why, and who can see it.',
  },
  {
    path: '/contact',
    title: `Contact us | ${SITE_NAME}`,
    description: 'Write to the SimchaHub team. We are a small team and we read every message.',
  },
];

const PUBLIC_PAGE_BY_PATH = new Map(PUBLIC_PAGES.map((p) => [p.path, p]));

/** A path segment as the router would decode it; a malformed escape matches nothing. */
/** A path segment decoded, or '' when it is not valid percent-encoding. */
export function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One listing, for a sentence: "Venues" reads "Venue". */
const CATEGORY_SINGULAR: Record<string, string> = {
  Venues: 'Venue',
  Caterers: 'Caterer',
  Photographers: 'Photographer',
  Musicians: 'Musician',
  Florists: 'Florist',
  Comedians: 'Comedian',
  Shops: 'Shop',
};

/**
 * An image link previews can show: a stored upload's 1280-pixel copy where it has one, an older
 * upload or an outside image as it is. An SVG is none: previews do not show it.
 */
export function previewImage(origin: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const uploadId = uploadIdOf(url);
  const chosen = uploadId ? `/uploads/${uploadFileName(uploadId, 1280)}` : url;
  if (/\.svg(?:[?#]|$)/i.test(chosen)) return undefined;
  if (/^https?:\/\//i.test(chosen)) return chosen;
  if (!chosen.startsWith('/') || chosen.startsWith('//')) return undefined;
  return `${origin}${chosen}`;
}

/** The day an event is on, as its owner entered it (stored at their local midnight, within ±12 h of UTC). */
const eventDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A picture the server draws (og-images.ts), as a head's image tags. */
function drawnImage(
  image: OgImage,
): Pick<PageHead, 'image' | 'imageAlt' | 'imageWidth' | 'imageHeight' | 'imageType'> {
  return {
    image: image.url,
    imageAlt: image.alt,
    imageWidth: image.width,
    imageHeight: image.height,
    imageType: image.type,
  };
}

function genericHead(origin: string, noindex = false): PageHead {
  return { title: SITE_TITLE, description: SITE_DESCRIPTION, url: `${origin}/`, noindex };
}

async function listingHead(db: Db, origin: string, id: string): Promise<PageHead> {
  const listing = UUID.test(id) ? await findListingPreview(db, id.toLowerCase()) : undefined;
  // Unknown or hidden: the page shows its own "not found", and the preview names nothing.
  if (!listing) return { ...genericHead(origin, true), missing: true };
  const kind = CATEGORY_SINGULAR[listing.category] ?? listing.category;
  const where = [listing.city, listing.state].filter(Boolean).join(', ');
  const what = where ? `${kind} in ${where}` : kind;
  const url = `${origin}/vendor/${id.toLowerCase()}`;
  const description = listing.description?.trim()
    ? summarize(listing.description)
    : summarize(
        `${listing.businessName}: ${what}. See photos and details, and ask about your date on SimchaHub.`,
      );
  const photo = previewImage(origin, listing.imageUrl ?? listing.galleryImages[0] ?? listing.logoUrl);
  return {
    title: `${listing.businessName} · ${what} | ${SITE_NAME}`,
    description,
    url,
    canonical: url,
    // Without a photo, the drawing the page shows in its place: its category's.
    ...(photo
      ? { image: photo, imageAlt: listing.businessName }
      : drawnImage(categoryOgImage(origin, listing.category))),
  };
}

async function sharedEventHead(db: Db, origin: string, shareId: string): Promise<PageHead> {
  const event = UUID.test(shareId) ? await findPublicEventPreview(db, shareId.toLowerCase()) : undefined;
  // Private or unknown: its owner has not agreed to show it, so not even its title is told.
  if (!event) return genericHead(origin, true);
  // Shifted to midday so that a local midnight anywhere within 12 hours of UTC stays on its day.
  const day = eventDay.format(new Date(new Date(event.date).getTime() + 12 * 60 * 60 * 1000));
  return {
    title: `${event.title} · ${day} | ${SITE_NAME}`,
    description: summarize(`${event.title}, ${day}. Shared with SimchaHub.`),
    url: `${origin}/share/${shareId.toLowerCase()}`,
    ...drawnImage(brandOgImage(origin)),
    // A link its owner gave out, not a page to find by searching.
    noindex: true,
  };
}

/**
 * The head of the page at `pathname`: its own for public pages, listings and public shared events,
 * the 404 page's for a path the app has no page for, the site's for everything else; `missing` when
 * the page is the app's "not found" (answered 404). Reads at most one row, by a unique key.
 */
export async function pageHeadFor(db: Db, origin: string, pathname: string): Promise<PageHead> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PUBLIC_PAGE_BY_PATH.get(path);
  if (page) {
    const url = `${origin}${page.path}`;
    return {
      title: page.title,
      description: page.description,
      url,
      canonical: url,
      ...drawnImage(brandOgImage(origin)),
    };
  }
  const vendor = /^\/vendor\/([^/]+)$/.exec(path);
  if (vendor?.[1]) return listingHead(db, origin, segment(vendor[1]));
  const share = /^\/share\/([^/]+)$/.exec(path);
  if (share?.[1]) return sharedEventHead(db, origin, segment(share[1]));
  return isClientPath(path) ? genericHead(origin) : notFoundHead(origin);
}

/** A path the app has no page for: the app's 404 page, named as the browser's tab names it. */
export function notFoundHead(origin: string): PageHead {
  return {
    title: `Page not found · ${SITE_NAME}`,
    description: SITE_DESCRIPTION,
    url: `${origin}/`,
    noindex: true,
    missing: true,
  };
}

/** The site's own head, for when the page's cannot be read (the database is away). */
export function siteHead(origin: string, pathname: string): PageHead {
  return isClientPath(pathname) ? genericHead(origin) : notFoundHead(origin);
}
