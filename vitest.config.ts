import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Tests that stop, restart or starve a database, spawn servers, or race fifty writers, and the
 * generated-input property test: each takes 10 to 40 s of mostly waiting. They form a project of
 * their own, so they start first (the rest fill the other workers around them), each in a fresh
 * process, and so a developer can run the others alone: `npm run test:quick`.
 */
const SLOW = [
  'src/server/main.test.ts',
  'src/server/two-processes.test.ts',
  'src/server/behind-nginx.test.ts',
  'src/server/load-shedding.test.ts',
  'src/server/doors/live/live-two-processes.test.ts',
  'src/server/platform/db/db-faults.test.ts',
  'src/server/platform/db/embedded-queue.test.ts',
  'src/server/platform/db/pglite-thread.test.ts',
  'src/server/platform/db/stale-write.test.ts',
  'src/server/platform/http/resilience.test.ts',
  'src/server/platform/jobs/jobs-fault.test.ts',
  'src/server/domains/auth/password-policy.test.ts',
  'src/server/storage-cli.test.ts',
  'src/server/backup.test.ts',
  'src/server/test/no-server-errors.property.test.ts',
];

/** The slow project's files first, each project otherwise in vitest's own order. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === 'slow';
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core to itself: on two cores, one worker. Most test time is
    // spent waiting on a database, a child process or a timer, so a worker per core is faster.
    maxWorkers: Math.max(2, os.availableParallelism()),
    sequence: { sequencer: SlowFirst },
    projects: [
      { extends: true, test: { name: 'slow', include: SLOW } },
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'migrations/**/*.test.ts'],
          exclude: SLOW,
          // A worker imports the server once and runs file after file in it (a file's own state is
          // its database, made afresh by the harness): importing it for every file cost a minute.
          isolate: false,
          setupFiles: ['src/client/test-setup.ts'],
        },
      },
    ],
  },
});
