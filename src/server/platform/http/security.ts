import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../env';
import { errorBody } from './errors';

/** Methods that change nothing: no origin check, and answerable early by the request timeout. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was addressed to, as a browser would write it in the Origin header. */
function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Whether a state-changing request may proceed. Browsers send Origin (and Sec-Fetch-Site) on every
 * cross-origin POST, form posts included; a request with neither comes from a non-browser client,
 * which carries no ambient cookies of a victim.
 */
export function isCrossOriginMutation(req: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    return origin !== ownOrigin(req) && !trustedOrigins.includes(origin);
  }
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

async function security(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (Chakra UI) inserts style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The browser names the visitor's city through the configured reverse-geocoding service.
        connectSrc: [
          "'self'",
          ...(opts.config.reverseGeocodeUrl ? [new URL(opts.config.reverseGeocodeUrl).origin] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: opts.config.secureCookies ? [] : null,
      },
    },
    // Uploaded images are fetched by the app itself; other sites may not embed them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: opts.config.secureCookies,
  });

  // Every state-changing request, whatever its path: judging the path would mean judging it exactly
  // as the router decodes it (`/%61pi/events` is `/api/events` to the router), and a new route
  // outside /api or /trpc would start unguarded.
  app.addHook('onRequest', async (req, reply) => {
    if (isCrossOriginMutation(req, opts.config.trustedOrigins)) {
      return reply
        .code(403)
        .send(errorBody('FORBIDDEN', 'Cross-origin requests may not change data on this server'));
    }
  });
}

export const securityPlugin = fp(security, { name: 'simchahub-security' });
