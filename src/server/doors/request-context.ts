import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE, type Language, negotiateLanguage } from '../../shared/i18n';
import { DEVICE_COOKIE } from '../domains/auth/known-devices';
import { resolveSession, SESSION_COOKIE } from '../domains/auth/sessions';
import { IDEMPOTENT_REPLAYED_HEADER } from '../platform/idempotency/idempotency';
import type { AppDeps, Context } from '../platform/trpc/context';

/** The `lang` cookie when it names one of our languages, else the best match of Accept-Language. */
export function languageOfRequest(req: FastifyRequest): Language {
  const chosen = req.cookies[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : negotiateLanguage(req.headers['accept-language']);
}

/** Builds the procedure context of one HTTP request: the session from its cookie, and a cookie writer. */
export async function contextFromRequest(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.secureCookies,
    path: '/',
  };
  const sessionCookie = {
    set(token: string, expiresAt: Date) {
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    },
    clear() {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };

  const token = req.cookies[SESSION_COOKIE];
  let resolved: Awaited<ReturnType<typeof resolveSession>> = null;
  if (token) {
    resolved = await resolveSession(deps.db, token, deps.config.sessionTtlMs, deps.now());
    if (!resolved) sessionCookie.clear();
    else if (resolved.renewed) sessionCookie.set(token, resolved.session.expiresAt);
  }

  return {
    ...deps,
    user: resolved?.user ?? null,
    session: resolved?.session ?? null,
    sessionCookie,
    deviceCookie: {
      token: req.cookies[DEVICE_COOKIE] ?? null,
      set(token: string, expiresAt: Date) {
        reply.setCookie(DEVICE_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      },
    },
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    requestLanguage: languageOfRequest(req),
    replayNotice: {
      replayed() {
        // In a /trpc batch it covers the whole response: one call of it was a replay.
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      },
    },
  };
}
