import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: journeys read the mails it writes under mail/. */
    dataDir: string;
  }
}

/**
 * Starts the real server as production runs it (the compiled dist/server/main.js, which
 * `npm run test:e2e` builds first) on the built client and a fresh embedded database seeded with
 * demo data.
 */
export default async function setup(project: TestProject) {
  const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
  if (!existsSync(path.join(clientDir, 'index.html')))
    throw new Error(`Build the client first (no ${clientDir}/index.html): npm run build`);
  if (!existsSync('dist/server/main.js'))
    throw new Error('Build the server first (no dist/server/main.js): npm run build');
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
