import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDate } from '../../../shared/dates';
import { LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES } from '../../../shared/i18n';
import { MEALS, type RsvpAnswerInput, type RsvpViewDto } from '../../../shared/schemas/guests';
import { publicMessage } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { pageLanguage } from '../request-language';
import { createCaller } from '../trpc/app-router';
import { escapeHtml } from './html-head';
import { type PageTexts, pageTexts } from './page-texts';

/**
 * A household's RSVP page, `/rsvp/{token}` (issue 31, decision 043), drawn whole by the server: plain
 * HTML and a little inline CSS, no script at all. The form posts back to the same address (a form
 * post works in every browser, with or without scripts) and the answer is saved through the same
 * procedure as `POST /api/rsvp/{token}` (rsvp.answer), then the page is shown again with what was
 * saved (post, redirect, get) or with the refusal. Private to its household: `noindex`, no referrer
 * to other sites (the token must not leave in a Referer header; `same-origin` rather than
 * `no-referrer`, under which the form's own post carries `Origin: null` and is refused as
 * cross-origin), never cached by anyone.
 *
 * It is written in its reader's language, chosen as every page the server writes (request-language.ts:
 * a `?lang=` link, kept in the cookie, else the cookie, else the browser's Accept-Language), with a
 * link to the other language at its top: its words from the pages' catalogue (page-texts.ts, `rsvp.*`),
 * the view's sentences (deadline, Hebrew date, Shabbat notes) asked of rsvp.get in that language,
 * refusals as the web app says them. In Hebrew it reads right to left (`<html lang="he" dir="rtl">`,
 * logical CSS), names and titles isolated in <bdi>. The English page is as it always was, but for
 * that link.
 */

export const RSVP_PAGE_PATH = '/rsvp/:token';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2937;background:#f3f4f8}
main{max-width:40rem;margin:0 auto;padding:1rem}
header{background:#1e3a8a;color:#fff;padding:1.25rem 1rem}
header p{margin:0;color:#fbf3dc}
header nav{text-align:end;margin:0 0 .5rem}
header nav a{color:#fff}
h1{font-size:1.5rem;line-height:1.25;margin:.25rem 0 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.event h3{font-size:1.05rem;margin:0 0 .25rem}
.muted{color:#4b5563}
.note{background:#fbf3dc;border-inline-start:4px solid #8a6500;padding:.25rem .5rem;margin:.5rem 0 0}
fieldset{border:1px solid #d1d5db;border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem}
fieldset fieldset{border-color:#e5e7eb;margin:.5rem 0 0}
legend{font-weight:600;padding:0 .25rem}
label{display:block;margin:.5rem 0 0}
.choice{display:flex;gap:1.5rem;flex-wrap:wrap}
.choice label{display:flex;align-items:center;gap:.5rem;min-height:44px;margin:0}
input[type=radio],input[type=checkbox]{width:1.25rem;height:1.25rem;margin:0}
input[type=text],select,textarea{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:inherit;min-height:44px}
button{font:inherit;font-weight:600;background:#1e3a8a;color:#fff;border:0;border-radius:.375rem;padding:.75rem 1.5rem;min-height:44px;cursor:pointer}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #d4a017;outline-offset:2px}
.status{border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;font-weight:600}
.ok{background:#dcfce7;color:#14532d}
.error{background:#fee2e2;color:#7f1d1d}
footer{padding:1rem;text-align:center;color:#4b5563;font-size:.875rem}
`;

const h = escapeHtml;

/** The page in the other language: the same address with `?lang=`, which the cookie then keeps. */
function languageSwitch(texts: PageTexts, token: string): string {
  const links = LANGUAGES.filter((language) => language !== texts.language).map(
    (language) =>
      `<a href="/rsvp/${h(encodeURIComponent(token))}?${LANGUAGE_PARAM}=${language}" hreflang="${language}" lang="${language}">${h(LANGUAGE_NAMES[language])}</a>`,
  );
  return `<nav aria-label="${h(texts.t('rsvp.languages'))}">${links.join(' ')}</nav>`;
}

function page(texts: PageTexts, token: string, title: string, header: string, body: string): string {
  // English as it was before there were languages: `lang` alone, its direction the default.
  const html =
    texts.dir === 'rtl' ? `<html lang="${texts.language}" dir="rtl">` : `<html lang="${texts.language}">`;
  return `<!doctype html>
${html}
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex, nofollow" />
<meta name="referrer" content="same-origin" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<meta name="description" content="${h(texts.t('rsvp.description'))}" />
<title>${h(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${languageSwitch(texts, token)}${header}</header>
${body}
<footer>${h(texts.t('rsvp.footer'))}</footer>
</body>
</html>`;
}

function notFoundPage(texts: PageTexts, token: string): string {
  return page(
    texts,
    token,
    texts.t('rsvp.notFound.title'),
    `<h1>${h(texts.t('rsvp.notFound.heading'))}</h1>`,
    `<main><p class="card">${h(texts.t('rsvp.notFound.text'))}</p></main>`,
  );
}

function eventCard(texts: PageTexts, e: RsvpViewDto['events'][number]): string {
  const day = formatDate(e.localDate, texts.language, 'full');
  const when = e.time ? texts.html('rsvp.event.dayAtTime', { day, time: e.time }) : texts.value(day);
  const where = [e.venue, e.place].filter(Boolean).join(', ');
  return `<section class="card event" aria-labelledby="ev-${e.id}">
<h3 id="ev-${e.id}">${texts.value(e.title)}</h3>
<p class="muted">${when}${e.hebrewDate ? ` · ${texts.value(e.hebrewDate)}` : ''}</p>
${where ? `<p>${texts.value(where)}</p>` : ''}
${e.notes.map((n) => `<p class="note">${h(n)}</p>`).join('')}
</section>`;
}

function mealOptions(texts: PageTexts, selected: string | null): string {
  return [
    `<option value=""${selected ? '' : ' selected'}>${h(texts.t('rsvp.meal.none'))}</option>`,
    ...MEALS.map(
      (m) =>
        `<option value="${m}"${selected === m ? ' selected' : ''}>${h(texts.t(`rsvp.meal.${m}`))}</option>`,
    ),
  ].join('');
}

/** A field people type into: its direction follows what is typed on a right-to-left page. */
const typed = (texts: PageTexts) => (texts.dir === 'rtl' ? ' dir="auto"' : '');

function guestFieldset(
  texts: PageTexts,
  view: RsvpViewDto,
  guest: RsvpViewDto['guests'][number],
  closed: boolean,
): string {
  const titles = new Map(view.events.map((e) => [e.id, e.title]));
  const parts = guest.invitations.map((inv) => {
    const key = `${guest.id}.${inv.eventId}`;
    const title = titles.get(inv.eventId) ?? texts.t('rsvp.event.untitled');
    const yes = inv.rsvp === 'attending';
    const no = inv.rsvp === 'declined';
    const id = `f-${guest.id}-${inv.eventId}`;
    return `<fieldset>
<legend>${texts.value(title)}</legend>
<div class="choice">
<label><input type="radio" name="a.${key}" value="yes"${yes ? ' checked' : ''}${closed ? ' disabled' : ''} /> ${h(texts.t('rsvp.answer.attending'))}</label>
<label><input type="radio" name="a.${key}" value="no"${no ? ' checked' : ''}${closed ? ' disabled' : ''} /> ${h(texts.t('rsvp.answer.declined'))}</label>
</div>
<label for="${id}-meal">${h(texts.t('rsvp.meal.label'))}</label>
<select id="${id}-meal" name="m.${key}"${closed ? ' disabled' : ''}>${mealOptions(texts, inv.meal ?? guest.meal)}</select>
<label for="${id}-note">${h(texts.t('rsvp.dietaryNote'))}</label>
<input type="text" id="${id}-note" name="d.${key}" maxlength="500" autocomplete="off"${typed(texts)} value="${h(inv.dietaryNote ?? '')}"${closed ? ' disabled' : ''} />
</fieldset>`;
  });
  return `<fieldset><legend>${texts.value(guest.name)}</legend>${parts.join('')}</fieldset>`;
}

function plusOneFieldsets(texts: PageTexts, view: RsvpViewDto, closed: boolean): string {
  if (view.plusOnesAllowed === 0) return '';
  const named = view.guests.filter((g) => g.plusOneOf === null && g.invitations.length > 0);
  const existing = view.guests.filter((g) => g.plusOneOf !== null);
  const slots: string[] = [];
  for (let i = 0; i < view.plusOnesAllowed; i++) {
    const p = existing[i];
    const id = `p-${i}`;
    const events = view.events
      .map((e) => {
        const checked = p?.invitations.some((inv) => inv.eventId === e.id && inv.rsvp === 'attending');
        return `<label><input type="checkbox" name="p.${i}.ev" value="${e.id}"${checked ? ' checked' : ''}${closed ? ' disabled' : ''} /> ${texts.value(e.title)}</label>`;
      })
      .join('');
    slots.push(`<fieldset>
<legend>${texts.html('rsvp.plusOne.legend', { number: i + 1 })}</legend>
<label for="${id}-name">${h(texts.t('rsvp.plusOne.name'))}</label>
<input type="text" id="${id}-name" name="p.${i}.name" maxlength="120" autocomplete="off"${typed(texts)} value="${h(p?.name ?? '')}"${closed ? ' disabled' : ''} />
<label for="${id}-by">${h(texts.t('rsvp.plusOne.with'))}</label>
<select id="${id}-by" name="p.${i}.by"${closed ? ' disabled' : ''}>${named
      .map((g) => `<option value="${g.id}"${p?.plusOneOf === g.id ? ' selected' : ''}>${h(g.name)}</option>`)
      .join('')}</select>
<fieldset><legend>${h(texts.t('rsvp.plusOne.to'))}</legend>${events}</fieldset>
<label for="${id}-meal">${h(texts.t('rsvp.meal.label'))}</label>
<select id="${id}-meal" name="p.${i}.meal"${closed ? ' disabled' : ''}>${mealOptions(texts, p?.meal ?? null)}</select>
</fieldset>`);
  }
  return `<h2>${h(texts.t('rsvp.plusOnes.heading'))}</h2>
<p>${texts.html('rsvp.plusOnes.intro', { allowed: view.plusOnesAllowed })}</p>
${slots.join('')}`;
}

function rsvpPage(
  texts: PageTexts,
  view: RsvpViewDto,
  token: string,
  status: { saved?: boolean; error?: string } = {},
): string {
  const closed = view.closed;
  const invited = view.guests.filter((g) => g.plusOneOf === null && g.invitations.length > 0);
  const deadline = view.deadlineText
    ? closed
      ? `<p class="status error" role="status">${texts.html('rsvp.deadline.closed', { deadline: view.deadlineText })}</p>`
      : `<p>${texts.html('rsvp.deadline.open', { deadline: view.deadlineText })}</p>`
    : '';
  const banner = status.error
    ? `<div class="status error" role="alert" id="form-error">${h(texts.error(status.error))}</div>`
    : status.saved
      ? `<div class="status ok" role="status">${h(texts.t('rsvp.saved'))}</div>`
      : '';
  const form = closed
    ? ''
    : `<form method="post" action="/rsvp/${h(encodeURIComponent(token))}"${status.error ? ' aria-describedby="form-error"' : ''}>
<h2>${h(texts.t('rsvp.form.heading'))}</h2>
${invited.map((g) => guestFieldset(texts, view, g, closed)).join('')}
${plusOneFieldsets(texts, view, closed)}
<label for="message">${h(texts.t('rsvp.message'))}</label>
<textarea id="message" name="message" rows="3" maxlength="2000"${typed(texts)}>${h(view.messageToHosts ?? '')}</textarea>
<p><button type="submit">${h(texts.t('rsvp.save'))}</button></p>
</form>`;
  return page(
    texts,
    token,
    texts.t('rsvp.title', { title: view.title }),
    `<p>${texts.html('rsvp.invites', { host: view.hostName, household: view.householdName })}</p><h1>${texts.value(view.title)}</h1>`,
    `<main>
${banner}
${view.message ? `<p class="card">${texts.value(view.message)}</p>` : ''}
${deadline}
<h2>${h(texts.t('rsvp.invitedTo'))}</h2>
${view.events.map((e) => eventCard(texts, e)).join('')}
${form}
</main>`,
  );
}

/** The form's fields as rsvp.answer's input: answers where a choice was made, and every plus-one slot. */
export function answerFromForm(token: string, form: URLSearchParams, view: RsvpViewDto): RsvpAnswerInput {
  const answers: RsvpAnswerInput['answers'] = [];
  for (const [name, value] of form) {
    const m = /^a\.([^.]+)\.([^.]+)$/.exec(name);
    if (!m) continue;
    const key = `${m[1]}.${m[2]}`;
    const attending = value === 'yes';
    const meal = form.get(`m.${key}`) || null;
    answers.push({
      guestId: m[1] as string,
      eventId: m[2] as string,
      attending,
      meal: attending ? (meal as RsvpAnswerInput['answers'][number]['meal']) : null,
      dietaryNote: attending ? form.get(`d.${key}`) || null : null,
    });
  }
  const plusOnes: NonNullable<RsvpAnswerInput['plusOnes']> = [];
  if (view.plusOnesAllowed > 0) {
    for (let i = 0; i < 10; i++) {
      const name = form.get(`p.${i}.name`)?.trim();
      if (!name) continue;
      const guestId = form.get(`p.${i}.by`) ?? '';
      const chosen = form.getAll(`p.${i}.ev`);
      const bringer = view.guests.find((g) => g.id === guestId);
      plusOnes.push({
        name,
        guestId,
        // None ticked: every event the guest who brings them is invited to.
        eventIds: chosen.length > 0 ? chosen : (bringer?.invitations.map((inv) => inv.eventId) ?? []),
        meal: (form.get(`p.${i}.meal`) || null) as RsvpAnswerInput['answers'][number]['meal'],
      });
    }
  }
  const message = form.get('message');
  return {
    token,
    answers,
    ...(view.plusOnesAllowed > 0 ? { plusOnes } : {}),
    ...(message !== null ? { messageToHosts: message.trim() || null } : {}),
  };
}

/**
 * The view with the form's entries laid over it: a refused form is shown again as it was filled in,
 * not as it was saved, so nothing typed is lost.
 */
export function withEntries(view: RsvpViewDto, form: URLSearchParams): RsvpViewDto {
  const meal = (value: string | null) =>
    (MEALS as readonly string[]).includes(value ?? '') ? (value as (typeof MEALS)[number]) : null;
  const named = view.guests
    .filter((g) => g.plusOneOf === null)
    .map((g) => ({
      ...g,
      invitations: g.invitations.map((inv) => {
        const key = `${g.id}.${inv.eventId}`;
        const choice = form.get(`a.${key}`);
        return {
          ...inv,
          rsvp:
            choice === 'yes' ? ('attending' as const) : choice === 'no' ? ('declined' as const) : inv.rsvp,
          meal: meal(form.get(`m.${key}`)),
          dietaryNote: form.get(`d.${key}`) || null,
        };
      }),
    }));
  const plusOnes: RsvpViewDto['guests'] = [];
  for (let i = 0; i < view.plusOnesAllowed; i++) {
    const name = form.get(`p.${i}.name`)?.trim();
    if (!name) continue;
    plusOnes.push({
      id: `entry-${i}`,
      name,
      plusOneOf: form.get(`p.${i}.by`),
      meal: meal(form.get(`p.${i}.meal`)),
      dietaryNote: null,
      invitations: form.getAll(`p.${i}.ev`).map((eventId) => ({
        eventId,
        rsvp: 'attending' as const,
        meal: null,
        dietaryNote: null,
        answeredAt: null,
      })),
    });
  }
  return {
    ...view,
    guests: [...named, ...plusOnes],
    messageToHosts: form.get('message') ?? view.messageToHosts,
  };
}

function send(reply: FastifyReply, code: number, html: string) {
  return reply
    .code(code)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(html);
}

function isNotFound(error: unknown): boolean {
  return error instanceof TRPCError && error.code === 'NOT_FOUND';
}

export async function rsvpPageRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  // The page's own form posts; nothing else on this server takes form bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, new URLSearchParams(body as string)),
  );

  const callerFor = async (req: FastifyRequest, reply: FastifyReply) =>
    createCaller(await contextFromRequest(opts.deps, req, reply));

  app.get(RSVP_PAGE_PATH, async (req, reply) => {
    const { token } = req.params as { token: string };
    const saved = (req.query as Record<string, string | undefined>).saved === '1';
    const texts = pageTexts(pageLanguage(req, reply));
    try {
      const view = await (await callerFor(req, reply)).rsvp.get({ token, language: texts.language });
      return send(reply, 200, rsvpPage(texts, view, token, { saved }));
    } catch (error) {
      if (isNotFound(error) || (error instanceof TRPCError && error.code === 'BAD_REQUEST')) {
        return send(reply, 404, notFoundPage(texts, token));
      }
      throw error;
    }
  });

  app.post(RSVP_PAGE_PATH, async (req, reply) => {
    const { token } = req.params as { token: string };
    const form = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
    const texts = pageTexts(pageLanguage(req, reply));
    const caller = await callerFor(req, reply);
    let view: RsvpViewDto;
    try {
      view = await caller.rsvp.get({ token, language: texts.language });
    } catch (error) {
      if (isNotFound(error) || (error instanceof TRPCError && error.code === 'BAD_REQUEST')) {
        return send(reply, 404, notFoundPage(texts, token));
      }
      throw error;
    }
    try {
      await caller.rsvp.answer(answerFromForm(token, form, view));
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
      if (isNotFound(error)) return send(reply, 404, notFoundPage(texts, token));
      const code = error.code === 'TOO_MANY_REQUESTS' ? 429 : 400;
      const shown = view.closed || error.code === 'TOO_MANY_REQUESTS' ? view : withEntries(view, form);
      return send(reply, code, rsvpPage(texts, shown, token, { error: publicMessage(error) }));
    }
    return reply
      .code(303)
      .header('referrer-policy', 'same-origin')
      .header('location', `/rsvp/${encodeURIComponent(token)}?saved=1`)
      .send();
  });
}
