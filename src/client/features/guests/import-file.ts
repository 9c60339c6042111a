/** The dry run's findings (or the import's result), as the dialog shows them. */
export interface ImportPreview {
  columns: { header: string; field: string | null }[];
  rows: { line: number; name: string; errors: string[]; duplicate: string | null }[];
  /** Rows that will be (or were) saved. */
  valid: number;
  invalid: number;
  duplicates: number;
  guests: number;
  households: number;
  /** After a real import: what was saved. */
  imported?: { guests: number; households: number };
}

export type ImportAnswer = { ok: true; preview: ImportPreview } | { ok: false; message: string };

/** POST /api/events/{id}/guests/import (multipart `file`), as a dry run or for real. */
export async function importFile(listId: string, file: File, dryRun: boolean): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file);
  try {
    const response = await fetch(`/api/events/${listId}/guests/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      body,
      credentials: 'include',
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) return { ok: false, message: errorMessageOf(json) ?? 'The file could not be read. Please try again.' };
    return { ok: true, preview: previewOf(json) };
  } catch {
    return { ok: false, message: 'The file could not be sent. Check your connection and try again.' };
  }
}

function errorMessageOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const error = (value as { error?: { message?: unknown; issues?: { message?: unknown }[] } }).error;
  const issue = error?.issues?.[0]?.message;
  if (typeof issue === 'string') return issue;
  return typeof error?.message === 'string' ? error.message : null;
}

/** The server's answer read into the preview's shape. */
function previewOf(json: unknown): ImportPreview {
  // biome-ignore lint/suspicious/noExplicitAny: read defensively below
  const v = (json ?? {}) as any;
  const rows = Array.isArray(v.rows) ? v.rows : [];
  return {
    columns: Array.isArray(v.columns) ? v.columns : [],
    rows: rows.map((row: any) => ({
      line: Number(row.line ?? 0),
      name: String(row.name ?? ''),
      errors: Array.isArray(row.errors) ? row.errors.map((e: any) => String(e?.message ?? e)) : [],
      duplicate: row.duplicate ? String(row.duplicate) : null,
    })),
    valid: Number(v.valid ?? 0),
    invalid: Number(v.invalid ?? 0),
    duplicates: Number(v.duplicates ?? 0),
    guests: Number(v.guests ?? 0),
    households: Number(v.households ?? 0),
    imported: v.imported,
  };
}
