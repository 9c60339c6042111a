import { STAR_PATHS } from '../../shared/star-pattern';

/**
 * A tiled star-of-David outline as a CSS background image (a data: URL, which the
 * Content-Security-Policy allows for images).
 */
export function starPattern(color: string, opacity: number, size = 56): string {
  const paths = STAR_PATHS.map((d) => `<path d='${d}'/>`).join('');
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 64 64'><g fill='none' stroke='${color}' stroke-opacity='${opacity}' stroke-width='2' stroke-linejoin='round'>${paths}</g></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
