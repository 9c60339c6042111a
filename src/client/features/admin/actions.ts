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
export function refusal(error: unknown): string {
  return serverMessage(error) ?? 'The server could not be reached. Check your connection and try again.';
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
