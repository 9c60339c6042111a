import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { isolate } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import type { MessageValues } from '../../i18n/use-t';
import { system } from '../../theme';
import { KashrutBadge, kashrutBadgeText as textIn } from './vendor-card';

const intl = createIntl({ locale: 'en-US', messages: en });
const kashrutBadgeText = (badge: Parameters<typeof textIn>[1]) =>
  textIn((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), badge);

describe('the kashrut badge of a vendor card', () => {
  it('names the agency by its short name, or the name typed for another one', () => {
    const until = '2027-03-10T08:00:00Z';
    expect(kashrutBadgeText({ agency: 'ou', agencyOther: null, until })).toBe(
      `Kashrut verified · ${isolate('OU')}`,
    );
    expect(kashrutBadgeText({ agency: 'star-k', agencyOther: null, until })).toBe(
      `Kashrut verified · ${isolate('Star-K')}`,
    );
    expect(kashrutBadgeText({ agency: 'other', agencyOther: 'Vaad of Riverdale', until })).toBe(
      `Kashrut verified · ${isolate('Vaad of Riverdale')}`,
    );
    const drawn = renderToString(
      <IntlProvider locale="en-US" messages={en}>
        <ChakraProvider value={system}>
          <KashrutBadge badge={{ agency: 'ok', agencyOther: null, until }} />
        </ChakraProvider>
      </IntlProvider>,
    );
    expect(drawn).toContain(`Kashrut verified · ${isolate('OK')}`);
  });
});
