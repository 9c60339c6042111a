import type { Translate } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** How an admin action went, for the dialog that asked for it. */
export type Outcome = { ok: true } | { ok: false; error: unknown };

/** Runs a mutation to its end without throwing: a dialog shows the refusal instead. */
export async function attempt(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The server's sentence for a refused action, for the dialog it was asked from. */
export function refusal(t: Translate, error: unknown): string {
  return serverMessage(error) ?? t('admin.error.unreachable');
}

/**
 * After any admin decision: every admin list and figure on screen is read again (a claim approved
 * changes the claims, the listing's owner, the figures, the feed and the audit log at once), and
 * the marketplace's lists, which a hidden or newly owned listing changes too.
 */
export function useAdminRefresh(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.invalidate();
    void utils.vendors.list.invalidate();
    void utils.vendors.featured.invalidate();
    void utils.vendors.byId.invalidate();
  };
}

/**
 * The submit of a dialog that acts on one record: nothing to act on counts as done; otherwise the call
 * runs, on success `done` says so and closes, and the admin lists are read again either way.
 */
export function useRecordSubmit() {
  const refresh = useAdminRefresh();
  return async <T>(
    target: T | null | undefined,
    run: (target: T) => Promise<unknown>,
    done: (target: T) => void,
  ): Promise<Outcome> => {
    if (!target) return { ok: true };
    const outcome = await attempt(() => run(target));
    if (outcome.ok) done(target);
    refresh();
    return outcome;
  };
}

/** What a dialog opened for one record is given: the record (null while closed) and its state. */
export type RecordDialogProps<Target> = Target & { open: boolean; onClose: () => void };
