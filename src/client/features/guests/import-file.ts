import type { GuestImportPreviewDto, GuestImportResultDto } from '../../../shared/schemas/guests';
import type { MessageId } from '../../i18n/catalogue';
import type { CodedMessage } from '../../i18n/message-text';
import { codedMessage } from '../../lib/errors';

/**
 * A refusal's message: the server's (with its code, for the reader's language) or, when the server
 * said nothing, a catalogue id; either is shown through messageText.
 */
export type ImportAnswer<T> = { ok: true; value: T } | { ok: false; message: CodedMessage | MessageId };

interface ImportOptions {
  /** Events of the list the guests are invited to besides the main event. */
  invitedTo?: string[];
  /** Rows that repeat a guest are imported too. */
  includeDuplicates?: boolean;
}

/** POST /api/events/{id}/guests/import (multipart `file`): the dry run's preview. */
export function previewImport(listId: string, file: File): Promise<ImportAnswer<GuestImportPreviewDto>> {
  return send(listId, file, new URLSearchParams({ dryRun: 'true' }));
}

/** POST /api/events/{id}/guests/import (multipart `file`): the import, in one transaction. */
export function runImport(
  listId: string,
  file: File,
  { invitedTo = [], includeDuplicates = false }: ImportOptions,
): Promise<ImportAnswer<GuestImportResultDto>> {
  const query = new URLSearchParams();
  if (invitedTo.length > 0) query.set('invitedTo', invitedTo.join(','));
  if (includeDuplicates) query.set('includeDuplicates', 'true');
  return send(listId, file, query);
}

async function send<T>(listId: string, file: File, query: URLSearchParams): Promise<ImportAnswer<T>> {
  const body = new FormData();
  body.append('file', file);
  const search = query.size > 0 ? `?${query}` : '';
  try {
    const response = await fetch(`/api/events/${listId}/guests/import${search}`, {
      method: 'POST',
      body,
      credentials: 'include',
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      return { ok: false, message: errorMessageOf(json) ?? 'guests.import.readFailed' };
    }
    return { ok: true, value: json as T };
  } catch {
    return { ok: false, message: 'guests.import.sendFailed' };
  }
}

/** The refusal's message with its code, else its first field message. */
function errorMessageOf(value: unknown): CodedMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const error = (value as { error?: { message?: unknown; issues?: { message?: unknown }[] } }).error;
  if (typeof error?.message === 'string') return codedMessage(error.message, error);
  const issue = error?.issues?.[0];
  return typeof issue?.message === 'string' ? codedMessage(issue.message, issue) : null;
}
