import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_PARAM,
  type Language,
  negotiateLanguage,
} from '../../shared/i18n';

/** The `lang` query parameter of a URL, when it names one of the languages. */
export function languageParam(url: string): Language | null {
  const query = url.split('?')[1];
  if (!query) return null;
  const value = new URLSearchParams(query).get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/**
 * The language a page is drawn in: a `?lang=` link's (a language alternate, or a link shared in it),
 * else the `lang` cookie (the header's switch, or a signed-in person's profile as the app keeps it),
 * else the browser's Accept-Language. A link's language is kept in the cookie, as the switch would.
 */
export function pageLanguage(req: FastifyRequest, reply: FastifyReply): Language {
  const fromLink = languageParam(req.url);
  if (fromLink) {
    if (req.cookies[LANGUAGE_COOKIE] !== fromLink) {
      reply.setCookie(LANGUAGE_COOKIE, fromLink, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_MAX_AGE,
        sameSite: 'lax',
      });
    }
    return fromLink;
  }
  const fromCookie = req.cookies[LANGUAGE_COOKIE];
  if (isLanguage(fromCookie)) return fromCookie;
  return negotiateLanguage(req.headers['accept-language']);
}
