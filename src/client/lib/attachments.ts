import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../shared/constants';
import type { AttachmentDto } from '../../shared/schemas/messages';
import { ATTACHMENT_TYPES, REQUEST_MESSAGES } from '../../shared/schemas/requests';
import type { MessageId } from '../i18n/catalogue';
import { type Translate, useT } from '../i18n/use-t';
import { toast } from './toast';

/** What the file picker offers: the four types of spec section 5. */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf';

/** JPEG, PNG, GIF or PDF, at most 10 MB (spec section 5); checked before anything is sent. */
export function acceptableAttachment(file: File): boolean {
  return (ATTACHMENT_TYPES as readonly string[]).includes(file.type) && file.size <= LIMITS.attachmentBytes;
}

/** '512 B', '34 KB', '2.5 MB', '20.0 GB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/**
 * A failed upload is `retryable` when sending the same file again may work (the connection dropped,
 * the server was busy or failing); a refusal of the file itself (400: not a real JPG, PNG, GIF or
 * PDF; 413: too large; 401, 403) is not, and is offered only for removal.
 */
export type AttachmentUploadResult =
  | { ok: true; attachment: AttachmentDto }
  | { ok: false; aborted: boolean; message: string; retryable: boolean };

/** Whether an upload answered with this HTTP status may succeed if sent again (0: no answer). */
export function retryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export interface AttachmentUpload {
  promise: Promise<AttachmentUploadResult>;
  abort: () => void;
}

function isAttachment(value: unknown): value is AttachmentDto {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.url === 'string' && typeof v.name === 'string';
}

function errorMessageOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const error = (value as { error?: { message?: unknown } }).error;
  return typeof error?.message === 'string' && error.message ? error.message : null;
}

function fallbackMessage(t: Translate, status: number): string {
  if (status === 400) return REQUEST_MESSAGES.attachments;
  const id: MessageId =
    status === 413
      ? 'common.upload.tooLarge'
      : status === 429
        ? 'common.upload.tooMany'
        : status === 401
          ? 'common.upload.sessionEnded'
          : 'common.upload.failed';
  return t(id);
}

/**
 * POST /api/attachments (multipart field `file`), reporting progress from 0 to 100. XMLHttpRequest
 * rather than fetch, which cannot report how much of a request body has been sent.
 */
export function uploadAttachment(
  t: Translate,
  file: File,
  onProgress: (percent: number) => void,
): AttachmentUpload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<AttachmentUploadResult>((resolve) => {
    xhr.open('POST', '/api/attachments');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded * 100) / event.total));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isAttachment(json)) {
        onProgress(100);
        resolve({ ok: true, attachment: json });
      } else {
        resolve({
          ok: false,
          aborted: false,
          message: errorMessageOf(json) ?? fallbackMessage(t, xhr.status),
          retryable: retryableStatus(xhr.status),
        });
      }
    };
    xhr.onerror = () =>
      resolve({
        ok: false,
        aborted: false,
        message: t('common.upload.offline'),
        retryable: true,
      });
    xhr.onabort = () =>
      resolve({ ok: false, aborted: true, message: t('common.upload.cancelled'), retryable: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

export type PickedFileState =
  | { status: 'uploading'; progress: number }
  | { status: 'done'; attachment: AttachmentDto }
  | { status: 'failed'; message: string; retryable: boolean };

export interface PickedFile {
  /** Stable for the list's keys. */
  key: string;
  file: File;
  state: PickedFileState;
}

let nextKey = 0;

export interface SettledUploads {
  /** The uploaded files, in the order they were picked. */
  uploaded: AttachmentDto[];
  /** Some file did not upload (it shows why, with Remove, and Retry where sending it again may work). */
  failed: boolean;
}

function settledOf(files: PickedFile[]): SettledUploads {
  return {
    uploaded: files.flatMap((f) => (f.state.status === 'done' ? [f.state.attachment] : [])),
    failed: files.some((f) => f.state.status === 'failed'),
  };
}

/**
 * Files picked for a message or a request: each is checked (type, size, at most five in all; the
 * rest are refused with the spec's toast) and uploaded at once, with its progress. A send made
 * while files are still on their way waits for them with `settled()`.
 */
export function useAttachmentUploads() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  // The list as it is now, for `settled()`, which reads it after the uploads it waited for.
  const current = useRef<PickedFile[]>([]);
  const uploads = useRef(new Map<string, AttachmentUpload>());
  const t = useT();

  const commit = useCallback((change: (list: PickedFile[]) => PickedFile[]) => {
    current.current = change(current.current);
    setFiles(current.current);
  }, []);

  // Uploads still running when the form goes away are of no use.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const upload of running.values()) upload.abort();
      running.clear();
    };
  }, []);

  const update = useCallback(
    (key: string, state: PickedFileState) => {
      commit((list) => list.map((f) => (f.key === key ? { ...f, state } : f)));
    },
    [commit],
  );

  const start = useCallback(
    (key: string, file: File) => {
      const upload = uploadAttachment(t, file, (progress) => {
        commit((list) =>
          list.map((f) =>
            f.key === key && f.state.status === 'uploading'
              ? { ...f, state: { status: 'uploading', progress } }
              : f,
          ),
        );
      });
      uploads.current.set(key, upload);
      void upload.promise.then((result) => {
        if (uploads.current.get(key) === upload) uploads.current.delete(key);
        if (result.ok) update(key, { status: 'done', attachment: result.attachment });
        else if (!result.aborted)
          update(key, { status: 'failed', message: result.message, retryable: result.retryable });
      });
    },
    [commit, update, t],
  );

  const pick = useCallback(
    (chosen: File[]) => {
      if (chosen.length === 0) return;
      const room = Math.max(0, LIMITS.attachmentsMax - current.current.length);
      const kept = chosen.filter(acceptableAttachment).slice(0, room);
      if (kept.length < chosen.length) toast.error(t('common.upload.rejected'), REQUEST_MESSAGES.attachments);
      if (kept.length === 0) return;
      const added = kept.map((file) => {
        nextKey += 1;
        return {
          key: `file-${nextKey}`,
          file,
          state: { status: 'uploading', progress: 0 } as PickedFileState,
        };
      });
      commit((list) => [...list, ...added]);
      for (const item of added) start(item.key, item.file);
    },
    [commit, start, t],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      uploads.current.delete(key);
      commit((list) => list.filter((f) => f.key !== key));
    },
    [commit],
  );

  const retry = useCallback(
    (key: string) => {
      const item = current.current.find((f) => f.key === key);
      if (!item) return;
      update(key, { status: 'uploading', progress: 0 });
      start(key, item.file);
    },
    [start, update],
  );

  const clear = useCallback(() => {
    for (const upload of uploads.current.values()) upload.abort();
    uploads.current.clear();
    commit(() => []);
  }, [commit]);

  /** Waits for the uploads on their way, then says what there is to send. */
  const settled = useCallback(async (): Promise<SettledUploads> => {
    while (uploads.current.size > 0) {
      await Promise.all([...uploads.current.values()].map((u) => u.promise));
    }
    return settledOf(current.current);
  }, []);

  const now = settledOf(files);
  return {
    files,
    /** Checks and uploads picked files. */
    pick,
    remove,
    retry,
    clear,
    settled,
    uploaded: now.uploaded,
    busy: files.some((f) => f.state.status === 'uploading'),
    failed: now.failed,
    full: files.length >= LIMITS.attachmentsMax,
  };
}
