import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GUEST_MESSAGES,
  MEAL_LABELS,
  MEALS,
  type RsvpAnswerInput,
  type RsvpViewDto,
} from '../../../shared/schemas/guests';
import { civilDateInWords } from '../../domains/guests/rsvp.notes';
import { publicMessage } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { createCaller } from '../trpc/app-router';
import { escapeHtml } from './html-head';

/**
 * A household's RSVP page, `/rsvp/{token}` (issue 31, decision 043), drawn whole by the server: plain
 * HTML and a little inline CSS, no script at all. The form posts back to the same address (a form
 * post works in every browser, with or without scripts) and the answer is saved through the same
 * procedure as `POST /api/rsvp/{token}` (rsvp.answer), then the page is shown again with what was
 * saved (post, redirect, get) or with the refusal. Private to its household: `noindex`, no referrer
 * (the token must not leave in a Referer header), never cached by anyone.
 */

export const RSVP_PAGE_PATH = '/rsvp/:token';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2937;background:#f3f4f8}
main{max-width:40rem;margin:0 auto;padding:1rem}
header{background:#1e3a8a;color:#fff;padding:1.25rem 1rem}
header p{margin:0;color:#fbf3dc}
h1{font-size:1.5rem;line-height:1.25;margin:.25rem 0 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.event h3{font-size:1.05rem;margin:0 0 .25rem}
.muted{color:#4b5563}
.note{background:#fbf3dc;border-left:4px solid #8a6500;padding:.25rem .5rem;margin:.5rem 0 0}
fieldset{border:1px solid #d1d5db;border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem}
fieldset fieldset{border-color:#e5e7eb;margin:.5rem 0 0}
legend{font-weight:600;padding:0 .25rem}
label{display:block;margin:.5rem 0 0}
.choice{display:flex;gap:1.5rem;flex-wrap:wrap}
.choice label{display:flex;align-items:center;gap:.5rem;min-height:44px;margin:0}
input[type=radio],input[type=checkbox]{width:1.25rem;height:1.25rem;margin:0}
input[type=text],select,textarea{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:inherit;min-height:44px}
button{font:inherit;font-weight:600;background:#1e3a8a;color:#fff;border:0;border-radius:.375rem;padding:.75rem 1.5rem;min-height:44px;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #d4a017;outline-offset:2px}
.status{border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;font-weight:600}
.ok{background:#dcfce7;color:#14532d}
.error{background:#fee2e2;color:#7f1d1d}
footer{padding:1rem;text-align:center;color:#4b5563;font-size:.875rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex, nofollow" />
<meta name="referrer" content="no-referrer" />
<meta name="description" content="Your personal invitation: please let the hosts know who is coming." />
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
<footer>Sent with SimchaHub. This page is for your household only: please do not pass the link on.</footer>
</body>
</html>`;
}

function notFoundPage(): string {
  return page(
    'Invitation not found · SimchaHub',
    `<header><h1>Invitation not found</h1></header><main><p class="card">${escapeHtml(GUEST_MESSAGES.invitationNotFound)}. If you expected an invitation, please ask the hosts for a new link.</p></main>`,
  );
}

const h = escapeHtml;

function eventCard(e: RsvpViewDto['events'][number]): string {
  const when = `${civilDateInWords(e.localDate)}${e.time ? ` at ${e.time}` : ''}`;
  const where = [e.venue, e.place].filter(Boolean).join(', ');
  return `<section class="card event" aria-labelledby="ev-${e.id}">
<h3 id="ev-${e.id}">${h(e.title)}</h3>
<p class="muted">${h(when)}${e.hebrewDate ? ` · ${h(e.hebrewDate)}` : ''}</p>
${where ? `<p>${h(where)}</p>` : ''}
${e.notes.map((n) => `<p class="note">${h(n)}</p>`).join('')}
</section>`;
}

function mealOptions(selected: string | null): string {
  return [
    `<option value=""${selected ? '' : ' selected'}>No preference</option>`,
    ...MEALS.map(
      (m) => `<option value="${m}"${selected === m ? ' selected' : ''}>${h(MEAL_LABELS[m])}</option>`,
    ),
  ].join('');
}

function guestFieldset(view: RsvpViewDto, guest: RsvpViewDto['guests'][number], closed: boolean): string {
  const titles = new Map(view.events.map((e) => [e.id, e.title]));
  const parts = guest.invitations.map((inv) => {
    const key = `${guest.id}.${inv.eventId}`;
    const title = titles.get(inv.eventId) ?? 'Event';
    const yes = inv.rsvp === 'attending';
    const no = inv.rsvp === 'declined';
    const id = `f-${guest.id}-${inv.eventId}`;
    return `<fieldset>
<legend>${h(title)}</legend>
<div class="choice">
<label><input type="radio" name="a.${key}" value="yes"${yes ? ' checked' : ''}${closed ? ' disabled' : ''} /> Attending</label>
<label><input type="radio" name="a.${key}" value="no"${no ? ' checked' : ''}${closed ? ' disabled' : ''} /> Not attending</label>
</div>
<label for="${id}-meal">Meal</label>
<select id="${id}-meal" name="m.${key}"${closed ? ' disabled' : ''}>${mealOptions(inv.meal ?? guest.meal)}</select>
<label for="${id}-note">Dietary note (optional)</label>
<input type="text" id="${id}-note" name="d.${key}" maxlength="500" autocomplete="off" value="${h(inv.dietaryNote ?? '')}"${closed ? ' disabled' : ''} />
</fieldset>`;
  });
  return `<fieldset><legend>${h(guest.name)}</legend>${parts.join('')}</fieldset>`;
}

function plusOneFieldsets(view: RsvpViewDto, closed: boolean): string {
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
        return `<label><input type="checkbox" name="p.${i}.ev" value="${e.id}"${checked ? ' checked' : ''}${closed ? ' disabled' : ''} /> ${h(e.title)}</label>`;
      })
      .join('');
    slots.push(`<fieldset>
<legend>Your guest ${i + 1}</legend>
<label for="${id}-name">Name</label>
<input type="text" id="${id}-name" name="p.${i}.name" maxlength="120" autocomplete="off" value="${h(p?.name ?? '')}"${closed ? ' disabled' : ''} />
<label for="${id}-by">Comes with</label>
<select id="${id}-by" name="p.${i}.by"${closed ? ' disabled' : ''}>${named
      .map((g) => `<option value="${g.id}"${p?.plusOneOf === g.id ? ' selected' : ''}>${h(g.name)}</option>`)
      .join('')}</select>
<fieldset><legend>Comes to</legend>${events}</fieldset>
<label for="${id}-meal">Meal</label>
<select id="${id}-meal" name="p.${i}.meal"${closed ? ' disabled' : ''}>${mealOptions(p?.meal ?? null)}</select>
</fieldset>`);
  }
  const allowed = view.plusOnesAllowed;
  return `<h2>Guests of your own</h2>
<p>Your invitation includes ${allowed === 1 ? 'one guest' : `up to ${allowed} guests`} of your own. Leave a name empty if no one comes.</p>
${slots.join('')}`;
}

function rsvpPage(
  view: RsvpViewDto,
  token: string,
  status: { saved?: boolean; error?: string } = {},
): string {
  const closed = view.closed;
  const invited = view.guests.filter((g) => g.plusOneOf === null && g.invitations.length > 0);
  const deadline = view.deadlineText
    ? closed
      ? `<p class="status error" role="status">Answers closed on ${h(view.deadlineText)}. Please contact the hosts to change anything.</p>`
      : `<p>Please answer by <strong>${h(view.deadlineText)}</strong>. You can change your answers until then.</p>`
    : '';
  const banner = status.error
    ? `<div class="status error" role="alert" id="form-error">${h(status.error)}</div>`
    : status.saved
      ? `<div class="status ok" role="status">Thank you! Your answers are saved.</div>`
      : '';
  const form = closed
    ? ''
    : `<form method="post" action="/rsvp/${h(encodeURIComponent(token))}"${status.error ? ' aria-describedby="form-error"' : ''}>
<h2>Who is coming?</h2>
${invited.map((g) => guestFieldset(view, g, closed)).join('')}
${plusOneFieldsets(view, closed)}
<label for="message">A message to the hosts (optional)</label>
<textarea id="message" name="message" rows="3" maxlength="2000">${h(view.messageToHosts ?? '')}</textarea>
<p><button type="submit">Save our answers</button></p>
</form>`;
  return page(
    `${view.title}: your invitation · SimchaHub`,
    `<header><p>${h(view.hostName)} invites ${h(view.householdName)}</p><h1>${h(view.title)}</h1></header>
<main>
${banner}
${view.message ? `<p class="card">${h(view.message)}</p>` : ''}
${deadline}
<h2>You are invited to</h2>
${view.events.map(eventCard).join('')}
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
    .header('referrer-policy', 'no-referrer')
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
    try {
      const view = await (await callerFor(req, reply)).rsvp.get({ token });
      return send(reply, 200, rsvpPage(view, token, { saved }));
    } catch (error) {
      if (isNotFound(error) || (error instanceof TRPCError && error.code === 'BAD_REQUEST')) {
        return send(reply, 404, notFoundPage());
      }
      throw error;
    }
  });

  app.post(RSVP_PAGE_PATH, async (req, reply) => {
    const { token } = req.params as { token: string };
    const form = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
    const caller = await callerFor(req, reply);
    let view: RsvpViewDto;
    try {
      view = await caller.rsvp.get({ token });
    } catch (error) {
      if (isNotFound(error) || (error instanceof TRPCError && error.code === 'BAD_REQUEST')) {
        return send(reply, 404, notFoundPage());
      }
      throw error;
    }
    try {
      await caller.rsvp.answer(answerFromForm(token, form, view));
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
      if (isNotFound(error)) return send(reply, 404, notFoundPage());
      const code = error.code === 'TOO_MANY_REQUESTS' ? 429 : 400;
      const shown = view.closed || error.code === 'TOO_MANY_REQUESTS' ? view : withEntries(view, form);
      return send(reply, code, rsvpPage(shown, token, { error: publicMessage(error) }));
    }
    return reply
      .code(303)
      .header('referrer-policy', 'no-referrer')
      .header('location', `/rsvp/${encodeURIComponent(token)}?saved=1`)
      .send();
  });
}
