import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Each page at rest is also checked with axe-core: 0.5 to 2.5 s a page on this machine.
    testTimeout: 150_000,
    hookTimeout: 120_000,
    // One browser and one server are shared; journeys run one file at a time.
    fileParallelism: false,
    // expect.poll gives up after 1 s by default; on a machine busy with other work a signed-in page
    // can take 2 to 3 s to show its data, which failed journeys that had nothing wrong.
    expect: { poll: { timeout: 10_000 } },
  },
});
