import { defineConfig } from 'vitest/config';

/**
 * The journeys that find what they use by message id (tests/e2e/language.ts) and so run in every
 * language. The others still name English texts: they run in the English run only, until they are
 * converted (the list then goes).
 */
const IN_EVERY_LANGUAGE = [
  'foundation',
  'email-confirmation',
  'vendor-side',
  'keyboard',
  'messaging',
  'events',
  'observance',
  'concurrent-edit',
  'bookings',
  'account-recovery',
  'calendar-profile',
  'layout',
].map((name) => `tests/e2e/${name}.e2e.ts`);

const english = (process.env.E2E_LANGUAGE ?? 'en') === 'en';

export default defineConfig({
  test: {
    include: english ? ['tests/e2e/**/*.e2e.ts'] : IN_EVERY_LANGUAGE,
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Each page at rest is also checked with axe-core: 0.5 to 2.5 s a page on this machine.
    testTimeout: 150_000,
    // A page waits on the server and on code loaded when first used; one second (vitest's default)
    // is shorter than a sign-in takes on a busy two-core machine, and a browser test's usual wait is longer.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // One browser and one server are shared; journeys run one file at a time.
    fileParallelism: false,
  },
});
