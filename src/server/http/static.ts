import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const API_PREFIXES = ['/api/', '/api', '/trpc/', '/uploads/'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(p));
}

/** A missing file under /assets/ (or any source map) is a 404, not the app's page. */
function isAssetPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') || pathname.endsWith('.map');
}

/**
 * Serves the built SPA (when present) and answers every unknown path: JSON 404 under /api and /trpc,
 * index.html for other GETs so the client router can render the page or its own 404.
 */
export async function staticAndFallback(app: FastifyInstance, opts: { clientDir: string }): Promise<void> {
  const indexHtml = path.join(opts.clientDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      // Source maps stay on the build machine for error reports; visitors never get them.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (
      isApiPath(req.url) ||
      isAssetPath(req.url) ||
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !hasClient
    ) {
      return reply.code(404).send(errorBody('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
