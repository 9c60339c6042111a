import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '../app';
import { PagePrerender, type PrerenderOptions } from '../doors/pages/page-prerender';
import { harnessForFile, type TestHarness } from './harness';

/**
 * The harness of one test file and a server of its own that serves a built web app made of `files`
 * (paths in the client folder, written to a temporary one; '../client-manifest.json' is the build's
 * manifest beside it): opened before the file's first test,
 * closed and removed after its last. With `landing`, the server draws the landing page for
 * visitors, as in production.
 */
export function builtClientForFile(
  files: Record<string, string>,
  options: { prerender?: PrerenderOptions; config?: Partial<TestHarness['deps']['config']> } = {},
): { h: TestHarness; readonly app: FastifyInstance } {
  const h = harnessForFile();
  let app: FastifyInstance | undefined;
  let root: string | undefined;
  let clientDir: string | undefined;
  beforeAll(async () => {
    // The client folder inside a folder of its own, as dist/client is: the build's manifest lies
    // beside it ('../client-manifest.json').
    root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-client-'));
    clientDir = path.join(root, 'client');
    await mkdir(clientDir);
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(clientDir, name)), { recursive: true });
      await writeFile(path.join(clientDir, name), text);
    }
    const prerender = options.prerender
      ? new PagePrerender(h.deps.db, undefined, options.prerender)
      : undefined;
    app = await buildServer(
      { ...h.deps, config: { ...h.deps.config, ...options.config, clientDir } },
      { prerender },
    );
    // The renderer is the client's code with React DOM's server renderer and Chakra: seconds to load.
    await prerender?.warm(app.log);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  return {
    h,
    get app() {
      if (!app) throw new Error('The server opens in beforeAll: use it inside tests and hooks');
      return app;
    },
  };
}
