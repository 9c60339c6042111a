import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { startUploadSweeper } from '../../domains/uploads/sweeper';
import { sweepExpiredRows } from '../../expired-rows';
import { createPostgresDb } from '../db/create-db';
import { startMailWorker } from '../mail/worker';
import { startMaintenance } from './maintenance';

/** A logger that keeps what it was told, for asserting that faults were reported and survived. */
function recordingLog() {
  const lines: string[] = [];
  const note = (_details: object, message: string) => lines.push(message);
  return { lines, log: { info: note, warn: note, error: note } };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs when the database is unreachable', () => {
  it('report the failure, keep their schedule and stop cleanly, never ending the process', async () => {
    // Nothing listens on port 9: every statement fails with a refused connection.
    const down = createPostgresDb('postgres://postgres@127.0.0.1:9/none', { max: 1 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const mail = recordingLog();
    const sweep = recordingLog();
    const chores = recordingLog();
    const config = {
      smtpUrl: null,
      mailDir: os.tmpdir(),
      mailFrom: 'a@b.co',
      uploadsDir: os.tmpdir(),
      storage: { driver: 'postgres' as const, root: os.tmpdir(), explicit: true },
    };
    try {
      const worker = startMailWorker({ db: down.db, config, log: mail.log }, { pollIntervalMs: 20 });
      const sweeper = startUploadSweeper(
        { db: down.db, config, now: () => new Date(), log: sweep.log },
        { intervalMs: 20, firstRunMs: 0 },
      );
      const maintenance = startMaintenance(
        { db: down.db, now: () => new Date(), log: chores.log, sweep: sweepExpiredRows },
        20,
      );
      await wait(500);
      await Promise.all([worker.stop(), sweeper.stop(), maintenance.stop()]);

      // The worker looked several times, each failure reported, and went on polling.
      expect(mail.lines.filter((l) => l === 'Could not look at the mail outbox').length).toBeGreaterThan(1);
      expect(sweep.lines.length).toBeGreaterThan(0);
      expect(chores.lines.filter((l) => l === 'maintenance sweep failed').length).toBeGreaterThan(0);
      expect(unhandled).toEqual([]);

      // Stopped means stopped: nothing more is tried.
      const after = mail.lines.length;
      await wait(100);
      expect(mail.lines.length).toBe(after);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await down.db.destroy();
    }
  });
});
