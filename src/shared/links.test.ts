import { describe, expect, it } from 'vitest';
import { isAppPath } from './links';

describe('isAppPath', () => {
  it('accepts paths of the app', () => {
    for (const link of ['/', '/messages?thread=1', '/vendor-dashboard?tab=messages&thread=2', '/a/b//c']) {
      expect(isAppPath(link), link).toBe(true);
    }
  });

  it('refuses anything a browser could read as another site', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'messages',
      '',
      ' /messages',
      '/\t/evil.example',
      '/\n/evil.example',
      '/messages\u0000',
    ]) {
      expect(isAppPath(link), JSON.stringify(link)).toBe(false);
    }
  });
});
