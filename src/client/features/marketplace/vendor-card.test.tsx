import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import type { MessageValues } from '../../i18n/use-t';
import { appSystem } from '../../theme';
import { KashrutBadge, kashrutBadgeText as textIn } from './vendor-card';

const intl = createIntl({ locale: 'en-US', messages: en });
const kashrutBadgeText = (badge: Parameters<typeof textIn>[2]) =>
  textIn((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), String, badge);

describe('the kashrut badge of a vendor card', () => {
  it('names the agency by its short name, or the name typed for another one', () => {
    const until = '2027-03-10T08:00:00Z';
    expect(kashrutBadgeText({ agency: 'ou', agencyOther: null, until })).toBe('Kashrut verified · OU');
    expect(kashrutBadgeText({ agency: 'star-k', agencyOther: null, until })).toBe(
      'Kashrut verified · Star-K',
    );
    expect(kashrutBadgeText({ agency: 'other', agencyOther: 'Vaad of Riverdale', until })).toBe(
      'Kashrut verified · Vaad of Riverdale',
    );
    const drawn = renderToString(
      <IntlProvider locale="en-US" messages={en}>
        <ChakraProvider value={appSystem()}>
          <KashrutBadge badge={{ agency: 'ok', agencyOther: null, until }} />
        </ChakraProvider>
      </IntlProvider>,
    );
    expect(drawn).toContain('Kashrut verified · OK');
  });
});
