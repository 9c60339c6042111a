import { describe, expect, it } from 'vitest';
import { retryableStatus } from './attachments';

describe('a failed attachment upload', () => {
  it('is retried only where sending the same file again may work', () => {
    // No answer, a timeout, too many uploads, a server failure: try again.
    for (const status of [0, 408, 429, 500, 503]) expect(retryableStatus(status), String(status)).toBe(true);
    // The file itself refused (a text file named .jpg, too large), or not allowed: only Remove.
    for (const status of [400, 401, 403, 413, 415])
      expect(retryableStatus(status), String(status)).toBe(false);
  });
});
