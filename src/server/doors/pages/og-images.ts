import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import sharp from 'sharp';
import { CATEGORY_ART, type CategoryDrawing, FALLBACK_ART } from '../../../shared/category-art';
import { STAR_PATHS } from '../../../shared/star-pattern';
import { errorBody } from '../../platform/http/errors';
import { digestOf, noneMatchHolds, strongTag } from '../../platform/http/etag';

/**
 * Link previews' pictures (decision 032): a listing without a photo is shown with its category's
 * drawing, as the web app shows it (src/shared/category-art.ts), and the site's pages with the
 * brand's mark, both drawn by the server as PNG (previews show no SVG) at the size link previews ask
 * for. Each picture is drawn once per process, on first request, from the build's own code: every
 * server answers the same bytes, and nothing is stored on disk.
 */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const OG_IMAGE_TYPE = 'image/png';

/** The favicon's star (public/favicon.svg), in a 64-unit square. */
export const BRAND_MARK_PATHS = ['M32 10 51 43H13Z', 'M32 54 13 21h38Z'] as const;

interface Picture {
  /** Drawn in the middle: a category's drawing, or the brand's mark. */
  mark: CategoryDrawing['icon'] | 'brand';
  from: string;
  to: string;
}

const BRAND: Picture = { mark: 'brand', from: '#1e3a8a', to: '#152456' };
/** The brand's picture: the site's pages. */
export const BRAND_PICTURE = 'simchahub';
/** Categories without a drawing of their own (the web app's fallback). */
export const LISTING_PICTURE = 'other';

/** A category's file name: its name in lower case, letters only. */
const nameOf = (category: string) => category.toLowerCase().replace(/[^a-z]+/g, '-');

const PICTURES = new Map<string, Picture>([
  ...Object.entries(CATEGORY_ART).map(([category, art]): [string, Picture] => [
    nameOf(category),
    { mark: art.icon, from: art.from, to: art.to },
  ]),
  [LISTING_PICTURE, { mark: FALLBACK_ART.icon, ...FALLBACK_ART }],
  [BRAND_PICTURE, BRAND],
]);

export interface OgImage {
  /** Absolute URL. */
  url: string;
  /**
   * Which picture it is: BRAND_PICTURE, LISTING_PICTURE, or a category's drawing named by its
   * category in lower case ('florists'); the head describes it in the page's language (page-heads.ts).
   */
  name: string;
  width: number;
  height: number;
  type: string;
}

function ogImage(origin: string, name: string): OgImage {
  return {
    url: `${origin}/og/${name}.png`,
    name,
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    type: OG_IMAGE_TYPE,
  };
}

/** The picture of a listing without a photo: its category's drawing, as the web app shows it. */
export function categoryOgImage(origin: string, category: string): OgImage {
  const name = nameOf(category);
  return ogImage(origin, PICTURES.has(name) && name !== BRAND_PICTURE ? name : LISTING_PICTURE);
}

/** The site's picture: the brand's star on its navy ground. */
export function brandOgImage(origin: string): OgImage {
  return ogImage(origin, BRAND_PICTURE);
}

/** The picture as SVG: the web app's CategoryArt (src/client/components/category-art.tsx), scaled up. */
async function svgOf(picture: Picture): Promise<string> {
  const W = OG_IMAGE_WIDTH;
  const H = OG_IMAGE_HEIGHT;
  // CSS's linear-gradient(135deg): along the diagonal direction, its ends where the corners project.
  const half = ((W + H) * Math.SQRT1_2) / 2;
  const [dx, dy] = [half * Math.SQRT1_2, half * Math.SQRT1_2];
  const gradient = `<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="${W / 2 - dx}" y1="${H / 2 - dy}" x2="${W / 2 + dx}" y2="${H / 2 + dy}"><stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/></linearGradient>`;
  // The web app's 48-pixel tile at 12% white, twice as large: a preview is seen at about half size.
  const tile = 96;
  const stars = STAR_PATHS.map((d) => `<path d="${d}"/>`).join('');
  const pattern = `<pattern id="s" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse"><g transform="scale(${tile / 64})" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2" stroke-linejoin="round">${stars}</g></pattern>`;
  // The drawing and its pale disc, in the web app's proportions (a 48-pixel icon, 20 pixels of ring).
  const icon = 200;
  const radius = (icon / 48) * (48 / 2 + 20);
  let mark: string;
  if (picture.mark === 'brand') {
    const paths = BRAND_MARK_PATHS.map((d) => `<path d="${d}"/>`).join('');
    mark = `<g transform="translate(${W / 2 - icon / 2} ${H / 2 - icon / 2}) scale(${icon / 64})" fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round">${paths}</g>`;
  } else {
    // The icon's own SVG, as the web app's server renderer writes it.
    const { renderToStaticMarkup } = await import('react-dom/server');
    const svg = renderToStaticMarkup(
      createElement(picture.mark, { size: icon, color: '#ffffff', strokeWidth: 1.5 }),
    );
    mark = `<g transform="translate(${W / 2 - icon / 2} ${H / 2 - icon / 2})">${svg}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${gradient}${pattern}</defs><rect width="${W}" height="${H}" fill="url(#g)"/><rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="${W / 2}" cy="${H / 2}" r="${radius}" fill="#ffffff" fill-opacity="0.08"/>${mark}</svg>`;
}

interface Drawn {
  png: Buffer;
  etag: string;
}

/** Each picture's PNG, drawn on first request; a failed drawing is tried again next time. */
const drawn = new Map<string, Promise<Drawn>>();

/**
 * The picture named `name` as PNG (about 100 KB: a 256-colour palette, which the flat drawing needs
 * no more than), or null when there is no such picture.
 */
export function ogImagePng(name: string): Promise<Drawn> | null {
  const picture = PICTURES.get(name);
  if (!picture) return null;
  let png = drawn.get(name);
  if (!png) {
    png = svgOf(picture)
      .then((svg) =>
        sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer(),
      )
      .then((data) => ({ png: data, etag: strongTag(digestOf(data.toString('base64'))) }));
    drawn.set(name, png);
    png.catch(() => drawn.delete(name));
  }
  return png;
}

/**
 * GET /og/<name>.png: a link preview's picture. Anyone may show it (link previews are other sites'
 * pages), and it is cached for a day: a new build that draws it differently is seen by tomorrow.
 */
export async function ogImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/og/:name.png', { compress: false }, async (req, reply) => {
    const picture = ogImagePng(req.params.name);
    if (!picture) return reply.code(404).send(errorBody('NOT_FOUND', 'No such picture'));
    const { png, etag } = await picture;
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (noneMatchHolds(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.header('content-type', OG_IMAGE_TYPE).send(png);
  });
}
