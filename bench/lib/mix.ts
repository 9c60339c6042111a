import { randomUUID } from 'node:crypto';
import { seededRandom } from '../../src/server/demo/demo-vendors';
import type { Account } from './environment';
import { appErrorOf, type Exchange, HttpClient, jsonOf } from './http';
import {
  type Attempt,
  eventState,
  type Ledger,
  type RowState,
  type SentRequest,
  showsWrite,
  type Table,
  type TrackedRow,
  taskState,
  type Values,
} from './ledger';
import type { Kind, Outcome, Recorder, Sample } from './recorder';

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

const EVENT_TYPES = ['Wedding', 'Bar Mitzvah', 'Bat Mitzvah', 'Sweet 16', 'Graduation', 'Other'] as const;
const VENUES = ['Grand Ballroom', 'Temple Beth El', 'Garden Terrace', 'Riverside Hall', 'Backyard'];
const CATEGORIES = ['Venues', 'Caterers', 'Photographers', 'Musicians', 'Florists'] as const;
const SEARCHES = [
  'studio',
  'kosher',
  'garden',
  'photo',
  'music',
  'catering',
  'hall',
  'flowers',
  'band',
  'goldberg',
];
const SUGGESTIONS = ['gold', 'pho', 'kos', 'flo', 'mus', 'cat', 'ven', 'gar'];
const THINGS = ['band', 'florist', 'photographer', 'caterer', 'invitations', 'hall'];
const NYC = { lat: 40.7128, lng: -74.006 };

/** A day between 2027 and 2029, as YYYY-MM-DD. */
function futureDay(rng: () => number): string {
  const day = new Date(Date.UTC(2027, 0, 1) + Math.floor(rng() * 1000) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A create sent again, with the same Idempotency-Key and body, until it gets an answer. */
interface PendingCreate {
  op: Operation;
  /** How its first attempt was answered. */
  first: Attempt;
  path: string;
  body: Record<string, unknown>;
  key: string;
  tag: string;
  notBefore: number;
  attempts: number;
  /** What the acknowledged answer does (tracks the row or request). */
  onCreated: (exchange: Exchange, sample: Sample) => void;
}

/** One simulated family: its session, the rows it created, and its own random choices. */
export class SimUser {
  readonly rng: () => number;
  readonly events: TrackedRow[] = [];
  readonly tasks: TrackedRow[] = [];
  pending: PendingCreate | null = null;
  /** The family's own keep-alive connection, as a browser tab has; set by each run. */
  client: HttpClient | null = null;
  lastCreate: { path: string; body: Record<string, unknown>; key: string; id: string } | null = null;
  #seq = 0;

  constructor(readonly account: Account) {
    // Seeded, so each family's choices repeat from run to run.
    this.rng = seededRandom(account.index * 7919 + 17);
  }

  connection(): HttpClient {
    if (!this.client) throw new Error('The family is not part of a run');
    return this.client;
  }

  tag(letter: 'e' | 't' | 'r'): string {
    this.#seq++;
    return `u${this.account.index}.${letter}${this.#seq}`;
  }
}

export interface MixContext {
  recorder: Recorder;
  ledger: Ledger;
  vendorIds: readonly string[];
  stopped: () => boolean;
  sleep: (ms: number) => Promise<void>;
}

interface Operation {
  name: string;
  kind: Kind;
  weight: number;
  run: (user: SimUser, ctx: MixContext) => Promise<void>;
}

/** A write whose outcome is unknown: no answer, a 5xx, or an idempotent create still in progress. */
function unanswered(exchange: Exchange): boolean {
  if (exchange.status === null || exchange.status >= 500) return true;
  return exchange.status === 409 && /still being processed/i.test(appErrorOf(exchange)?.message ?? '');
}

async function call(
  ctx: MixContext,
  user: SimUser,
  op: Pick<Operation, 'name' | 'kind'>,
  method: string,
  path: string,
  options: { body?: unknown; key?: string; expect: number[]; retry?: boolean },
): Promise<{ exchange: Exchange; sample: Sample }> {
  const start = ctx.recorder.now();
  const exchange = await user.connection().send(method, path, {
    cookie: user.account.cookie,
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
  let outcome: Outcome;
  let note: string | undefined;
  if (exchange.status !== null && options.expect.includes(exchange.status)) outcome = 'ok';
  else if (
    exchange.status === 503 &&
    appErrorOf(exchange)?.code === 'SERVICE_UNAVAILABLE' &&
    exchange.headers['retry-after'] !== undefined
  ) {
    outcome = 'refused';
  } else {
    outcome = 'error';
    note = exchange.status === null ? `no answer (${exchange.error})` : `unexpected ${exchange.status}`;
  }
  // Paths with ids would make every request its own row: report them by shape.
  const shape = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}').replace(/\?.*$/, '');
  const sample = ctx.recorder.add(
    {
      kind: op.kind,
      op: op.name,
      method,
      path: shape,
      start,
      ms: exchange.ms,
      status: exchange.status ?? exchange.error ?? 'unknown',
      outcome,
      ...(exchange.status !== null && exchange.status >= 400
        ? { reason: appErrorOf(exchange)?.message ?? exchange.body.slice(0, 120) }
        : {}),
      ...(note ? { note } : {}),
      ...(options.retry ? { retry: true } : {}),
    },
    exchange,
  );
  return { exchange, sample };
}

function attemptOf(sample: Sample): Attempt {
  return {
    op: sample.op,
    status: sample.status,
    ...(sample.reason ? { reason: sample.reason } : {}),
    ms: Math.round(sample.ms),
    at: Math.round(sample.start),
  };
}

/** Seconds from Retry-After (at least half a second, at most five), as milliseconds. */
function retryDelay(exchange: Exchange): number {
  const seconds = Number(exchange.headers['retry-after'] ?? 1);
  return Math.min(5000, Math.max(500, (Number.isFinite(seconds) ? seconds : 1) * 1000));
}

/** Sends a create; an unanswered one is kept and sent again with the same key before anything else. */
async function sendCreate(
  ctx: MixContext,
  user: SimUser,
  op: Operation,
  create: Omit<PendingCreate, 'op' | 'notBefore' | 'attempts' | 'first'>,
  retry = false,
): Promise<void> {
  const { exchange, sample } = await call(ctx, user, op, 'POST', create.path, {
    body: create.body,
    key: create.key,
    expect: [201],
    retry,
  });
  const first = retry ? user.pending?.first : undefined;
  if (exchange.status === 201) {
    // The first attempt's answer said it failed or never came, yet it was applied.
    if (first && exchange.headers['idempotent-replayed'] === 'true') {
      ctx.ledger.createReplayed(`${op.name} ${create.tag}`, first);
    }
    user.pending = null;
    create.onCreated(exchange, sample);
    return;
  }
  if (unanswered(exchange)) {
    const attempts = (user.pending?.attempts ?? 0) + 1;
    if (!first) ctx.ledger.createUnanswered(create.tag, attemptOf(sample));
    user.pending = {
      ...create,
      op,
      attempts,
      first: first ?? attemptOf(sample),
      notBefore: ctx.recorder.now() + retryDelay(exchange),
    };
    // The in-progress answer is what a retry during the first attempt should get.
    if (exchange.status === 409) {
      sample.outcome = 'ok';
      sample.note = 'retry while the first attempt was in progress';
    }
    return;
  }
  // Refused for good (a 4xx): nothing was written and a retry would get the same.
  user.pending = null;
}

/** Keeps what an update's answer says about the row, whatever it was. */
async function sendUpdate(
  ctx: MixContext,
  user: SimUser,
  op: Operation,
  row: TrackedRow,
  path: string,
  sent: Values,
): Promise<void> {
  const stateOf = row.table === 'events' ? eventState : taskState;
  // After an update that got no answer, a 409 is what a correct server says if that one was applied.
  const expect = row.possible.length > 0 ? [200, 409] : [200];
  const { exchange, sample } = await call(ctx, user, op, 'PATCH', path, {
    body: { ...sent, version: row.known.version },
    expect,
  });
  if (exchange.status === 200) {
    const state = stateOf(jsonOf(exchange) as Record<string, unknown>);
    if (state.version !== row.known.version + 1 || !showsWrite(state, sent)) {
      ctx.recorder.fail(sample, 'the reply does not show the row as this update wrote it', exchange);
    }
    ctx.ledger.updateAcknowledged(row, state);
  } else if (exchange.status === 409) {
    const current = appErrorOf(exchange)?.current;
    if (current) ctx.ledger.conflictSeen(row, stateOf(current));
    else ctx.recorder.fail(sample, '409 without the current row', exchange);
  } else if (unanswered(exchange)) {
    ctx.ledger.updateUnanswered(
      row,
      { version: row.known.version + 1, values: { ...row.known.values, ...sent } },
      attemptOf(sample),
    );
  }
}

const browse = (
  name: string,
  weight: number,
  path: (user: SimUser, ctx: MixContext) => string,
): Operation => ({
  name,
  kind: 'browse',
  weight,
  run: async (user, ctx) => {
    await call(ctx, user, { name, kind: 'browse' }, 'GET', path(user, ctx), { expect: [200] });
  },
});

function marketplaceQuery(rng: () => number): string {
  const params = new URLSearchParams();
  if (rng() < 0.7) params.set('category', pick(rng, CATEGORIES));
  if (rng() < 0.4) params.set('search', pick(rng, SEARCHES));
  const sortRoll = rng();
  const sort = sortRoll < 0.5 ? 'popular' : sortRoll < 0.7 ? 'rating' : sortRoll < 0.85 ? 'newest' : 'near';
  params.set('sort', sort);
  if (sort === 'near' || rng() < 0.1) {
    params.set('lat', String(NYC.lat));
    params.set('lng', String(NYC.lng));
    params.set('radius_km', '50');
  }
  const pageRoll = rng();
  params.set('page', pageRoll < 0.7 ? '1' : pageRoll < 0.9 ? '2' : '3');
  return `/api/vendors?${params}`;
}

const eventCreate: Operation = {
  name: 'create event',
  kind: 'events',
  weight: 5,
  run: async (user, ctx) => {
    const tag = user.tag('e');
    const type = pick(user.rng, EVENT_TYPES);
    const sent = {
      title: `[${tag}] ${type} of the Bench family ${user.account.index}`,
      venue: pick(user.rng, VENUES),
      notes: `About ${50 + Math.floor(user.rng() * 250)} guests`,
      date: futureDay(user.rng),
    };
    const body = { ...sent, type };
    const key = randomUUID();
    ctx.ledger.createSent('events', tag);
    await sendCreate(ctx, user, eventCreate, {
      path: '/api/events',
      body,
      key,
      tag,
      onCreated: (exchange, sample) => {
        const dto = jsonOf(exchange) as Record<string, unknown>;
        const state = eventState(dto);
        if (state.version !== 1 || !showsWrite(state, sent)) {
          ctx.recorder.fail(sample, 'the reply does not show the event as created', exchange);
        }
        const id = String(dto.id);
        user.events.push(
          ctx.ledger.createAcknowledged({ table: 'events', id, userId: user.account.id, tag, known: state }),
        );
        user.lastCreate = { path: '/api/events', body, key, id };
      },
    });
  },
};

/** An acknowledged row of the family's, or null when it has none yet. */
function someRow(user: SimUser, table: Table): TrackedRow | null {
  const rows = table === 'events' ? user.events : user.tasks;
  return rows.length > 0 ? pick(user.rng, rows) : null;
}

const eventUpdate: Operation = {
  name: 'update event',
  kind: 'events',
  weight: 8,
  run: async (user, ctx) => {
    const row = someRow(user, 'events');
    if (!row) return eventCreate.run(user, ctx);
    const revision = row.known.version + 1;
    await sendUpdate(ctx, user, eventUpdate, row, `/api/events/${row.id}`, {
      title: `[${row.tag}] ${pick(user.rng, EVENT_TYPES)} plans, revision ${revision}`,
      venue: pick(user.rng, VENUES),
      notes: `About ${50 + Math.floor(user.rng() * 250)} guests (revision ${revision})`,
    });
  },
};

/** A deliberate edit from an old copy: the server must refuse it with 409 and the row as it is. */
const staleUpdate: Operation = {
  name: 'stale update (409 expected)',
  kind: 'events',
  weight: 2,
  run: async (user, ctx) => {
    const row = user.events.find((r) => r.known.version >= 2 && r.possible.length === 0);
    if (!row) return eventUpdate.run(user, ctx);
    const { exchange, sample } = await call(ctx, user, staleUpdate, 'PATCH', `/api/events/${row.id}`, {
      body: { version: row.known.version - 1, notes: 'An edit made from an old copy' },
      expect: [409],
    });
    if (exchange.status === 409) {
      const current = appErrorOf(exchange)?.current;
      const state = current ? eventState(current) : null;
      const same =
        state !== null &&
        state.version === row.known.version &&
        Object.entries(row.known.values).every(([k, v]) => state.values[k] === v);
      if (!same) ctx.recorder.fail(sample, 'the 409 does not carry the row as last written', exchange);
    } else if (exchange.status === 200) {
      // Applied although stale: a bug; the row now holds it, so the check expects it.
      ctx.ledger.conflictSeen(row, eventState(jsonOf(exchange) as Record<string, unknown>));
    } else if (unanswered(exchange)) {
      ctx.ledger.updateUnanswered(
        row,
        {
          version: row.known.version + 1,
          values: { ...row.known.values, notes: 'An edit made from an old copy' },
        },
        attemptOf(sample),
      );
    }
  },
};

/** The last create sent again with its key: the first answer must come back, not a second row. */
const replayCreate: Operation = {
  name: 'create again, same key (replay expected)',
  kind: 'events',
  weight: 1,
  run: async (user, ctx) => {
    const last = user.lastCreate;
    if (!last) return eventCreate.run(user, ctx);
    const { exchange, sample } = await call(ctx, user, replayCreate, 'POST', last.path, {
      body: last.body,
      key: last.key,
      expect: [200, 201],
    });
    if (exchange.status === 200 || exchange.status === 201) {
      const id = (jsonOf(exchange) as { id?: unknown } | null)?.id;
      if (exchange.headers['idempotent-replayed'] !== 'true' || id !== last.id) {
        ctx.recorder.fail(
          sample,
          `not a replay of the first answer (id ${String(id)}, first ${last.id})`,
          exchange,
        );
      }
    }
  },
};

const taskCreate: Operation = {
  name: 'create task',
  kind: 'events',
  weight: 6,
  run: async (user, ctx) => {
    const event = someRow(user, 'events');
    if (!event) return eventCreate.run(user, ctx);
    const tag = user.tag('t');
    const sent = { title: `[${tag}] Book the ${pick(user.rng, THINGS)}` };
    ctx.ledger.createSent('tasks', tag);
    await sendCreate(ctx, user, taskCreate, {
      path: `/api/events/${event.id}/tasks`,
      body: { ...sent, dueDate: futureDay(user.rng) },
      key: randomUUID(),
      tag,
      onCreated: (exchange, sample) => {
        const dto = jsonOf(exchange) as Record<string, unknown>;
        const state = taskState(dto);
        if (state.version !== 1 || !showsWrite(state, { ...sent, completed: false })) {
          ctx.recorder.fail(sample, 'the reply does not show the task as created', exchange);
        }
        user.tasks.push(
          ctx.ledger.createAcknowledged({
            table: 'tasks',
            id: String(dto.id),
            userId: user.account.id,
            tag,
            known: state,
          }),
        );
      },
    });
  },
};

const taskToggle: Operation = {
  name: 'toggle task',
  kind: 'events',
  weight: 6,
  run: async (user, ctx) => {
    const row = someRow(user, 'tasks');
    if (!row) return taskCreate.run(user, ctx);
    await sendUpdate(ctx, user, taskToggle, row, `/api/tasks/${row.id}`, {
      completed: !row.known.values.completed,
    });
  },
};

const requestSend: Operation = {
  name: 'send availability request (with its message)',
  kind: 'requests',
  weight: 8,
  run: async (user, ctx) => {
    const vendorId = pick(user.rng, ctx.vendorIds);
    const tag = user.tag('r');
    const date = futureDay(user.rng);
    const guests = 50 + Math.floor(user.rng() * 300);
    const eventType = pick(user.rng, ['Wedding', 'Bar Mitzvah', 'Bat Mitzvah', 'Engagement', 'Other']);
    const message = `[${tag}] Hello! We are planning a ${eventType} for about ${guests} guests on ${date} and would love to know whether you are available.`;
    const event = user.rng() < 0.5 ? someRow(user, 'events') : null;
    const body = {
      eventType,
      date,
      time: '18:00',
      guestCount: guests,
      budgetMin: '1000',
      budgetMax: '5000',
      city: 'Brooklyn',
      message,
      ...(event ? { eventId: event.id } : {}),
    };
    ctx.ledger.createSent('requests', tag);
    await sendCreate(ctx, user, requestSend, {
      path: `/api/vendors/${vendorId}/request-availability`,
      body,
      key: randomUUID(),
      tag,
      onCreated: (exchange, sample) => {
        const dto = jsonOf(exchange) as Record<string, unknown>;
        if (dto.message !== message || dto.vendorId !== vendorId) {
          ctx.recorder.fail(sample, 'the reply does not show the request as sent', exchange);
        }
        const sent: SentRequest = {
          id: String(dto.id),
          userId: user.account.id,
          vendorId,
          threadId: (dto.threadId as string | null) ?? null,
          tag,
          message,
        };
        ctx.ledger.requestAcknowledged(sent);
      },
    });
  },
};

/**
 * The mix, by weight (out of 100): browsing the marketplace 48, planning events 39, availability
 * requests 13. There is no messaging API yet: each availability request writes a message thread and
 * its first message (the request's text), which stands in for sending messages.
 */
export const OPERATIONS: Operation[] = [
  browse('search marketplace', 24, (user) => marketplaceQuery(user.rng)),
  browse('featured vendors', 8, (user) =>
    user.rng() < 0.7 ? '/api/vendors/featured' : `/api/vendors/featured?lat=${NYC.lat}&lng=${NYC.lng}`,
  ),
  browse('vendor page', 12, (user, ctx) => `/api/vendors/${pick(user.rng, ctx.vendorIds)}`),
  browse('search suggestions', 4, (user) => `/api/vendors/suggestions?q=${pick(user.rng, SUGGESTIONS)}`),
  {
    name: 'list events',
    kind: 'events',
    weight: 10,
    run: async (user, ctx) => {
      await call(ctx, user, { name: 'list events', kind: 'events' }, 'GET', '/api/events', { expect: [200] });
    },
  },
  eventCreate,
  eventUpdate,
  staleUpdate,
  replayCreate,
  taskCreate,
  taskToggle,
  requestSend,
  {
    name: 'list requests',
    kind: 'requests',
    weight: 5,
    run: async (user, ctx) => {
      await call(
        ctx,
        user,
        { name: 'list requests', kind: 'requests' },
        'GET',
        '/api/availability-requests',
        {
          expect: [200],
        },
      );
    },
  },
];

const TOTAL_WEIGHT = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);

function chooseOperation(rng: () => number): Operation {
  let roll = rng() * TOTAL_WEIGHT;
  for (const op of OPERATIONS) {
    roll -= op.weight;
    if (roll < 0) return op;
  }
  return OPERATIONS[0] as Operation;
}

export interface LoadOptions {
  baseUrl: string;
  recorder: Recorder;
  ledger: Ledger;
  vendorIds: readonly string[];
  users: readonly SimUser[];
  /** Pause between two actions of one family, uniformly random in [min, max] ms. */
  thinkMs: [number, number];
}

/**
 * The simulated families at work until stop(): each waits a random think time, then does one action
 * of the mix (or first sends again a create that got no answer), one request at a time.
 */
export class LoadRun {
  #stopped = false;
  readonly #wake = new Set<() => void>();
  readonly #done: Promise<unknown>;

  constructor(readonly options: LoadOptions) {
    // One connection per family, as each family is a browser of its own: a pool shared by all would
    // leave some connections idle past the server's keep-alive timeout and race its closing them.
    for (const user of options.users) {
      user.client?.close();
      user.client = new HttpClient(options.baseUrl, { maxSockets: 1 });
    }
    const ctx: MixContext = {
      recorder: options.recorder,
      ledger: options.ledger,
      vendorIds: options.vendorIds,
      stopped: () => this.#stopped,
      sleep: (ms) => this.#sleep(ms),
    };
    this.#done = Promise.all(options.users.map((user) => this.#live(user, ctx)));
  }

  #sleep(ms: number): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#wake.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#wake.add(wake);
    });
  }

  async #live(user: SimUser, ctx: MixContext): Promise<void> {
    const [min, max] = this.options.thinkMs;
    const think = () => min + user.rng() * (max - min);
    // Families arrive spread over one think time, not all in the same millisecond.
    await ctx.sleep(user.rng() * max);
    while (!this.#stopped) {
      const pending = user.pending;
      if (pending) {
        await ctx.sleep(pending.notBefore - ctx.recorder.now());
        if (this.#stopped) break;
        await sendCreate(ctx, user, pending.op, pending, true);
      } else {
        await chooseOperation(user.rng).run(user, ctx);
      }
      await ctx.sleep(think());
    }
  }

  /** Lets every family finish the request it is in, then returns. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const wake of [...this.#wake]) wake();
    await this.#done;
    for (const user of this.options.users) user.client?.close();
  }
}

/** Polls /api/health on a connection of its own, recording each answer's status and time. */
export class HealthProbe {
  readonly samples: { start: number; ms: number; status: number | string; body: string }[] = [];
  #stopped = false;
  readonly #done: Promise<void>;

  constructor(client: HttpClient, recorder: Recorder, intervalMs: number) {
    this.#done = (async () => {
      while (!this.#stopped) {
        const start = recorder.now();
        const exchange = await client.send('GET', '/api/health', { timeoutMs: 10_000 });
        this.samples.push({
          start,
          ms: exchange.ms,
          status: exchange.status ?? exchange.error ?? 'unknown',
          body: exchange.body.slice(0, 200),
        });
        const wait = intervalMs - exchange.ms;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    })();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#done;
  }

  /** The first 200 answer to a probe sent at or after `from` (ms on the recorder's clock). */
  firstOkAfter(from: number) {
    return this.samples.find((s) => s.start >= from && s.status === 200) ?? null;
  }

  between(from: number, to: number) {
    return this.samples.filter((s) => s.start >= from && s.start < to);
  }
}

export type { RowState };
