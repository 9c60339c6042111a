import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every journey runs in every language (E2E_LANGUAGE, tests/e2e/language.ts): each finds what it
    // uses by message id, never by English written into it.
    include: ['tests/e2e/**/*.e2e.ts'],
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
