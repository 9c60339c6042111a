/**
 * The star of David the app's patterned grounds are tiled with (src/client/components/star-pattern.ts,
 * and the link-preview pictures of src/server/doors/pages/og-images.ts): two triangles in a 64-unit
 * square, outlined.
 */
export const STAR_PATHS = ['M32 14 47.6 41H16.4Z', 'M32 50 16.4 23h31.2Z'] as const;
