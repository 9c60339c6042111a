import { beforeEach } from 'vitest';
import { setFormatLocale } from './lib/intl';

/*
 * The quick tests share their modules from file to file (vitest.config.ts, isolate: false): a page
 * drawn in Hebrew by one file leaves the screen's format locale in Hebrew (lib/intl.ts). Every test
 * starts from English, the default, and sets another itself when it needs one.
 */
beforeEach(() => setFormatLocale('en-US'));
