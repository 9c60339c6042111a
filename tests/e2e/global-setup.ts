import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Language } from '../../src/shared/i18n';
import { LANGUAGE } from './language';
import { startServer } from './server';

const DEMO_ACCOUNTS = ['customer@simchahub.com', 'vendor@simchahub.com', 'admin@simchahub.com'];

/** The demo accounts' language saved in their profiles, as each person would choose it. */
export async function demoAccountsIn(baseUrl: string, language: Language): Promise<void> {
  for (const email of DEMO_ACCOUNTS) {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'simcha123' }),
    });
    if (!login.ok) throw new Error(`signing in ${email}: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const saved = await fetch(`${baseUrl}/api/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ language }),
    });
    if (!saved.ok) throw new Error(`saving ${email}'s language: ${saved.status} ${await saved.text()}`);
  }
}

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
  // A run in another language reads the product as the demo accounts' owners would: in that language.
  if (LANGUAGE !== 'en') await demoAccountsIn(server.baseUrl, LANGUAGE);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
