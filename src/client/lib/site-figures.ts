import type { SiteFiguresDto } from '../../shared/schemas/site';
import { ratingFigure } from '../../shared/text';
import { formatCount } from './intl';
import { trpc } from './trpc';

/** A counted figure as people read it ("1,204"), or null when there is nothing to say. */
export function countText(n: number | null | undefined): string | null {
  return n ? formatCount(n) : null;
}

/** "4.8/5", or null while no listing has a review. */
export function ratingText(rating: SiteFiguresDto['rating'] | undefined): string | null {
  return rating ? `${ratingFigure(rating.average)}/5` : null;
}

/** "1 family" / "1,204 families": a count with its noun, or null for none. */
export function counted(n: number | null | undefined, one: string, many: string): string | null {
  const text = countText(n);
  return text === null ? null : `${text} ${n === 1 ? one : many}`;
}

/**
 * The site's counted figures (meta.siteFigures). The server counts them every few minutes, so the
 * browser keeps them as long; while they load, or when they cannot be read, they are undefined and
 * the page shows no figure.
 */
export function useSiteFigures(): SiteFiguresDto | undefined {
  return trpc.meta.siteFigures.useQuery(undefined, { staleTime: 5 * 60 * 1000, retry: false }).data;
}
