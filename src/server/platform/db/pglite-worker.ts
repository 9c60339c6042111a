/**
 * The embedded database in a thread of its own (decision 022). PGlite runs PostgreSQL compiled to
 * WebAssembly on the thread that calls it: in the server's thread, every statement stopped every
 * other request for as long as it ran. Here it runs beside the server's event loop; the server's
 * thread sends statements and gets rows back (pglite-thread.ts).
 *
 * Statements are answered one at a time, in the order they arrive (PGlite has one session); the
 * server's thread decides that order, a transaction's statements together.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { dumpPglite } from './pglite-dump';
import {
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
  pgliteExtensions,
  serializeError,
} from './pglite-protocol';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port: MessagePort = parentPort;
const { dataDir } = workerData as PgliteWorkerData;
const send = (reply: PgliteReply) => port.postMessage(reply);

let db: PGlite;
try {
  db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: pgliteExtensions });
  send({ op: 'ready' });
} catch (error) {
  send({ op: 'failed', error: serializeError(error) });
  process.exit(1);
}

const listening = new Map<string, () => Promise<void>>();

async function handle(request: PgliteRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const { rows, affectedRows } = await db.query<Record<string, unknown>>(request.sql, request.params);
      send({ op: 'result', id: request.id, result: { rows, ...(affectedRows ? { affectedRows } : {}) } });
      return;
    }
    case 'listen': {
      const { channel } = request;
      if (!listening.has(channel)) {
        listening.set(
          channel,
          await db.listen(channel, (payload) => send({ op: 'notify', channel, payload })),
        );
      }
      send({ op: 'result', id: request.id });
      return;
    }
    case 'unlisten': {
      const off = listening.get(request.channel);
      listening.delete(request.channel);
      if (off) await off();
      send({ op: 'result', id: request.id });
      return;
    }
    case 'dump': {
      send({ op: 'dumped', id: request.id, sql: await dumpPglite(db, request.args) });
      return;
    }
    case 'close': {
      listening.clear();
      if (!db.closed) await db.close();
      send({ op: 'result', id: request.id });
      port.close();
      return;
    }
  }
}

port.on('message', (request: PgliteRequest) => {
  handle(request).catch((error: unknown) =>
    send({ op: 'error', id: request.id, error: serializeError(error) }),
  );
});
