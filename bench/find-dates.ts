/**
 * "Find a date" benchmark, against the target of issue 28 (a whole year answered in at most 50 ms
 * on the server, p99):
 *
 *   - judgeRange alone (the rest blocks of the year computed once, each date's judgement) and, for
 *     comparison, judgeSlot called for each date of the year (what judgeRange replaces);
 *   - calendar.dates through the procedure (createCaller: the session's user, the settings read,
 *     the input and output checks) for a year, 365 dates, at 19:30 for 4 hours, in Brooklyn (the
 *     caller's home place) and in Jerusalem (placeId), one call at a time after a warm-up;
 *   - GET /api/calendar/dates through the whole server (app.inject: routing, the REST adapter, the
 *     session cookie, JSON), one request at a time;
 *   - the same with autocannon over HTTP on a listening server, one connection, for SECONDS seconds.
 *
 *   npm run bench:find-dates
 *   CALLS (per case; default 300), SECONDS (autocannon; default 10)
 *
 * An embedded database (PGlite) holds the one user and session. Writes bench/results/find-dates-<date>.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createUser } from '../src/server/demo/factories';
import { judgedPlace, observanceOfUser } from '../src/server/domains/observance/observance.service';
import { judgeRange, judgeSlot, observanceFor } from '../src/server/domains/observance/tiers';
import { resolvePlace } from '../src/server/domains/places/places.service';
import { createCaller } from '../src/server/doors/trpc/app-router';
import type { Context } from '../src/server/platform/trpc/context';
import { addDays } from '../src/shared/jewish-calendar';
import { benchSession, embeddedServer, percentiles } from './lib/embedded-server';

const CALLS = Number(process.env.CALLS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARM_UP = 50;
const TARGET_P99_MS = 50;
const FROM = '2027-01-01';
const TO = '2027-12-31';
const TIME = '19:30';
const MINUTES = 240;

async function timeAsync(calls: number, call: () => unknown) {
  for (let i = 0; i < WARM_UP; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

async function main() {
  const load = { before: os.loadavg()[0] };
  const { deps, app, db, close } = await embeddedServer();

  const brooklyn = resolvePlace('Brooklyn, NY');
  const jerusalem = resolvePlace('Jerusalem, Israel');
  if (!brooklyn || !jerusalem) throw new Error('places not found');
  const user = await createUser(db, { name: 'Bench Family' });
  await db.updateTable('users').set({ homePlaceId: brooklyn.id }).where('id', '=', user.id).execute();
  const { session, cookie } = await benchSession(db, user.id);
  const ctx: Context = {
    ...deps,
    user: { ...user, homePlaceId: brooklyn.id },
    session: { id: session.id, expiresAt: session.expiresAt },
    ip: '127.0.0.1',
    userAgent: 'simchahub-bench',
    sessionCookie: { set() {}, clear() {} },
    deviceCookie: { token: null, set() {} },
  };
  const caller = createCaller(ctx);

  // The functions alone, at the home place by the caller's settings.
  const owner = await observanceOfUser(db, user.id);
  const place = judgedPlace(brooklyn);
  const observance = observanceFor(owner.settings, owner.homePlace, brooklyn);
  const slotPerDay = () => {
    for (let date = FROM; date <= TO; date = addDays(date, 1)) {
      judgeSlot({ date, time: TIME, durationMinutes: MINUTES }, place, observance);
    }
  };

  const year = { from: FROM, to: TO, time: TIME, durationMinutes: MINUTES };
  const brooklynAnswer = await caller.calendar.dates(year);
  const jerusalemAnswer = await caller.calendar.dates({ ...year, placeId: jerusalem.id });
  const query = (placeId: number | null) =>
    `/api/calendar/dates?from=${FROM}&to=${TO}&time=${TIME}&durationMinutes=${MINUTES}${placeId ? `&placeId=${placeId}` : ''}`;
  let failures = 0;
  const inject = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) failures++;
  };

  const cases: Record<string, ReturnType<typeof percentiles>> = {
    'judgeRange, Brooklyn, a year': await timeAsync(CALLS, () =>
      judgeRange(FROM, TO, TIME, MINUTES, place, observance),
    ),
    'judgeSlot per date, Brooklyn, a year (replaced)': await timeAsync(Math.min(CALLS, 40), slotPerDay),
    'calendar.dates procedure, Brooklyn (home place), a year': await timeAsync(CALLS, () =>
      caller.calendar.dates(year),
    ),
    'calendar.dates procedure, Jerusalem (placeId), a year': await timeAsync(CALLS, () =>
      caller.calendar.dates({ ...year, placeId: jerusalem.id }),
    ),
    'GET /api/calendar/dates (app.inject), Brooklyn, a year': await timeAsync(CALLS, inject(query(null))),
    'GET /api/calendar/dates (app.inject), Jerusalem, a year': await timeAsync(
      CALLS,
      inject(query(jerusalem.id)),
    ),
  };

  // Over HTTP: autocannon, one connection, a year in Brooklyn.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}${query(null)}`,
      connections: 1,
      duration,
      headers: { cookie },
    });
  await run(2);
  const http = await run(SECONDS);

  await close();

  const result = {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
    loadAverage: { before: load.before, after: os.loadavg()[0] },
    range: { from: FROM, to: TO, time: TIME, durationMinutes: MINUTES },
    answers: {
      brooklyn: { dates: brooklynAnswer.dates.length, forbiddenCount: brooklynAnswer.forbiddenCount },
      jerusalem: { dates: jerusalemAnswer.dates.length, forbiddenCount: jerusalemAnswer.forbiddenCount },
      bytes: JSON.stringify(brooklynAnswer).length,
    },
    targetP99Ms: TARGET_P99_MS,
    cases,
    injectFailures: failures,
    autocannon: {
      path: 'GET /api/calendar/dates, Brooklyn, a year',
      connections: 1,
      seconds: SECONDS,
      requests: http.requests.total,
      requestsPerSecond: Math.round(http.requests.average),
      non2xx: http.non2xx,
      errors: http.errors,
      latencyMs: {
        p50: http.latency.p50,
        p97_5: http.latency.p97_5,
        p99: http.latency.p99,
        max: http.latency.max,
      },
    },
  };
  console.log(JSON.stringify(result, null, 2));
  return result;
}

const result = await main();
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
await writeFile(
  path.join(root, 'bench', 'results', `find-dates-${result.date.slice(0, 10)}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
