import { beforeEach } from 'vitest';
import { setLocalizer, setPageMessages } from './i18n/message-text';
import { setFormatLocale } from './lib/intl';

/*
 * The quick tests share their modules from file to file (vitest.config.ts, isolate: false): a page
 * drawn in Hebrew by one file leaves the screen's format locale in Hebrew (lib/intl.ts), and its
 * translator and the server sentences' localizer in place (i18n/message-text.ts). Every test starts
 * from English, the default, with neither, and sets another itself when it needs one.
 */
beforeEach(() => {
  setFormatLocale('en-US');
  setPageMessages(null);
  setLocalizer(null);
});
