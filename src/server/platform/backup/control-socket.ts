import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { DbHandle } from '../db/create-db';
import type { FileStore } from '../storage/file-store';
import { type BackupResult, writeBackup } from './backup';

/*
 * The embedded database belongs to the server's process: another process cannot open its data
 * directory while the server runs. `cli.js backup` asks the running server instead, through a unix
 * socket in DATA_DIR that only the server's user may open (decision 042). The client sends one line,
 * `backup`; the server dumps, then answers `OK` and the archive, or `ERROR <reason>`.
 */

export const CONTROL_SOCKET = 'control.sock';

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET);
}

/** Whether a server answers on the socket (a file left by a crashed server does not). */
export function socketAnswers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(file);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ControlSocket {
  close(): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

function readLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) {
        socket.off('data', onData);
        socket.pause();
        resolve(text.slice(0, end));
      } else if (text.length > 1000) {
        reject(new Error('request too long'));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('closed before a request')));
  });
}

/**
 * Listens on DATA_DIR/control.sock for backups of this server's embedded database and files.
 * A socket left by a crashed server is replaced; one a running server answers on is refused.
 */
export async function listenForBackups(deps: {
  dataDir: string;
  handle: DbHandle;
  store: FileStore;
  log: Log;
}): Promise<ControlSocket> {
  const file = controlSocketPath(deps.dataDir);
  if (await socketAnswers(file)) {
    throw new Error(`Another server answers on ${file}: two servers cannot share one DATA_DIR`);
  }
  await rm(file, { force: true });
  let running: Promise<unknown> | null = null;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    void readLine(socket)
      .then(async (request) => {
        if (request.trim() !== 'backup') {
          socket.end(`ERROR unknown request\n`);
          return;
        }
        if (running) {
          socket.end('ERROR a backup is running already\n');
          return;
        }
        const backup: Promise<BackupResult> = writeBackup(deps.handle, deps.store, {
          workDir: deps.dataDir,
          open: () => {
            socket.write('OK\n');
            return socket;
          },
        });
        running = backup;
        try {
          const { checksums } = await backup;
          deps.log.info(
            { files: checksums.fileCount, heldMs: checksums.databaseHeldMs },
            `Backup sent: ${checksums.fileCount} files; the database was held for ${checksums.databaseHeldMs} ms`,
          );
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          deps.log.error({ err: reason }, 'Backup failed');
          if (socket.bytesWritten === 0) socket.end(`ERROR ${reason.replace(/\n/g, ' ')}\n`);
          else socket.destroy();
        } finally {
          running = null;
        }
      })
      .catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(file, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(file, { force: true });
    },
  };
}
