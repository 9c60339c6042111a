import http from 'node:http';
import https from 'node:https';

/** What one HTTP exchange gave: an answer, or the socket error that took its place. */
export interface Exchange {
  /** null when no answer came (refused, reset, timed out). */
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The socket error's code (ECONNREFUSED, ECONNRESET, TIMEOUT, ...) when there was no answer. */
  error: string | null;
  ms: number;
}

export interface SendOptions {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A small keep-alive HTTP client on node:http. Not fetch: a benchmark on two shared cores wants the
 * cheapest client, and the fault runs need the exact socket error (refused, reset) of each request.
 */
export class HttpClient {
  readonly #agent: http.Agent;
  readonly #host: string;
  readonly #port: number;
  readonly #request: typeof http.request;

  /** An https:// base is the benchmark's own proxy (BENCH_PROXY), whose self-signed certificate it accepts. */
  constructor(baseUrl: string, options: { maxSockets?: number } = {}) {
    const url = new URL(baseUrl);
    this.#host = url.hostname;
    const secure = url.protocol === 'https:';
    this.#port = Number(url.port || (secure ? 443 : 80));
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? Number.POSITIVE_INFINITY };
    this.#agent = secure
      ? new https.Agent({ ...agentOptions, rejectUnauthorized: false })
      : new http.Agent(agentOptions);
    this.#request = secure ? https.request : http.request;
  }

  send(method: string, path: string, options: SendOptions = {}): Promise<Exchange> {
    const started = performance.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve) => {
      let settled = false;
      const finish = (exchange: Omit<Exchange, 'ms'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...exchange, ms: performance.now() - started });
      };
      const req = this.#request(
        { host: this.#host, port: this.#port, method, path, headers, agent: this.#agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            finish({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              error: null,
            }),
          );
          // The server closed the socket in the middle of the body: as good as no answer.
          res.on('error', (err: NodeJS.ErrnoException) =>
            finish({ status: null, headers: {}, body: '', error: err.code ?? err.message }),
          );
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      req.on('error', (err: NodeJS.ErrnoException) =>
        finish({ status: null, headers: {}, body: '', error: err.code ?? err.message }),
      );
      req.end(payload);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** The body as JSON, or null when it is not JSON. */
export function jsonOf(exchange: Exchange): unknown {
  try {
    return JSON.parse(exchange.body);
  } catch {
    return null;
  }
}

/** The app's error body ({ error: { code, message, current? } }), when the answer is one. */
export function appErrorOf(
  exchange: Exchange,
): { code: string; message: string; current?: Record<string, unknown> } | null {
  const body = jsonOf(exchange) as {
    error?: { code?: unknown; message?: unknown; current?: unknown };
  } | null;
  const error = body?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return null;
  return {
    code: error.code,
    message: error.message,
    ...(typeof error.current === 'object' && error.current !== null
      ? { current: error.current as Record<string, unknown> }
      : {}),
  };
}
