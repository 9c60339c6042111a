import type { Db } from '../../src/server/platform/db/create-db';

/** Fields the benchmark writes and checks, as plain comparable values. */
export type Values = Record<string, string | boolean | null>;

export interface RowState {
  version: number;
  values: Values;
}

export type Table = 'events' | 'tasks';

/** An event or task a simulated family created, with what the server last acknowledged about it. */
export interface TrackedRow {
  table: Table;
  id: string;
  userId: string;
  tag: string;
  /** The row as the last acknowledged write left it (or as a 409 reported it). */
  known: RowState;
  /**
   * Updates sent after `known` that got no answer (503, reset, timeout): each may or may not have
   * been applied, so the row may hold any one of them instead.
   */
  possible: (RowState & { attempt: Attempt })[];
}

/** How a write that was not acknowledged was answered. */
export interface Attempt {
  op: string;
  /** HTTP status, or the socket error when no answer came. */
  status: number | string;
  reason?: string;
  ms: number;
  /** ms on the run's clock when it was sent. */
  at: number;
}

/** A write that was not acknowledged (503, no answer) but is in the database all the same. */
export interface CommittedUnanswered {
  what: string;
  attempt: Attempt;
  /** How it came to light: a 409 on the next edit, a replayed create, or the final check. */
  seenBy: string;
}

export interface SentRequest {
  id: string;
  userId: string;
  vendorId: string;
  threadId: string | null;
  tag: string;
  message: string;
}

/** A tag of the form [u12.e3] that starts every title and message the benchmark writes. */
export const TAG = /^\[(u\d+\.[etr]\d+)\]/;

/** 'YYYY-MM-DD' of a date from JSON (ISO string) or from the database (Date). */
export function dayOf(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.slice(0, 10);
  return null;
}

export function eventState(row: Record<string, unknown>): RowState {
  return {
    version: Number(row.version),
    values: {
      title: row.title as string,
      venue: (row.venue as string | null) ?? null,
      notes: (row.notes as string | null) ?? null,
      date: dayOf(row.date),
    },
  };
}

export function taskState(row: Record<string, unknown>): RowState {
  return {
    version: Number(row.version),
    values: { title: row.title as string, completed: Boolean(row.completed) },
  };
}

export function sameState(a: RowState, b: RowState): boolean {
  if (a.version !== b.version) return false;
  const keys = new Set([...Object.keys(a.values), ...Object.keys(b.values)]);
  for (const key of keys) if (a.values[key] !== b.values[key]) return false;
  return true;
}

/** Whether the values a reply shows are the ones the request wrote (fields it did not send aside). */
export function showsWrite(reply: RowState, sent: Values): boolean {
  return Object.entries(sent).every(([key, value]) => reply.values[key] === value);
}

export interface VerifyReport {
  /** Acknowledged writes whose effect was looked for in the database. */
  writesChecked: number;
  rowsChecked: number;
  lost: number;
  lostDetails: { what: string; expected: unknown; found: unknown }[];
  /** Rows or requests written twice from one create (one tag, two rows). */
  duplicates: number;
  duplicateDetails: { table: string; tag: string; rows: number }[];
  /** Rows carrying a tag no create of the run sent (none expected). */
  strays: number;
  /**
   * Writes answered as failed or not answered: how many there were, and how many the database holds
   * anyway (allowed for writes that got no answer; misleading for a 503 that said to try again).
   */
  unanswered: {
    creates: number;
    updates: number;
    /** Creates never acknowledged (no retry got an answer) whose row exists. */
    createsLeftCommitted: number;
    committed: number;
    committedDetails: CommittedUnanswered[];
  };
}

/**
 * Every write the server acknowledged (creates with their values; the last acknowledged update of
 * each row with its version), checked against the database after the run: a row missing, at another
 * version or with other values than the last acknowledged write is a lost write, unless it matches
 * a later write that got no answer.
 */
export class Ledger {
  readonly rows = new Map<string, TrackedRow>();
  readonly requests: SentRequest[] = [];
  /** Tags of creates sent, and whether one of their attempts was acknowledged. */
  readonly creates = new Map<
    string,
    { table: Table | 'requests'; acknowledged: boolean; unanswered?: Attempt; settled?: boolean }
  >();
  acknowledgedCreates = 0;
  acknowledgedUpdates = 0;
  unansweredUpdates = 0;
  unansweredCreates = 0;
  /** Writes answered as failed (or not answered) that the database holds anyway. */
  readonly committedUnanswered: CommittedUnanswered[] = [];

  createSent(table: Table | 'requests', tag: string): void {
    if (!this.creates.has(tag)) this.creates.set(tag, { table, acknowledged: false });
  }

  createAcknowledged(row: Omit<TrackedRow, 'possible'>): TrackedRow {
    const tracked = { ...row, possible: [] };
    this.rows.set(row.id, tracked);
    this.#acknowledge(row.tag);
    return tracked;
  }

  requestAcknowledged(request: SentRequest): void {
    this.requests.push(request);
    this.#acknowledge(request.tag);
  }

  #acknowledge(tag: string): void {
    const entry = this.creates.get(tag);
    if (entry && !entry.acknowledged) {
      entry.acknowledged = true;
      this.acknowledgedCreates++;
    }
  }

  updateAcknowledged(row: TrackedRow, state: RowState): void {
    row.known = state;
    row.possible = [];
    this.acknowledgedUpdates++;
  }

  updateUnanswered(row: TrackedRow, state: RowState, attempt: Attempt): void {
    row.possible.push({ ...state, attempt });
    this.unansweredUpdates++;
  }

  /**
   * A 409 told the row as it is now: that is what the next check expects. When it is one of the
   * unanswered updates, that update was applied although its answer said otherwise.
   */
  conflictSeen(row: TrackedRow, current: RowState): void {
    const applied = row.possible.find((p) => sameState(current, p));
    if (applied) {
      this.committedUnanswered.push({
        what: `${row.table} ${row.id} ${row.tag} update to version ${applied.version}`,
        attempt: applied.attempt,
        seenBy: 'a 409 on the next edit showed it applied',
      });
    }
    row.known = current;
    row.possible = [];
  }

  createUnanswered(tag: string, attempt: Attempt): void {
    this.unansweredCreates++;
    const entry = this.creates.get(tag);
    if (entry) entry.unanswered = attempt;
  }

  /** A create sent again with its key got the first attempt's answer: that attempt had been applied. */
  createReplayed(what: string, attempt: Attempt): void {
    this.committedUnanswered.push({ what, attempt, seenBy: 'the retry with the same key was a replay' });
  }

  async verify(db: Db, userIds: string[]): Promise<VerifyReport> {
    const report: VerifyReport = {
      writesChecked: this.acknowledgedCreates + this.acknowledgedUpdates,
      rowsChecked: 0,
      lost: 0,
      lostDetails: [],
      duplicates: 0,
      duplicateDetails: [],
      strays: 0,
      unanswered: {
        creates: this.unansweredCreates,
        updates: this.unansweredUpdates,
        createsLeftCommitted: 0,
        committed: 0,
        committedDetails: [],
      },
    };
    const lose = (what: string, expected: unknown, found: unknown) => {
      report.lost++;
      if (report.lostDetails.length < 30) report.lostDetails.push({ what, expected, found });
    };
    const users = userIds.length > 0 ? userIds : ['00000000-0000-0000-0000-000000000000'];

    const events = await db
      .selectFrom('events')
      .select(['id', 'version', 'title', 'venue', 'notes', 'date'])
      .where('userId', 'in', users)
      .execute();
    const tasks = await db
      .selectFrom('tasks')
      .innerJoin('events', 'events.id', 'tasks.eventId')
      .select(['tasks.id', 'tasks.version', 'tasks.title', 'tasks.completed'])
      .where('events.userId', 'in', users)
      .execute();
    const found = new Map<string, RowState>();
    for (const e of events) found.set(e.id, eventState(e));
    for (const t of tasks) found.set(t.id, taskState(t));

    for (const row of this.rows.values()) {
      report.rowsChecked++;
      const actual = found.get(row.id);
      if (!actual) {
        lose(`${row.table} ${row.id} ${row.tag} missing`, row.known, null);
        continue;
      }
      if (sameState(actual, row.known)) continue;
      const applied = row.possible.find((p) => sameState(actual, p));
      if (applied) {
        // Settled: later checks (the fault runs check after each) expect this state.
        this.committedUnanswered.push({
          what: `${row.table} ${row.id} ${row.tag} update to version ${applied.version}`,
          attempt: applied.attempt,
          seenBy: 'the check after the run found it applied',
        });
        row.known = actual;
        row.possible = [];
        continue;
      }
      lose(`${row.table} ${row.id} ${row.tag}`, { known: row.known, possible: row.possible }, actual);
    }

    // Creates: one row per tag, whether its answer came or not.
    const rowsPerTag = new Map<string, { table: string; count: number }>();
    const countTag = (table: string, text: string) => {
      const tag = TAG.exec(text)?.[1];
      if (!tag) return;
      const entry = rowsPerTag.get(tag) ?? { table, count: 0 };
      entry.count++;
      rowsPerTag.set(tag, entry);
    };
    for (const e of events) countTag('events', e.title);
    for (const t of tasks) countTag('tasks', t.title);

    const requests = await db
      .selectFrom('availabilityRequests')
      .select(['id', 'userId', 'vendorId', 'threadId', 'message'])
      .where('userId', 'in', users)
      .execute();
    for (const r of requests) countTag('availability_requests', r.message);
    const messages = await db
      .selectFrom('messages')
      .select(['threadId', 'messageText'])
      .where('senderId', 'in', users)
      .execute();
    const requestById = new Map(requests.map((r) => [r.id, r]));
    const messagesByThread = new Map<string, string[]>();
    for (const m of messages) {
      const list = messagesByThread.get(m.threadId);
      if (list) list.push(m.messageText);
      else messagesByThread.set(m.threadId, [m.messageText]);
    }
    for (const sent of this.requests) {
      report.rowsChecked++;
      const actual = requestById.get(sent.id);
      if (!actual) {
        lose(`availability request ${sent.id} ${sent.tag} missing`, sent, null);
        continue;
      }
      if (
        actual.message !== sent.message ||
        actual.vendorId !== sent.vendorId ||
        actual.userId !== sent.userId
      ) {
        lose(`availability request ${sent.id} ${sent.tag}`, sent, actual);
        continue;
      }
      // The request's text is the first message of its thread (the messaging stand-in).
      const inThread = (messagesByThread.get(actual.threadId ?? '') ?? []).filter((t) => t === sent.message);
      if (inThread.length !== 1) lose(`message of request ${sent.id} ${sent.tag}`, 1, inThread.length);
    }

    for (const [tag, entry] of this.creates) {
      const { table, acknowledged, unanswered } = entry;
      const count = rowsPerTag.get(tag)?.count ?? 0;
      if (count > 1) {
        report.duplicates++;
        report.duplicateDetails.push({ table, tag, rows: count });
      }
      // An acknowledged create's row was looked for above, by id.
      if (!acknowledged && count > 0) {
        report.unanswered.createsLeftCommitted++;
        if (unanswered && !entry.settled) {
          entry.settled = true;
          this.committedUnanswered.push({
            what: `${table} create ${tag}`,
            attempt: unanswered,
            seenBy: 'the check after the run found its row; no retry got an answer',
          });
        }
      }
    }
    for (const tag of rowsPerTag.keys()) if (!this.creates.has(tag)) report.strays++;
    report.unanswered.committed = this.committedUnanswered.length;
    report.unanswered.committedDetails = [...this.committedUnanswered];
    return report;
  }
}
