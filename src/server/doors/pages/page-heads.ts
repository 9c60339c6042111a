import { isClientPath } from '../../../shared/client-paths';
import { formatInstantDate } from '../../../shared/dates';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n';
import { uploadFileName, uploadIdOf } from '../../../shared/upload-images';
import type { Db } from '../../platform/db/create-db';
import { type PageHead, summarize } from './html-head';
import { BRAND_PICTURE, brandOgImage, categoryOgImage, LISTING_PICTURE, type OgImage } from './og-images';
import { type PageTexts, pageTexts } from './page-texts';
import { findListingPreview, findPublicEventPreview } from './pages.queries';

/** A public page's texts in the pages' catalogue: `head.<key>.title` and `head.<key>.description`. */
type PublicPageKey =
  | 'site'
  | 'marketplace'
  | 'about'
  | 'help'
  | 'pricing'
  | 'vendorHelp'
  | 'terms'
  | 'privacy'
  | 'contact';

/** Pages anyone may read that search engines should index; their head's texts are `head.<key>.*`. */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; key: PublicPageKey }> = [
  { path: '/', key: 'site' },
  { path: '/marketplace', key: 'marketplace' },
  { path: '/about', key: 'about' },
  { path: '/help', key: 'help' },
  { path: '/pricing', key: 'pricing' },
  { path: '/vendor-help', key: 'vendorHelp' },
  { path: '/terms', key: 'terms' },
  { path: '/privacy', key: 'privacy' },
  { path: '/contact', key: 'contact' },
];

const PUBLIC_PAGE_BY_PATH = new Map(PUBLIC_PAGES.map((p) => [p.path, p]));

/** A path segment decoded, or '' when it is not valid percent-encoding. */
export function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A category as the catalogue's messages select it: its words run together, each after the first
 * capitalized ('Beauty & Makeup' is 'beautyMakeup'); 'other' for none.
 */
export function categoryKey(category: string): string {
  const words = category.match(/[A-Za-z0-9]+/g) ?? [];
  const key = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
    .join('');
  return key || 'other';
}

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

/** A picture the server draws (og-images.ts), as a head's image tags, described in the page's language. */
function drawnImage(
  texts: PageTexts,
  image: OgImage,
): Pick<PageHead, 'image' | 'imageAlt' | 'imageWidth' | 'imageHeight' | 'imageType'> {
  const alt =
    image.name === BRAND_PICTURE
      ? texts.t('head.image.brand')
      : image.name === LISTING_PICTURE
        ? texts.t('head.image.listing')
        : texts.t('head.image.category', { category: image.name });
  return {
    image: image.url,
    imageAlt: alt,
    imageWidth: image.width,
    imageHeight: image.height,
    imageType: image.type,
  };
}

function genericHead(texts: PageTexts, origin: string, noindex = false): PageHead {
  return {
    title: texts.t('head.site.title'),
    description: texts.t('head.site.description'),
    url: `${origin}/`,
    noindex,
    language: texts.language,
  };
}

async function listingHead(db: Db, texts: PageTexts, origin: string, id: string): Promise<PageHead> {
  const listing = UUID.test(id) ? await findListingPreview(db, id.toLowerCase()) : undefined;
  // Unknown or hidden: the page shows its own "not found", and the preview names nothing.
  if (!listing) return { ...genericHead(texts, origin, true), missing: true };
  // The business's name and place as written; the category in the page's language.
  const kind = texts.t('head.listing.kind', {
    category: categoryKey(listing.category),
    name: listing.category,
  });
  const where = [listing.city, listing.state].filter(Boolean).join(', ');
  const what = where ? texts.t('head.listing.kindIn', { kind, where }) : kind;
  const url = `${origin}/vendor/${id.toLowerCase()}`;
  const description = listing.description?.trim()
    ? summarize(listing.description)
    : summarize(texts.t('head.listing.description', { name: listing.businessName, what }));
  const photo = previewImage(origin, listing.imageUrl ?? listing.galleryImages[0] ?? listing.logoUrl);
  return {
    title: texts.t('head.listing.title', { name: listing.businessName, what }),
    description,
    url,
    canonical: url,
    language: texts.language,
    // Without a photo, the drawing the page shows in its place: its category's.
    ...(photo
      ? { image: photo, imageAlt: listing.businessName }
      : drawnImage(texts, categoryOgImage(origin, listing.category))),
  };
}

async function sharedEventHead(db: Db, texts: PageTexts, origin: string, shareId: string): Promise<PageHead> {
  const event = UUID.test(shareId) ? await findPublicEventPreview(db, shareId.toLowerCase()) : undefined;
  // Private or unknown: its owner has not agreed to show it, so not even its title is told.
  if (!event) return genericHead(texts, origin, true);
  // The day an event is on, as its owner entered it (stored at their local midnight, within ±12 h of
  // UTC): shifted to midday, so that a local midnight anywhere within 12 hours of UTC stays on its day.
  const midday = new Date(new Date(event.date).getTime() + 12 * 60 * 60 * 1000);
  const day = formatInstantDate(midday, 'UTC', texts.language, 'full');
  return {
    title: texts.t('head.share.title', { title: event.title, day }),
    description: summarize(texts.t('head.share.description', { title: event.title, day })),
    url: `${origin}/share/${shareId.toLowerCase()}`,
    language: texts.language,
    ...drawnImage(texts, brandOgImage(origin)),
    // A link its owner gave out, not a page to find by searching.
    noindex: true,
  };
}

/**
 * The head of the page at `pathname` in `language`: its own for public pages, listings and public
 * shared events, the 404 page's for a path the app has no page for, the site's for everything else;
 * `missing` when the page is the app's "not found" (answered 404). Names and titles stay as their
 * owners wrote them. Reads at most one row, by a unique key.
 */
export async function pageHeadFor(
  db: Db,
  origin: string,
  pathname: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<PageHead> {
  const texts = pageTexts(language);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PUBLIC_PAGE_BY_PATH.get(path);
  if (page) {
    const url = `${origin}${page.path}`;
    return {
      title: texts.t(`head.${page.key}.title`),
      description: texts.t(`head.${page.key}.description`),
      url,
      canonical: url,
      language,
      ...drawnImage(texts, brandOgImage(origin)),
    };
  }
  const vendor = /^\/vendor\/([^/]+)$/.exec(path);
  if (vendor?.[1]) return listingHead(db, texts, origin, segment(vendor[1]));
  const share = /^\/share\/([^/]+)$/.exec(path);
  if (share?.[1]) return sharedEventHead(db, texts, origin, segment(share[1]));
  return isClientPath(path) ? genericHead(texts, origin) : notFoundHead(origin, language);
}

/** A path the app has no page for: the app's 404 page, named as the browser's tab names it. */
export function notFoundHead(origin: string, language: Language = DEFAULT_LANGUAGE): PageHead {
  const texts = pageTexts(language);
  return {
    title: texts.t('head.notFound.title'),
    description: texts.t('head.site.description'),
    url: `${origin}/`,
    noindex: true,
    missing: true,
    language,
  };
}

/** The site's own head, for when the page's cannot be read (the database is away). */
export function siteHead(origin: string, pathname: string, language: Language = DEFAULT_LANGUAGE): PageHead {
  return isClientPath(pathname) ? genericHead(pageTexts(language), origin) : notFoundHead(origin, language);
}
