/**
 * A tiled star-of-David outline as a CSS background image (a data: URL, which the
 * Content-Security-Policy allows for images).
 */
export function starPattern(color: string, opacity: number, size = 56): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 64 64'><g fill='none' stroke='${color}' stroke-opacity='${opacity}' stroke-width='2' stroke-linejoin='round'><path d='M32 14 47.6 41H16.4Z'/><path d='M32 50 16.4 23h31.2Z'/></g></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
