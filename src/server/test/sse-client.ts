import type { IncomingHttpHeaders } from 'node:http';
import http from 'node:http';
import { Arrivals } from './arrivals';

/** One server-sent event as a client parses it (comment lines and `retry:` are kept apart). */
export interface SseFrame {
  id: string | null;
  event: string;
  data: string;
}

/** Splits a text/event-stream body into events, comments and retry lines, as EventSource does. */
export class SseParser {
  #buffer = '';
  readonly comments: string[] = [];
  retry: number | null = null;

  push(text: string): SseFrame[] {
    this.#buffer += text;
    const frames: SseFrame[] = [];
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end < 0) break;
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry') this.retry = Number(value);
      }
      if (data.length > 0) frames.push({ id, event, data: data.join('\n') });
    }
    return frames;
  }
}

/** The head of an answer that was not a stream, with its body read. */
export interface SseRefusal {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request to an event stream, read frame by frame: `next()` waits for the next event, and
 * answers null once the server ended the stream. Each request has a connection of its own (no
 * agent): fetch's pool opens a spare connection after an aborted request, which the server then
 * waits on when it closes.
 */
export class SseConnection {
  readonly parser = new SseParser();
  #frames: SseFrame[] = [];
  readonly #arrivals = new Arrivals();
  #closedByUs = false;
  #error: unknown = null;

  private constructor(
    readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.#frames.push(...this.parser.push(chunk));
      this.#arrivals.arrived();
    });
    const end = () => this.#arrivals.end();
    response.once('end', end);
    response.once('close', end);
    const failed = (error: Error) => {
      if (!this.#closedByUs) this.#error = error;
      end();
    };
    response.once('error', failed);
    request.once('error', failed);
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  get headers(): IncomingHttpHeaders {
    return this.response.headers;
  }

  /** A stream when the server answered 200, else its status and body. */
  static open(
    url: string,
    headers: Record<string, string>,
  ): Promise<{ stream: SseConnection; refused: null } | { stream: null; refused: SseRefusal }> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
      request.once('error', reject);
      request.once('response', (response) => {
        request.off('error', reject);
        if (response.statusCode === 200) {
          resolve({ stream: new SseConnection(request, response), refused: null });
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.once('end', () =>
          resolve({
            stream: null,
            refused: { status: response.statusCode ?? 0, headers: response.headers, body },
          }),
        );
        response.once('error', reject);
      });
    });
  }

  /** Whether the server ended the stream (or the connection broke). */
  get ended(): boolean {
    return this.#arrivals.ended;
  }

  get error(): unknown {
    return this.#error;
  }

  /** The next event, or null when the stream ended first; throws after `timeoutMs`. */
  next(timeoutMs: number): Promise<SseFrame | null> {
    return this.#arrivals.next(() => this.#frames.shift(), timeoutMs, 'event');
  }

  /** Waits until the server ends the stream; false if it is still open after `timeoutMs`. */
  endedWithin(timeoutMs: number): Promise<boolean> {
    return this.#arrivals.endedWithin(timeoutMs);
  }

  /** Events received and not yet taken by next(). */
  get pending(): number {
    return this.#frames.length;
  }

  close(): void {
    this.#closedByUs = true;
    this.request.destroy();
  }
}

/**
 * A client that behaves as a browser's EventSource: when the stream ends or breaks it waits the
 * server's `retry` and reconnects with the Last-Event-ID of the last event it received, for as long
 * as it is not closed. Every event is handed to `onEvent` with the time it arrived.
 */
export class ReconnectingSseClient {
  lastEventId: string | null = null;
  /** Connections opened, the first included. */
  connections = 0;
  /** Statuses of refused reconnections (503 while the database restarts, ...). */
  readonly refusals: number[] = [];
  #closed = false;
  #current: SseConnection | null = null;
  readonly #done: Promise<void>;

  constructor(
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly onEvent: (frame: SseFrame, receivedAt: number) => void,
    readonly retryMs = 200,
  ) {
    this.#done = this.#run();
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      try {
        const headers = {
          ...this.headers,
          ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
        };
        const { stream, refused } = await SseConnection.open(this.url, headers);
        this.connections++;
        if (this.#closed) {
          stream?.close();
          break;
        }
        if (!stream) {
          this.refusals.push(refused.status);
        } else {
          this.#current = stream;
          for (;;) {
            const frame = await stream.next(3_600_000);
            if (!frame) break;
            if (frame.id !== null) this.lastEventId = frame.id;
            this.onEvent(frame, performance.now());
          }
          this.#current = null;
        }
      } catch {
        // Connection refused or broken: try again, as EventSource does.
      }
      if (!this.#closed) await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#current?.close();
    await this.#done;
  }
}
