import { type FileStore, isFileNotFound, type OpenedFile } from '../../platform/storage/file-store';

/**
 * A stored file opened to be served, or null when the store has none: opened before answering, so
 * a file deleted meanwhile is a 404 and not a broken stream.
 */
export async function openStored(store: FileStore, key: string): Promise<OpenedFile | null> {
  try {
    return await store.get(key);
  } catch (error) {
    if (isFileNotFound(error)) return null;
    throw error;
  }
}
