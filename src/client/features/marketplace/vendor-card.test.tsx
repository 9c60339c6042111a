import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import { KashrutBadge, kashrutBadgeText } from './vendor-card';

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
      <ChakraProvider value={system}>
        <KashrutBadge badge={{ agency: 'ok', agencyOther: null, until }} />
      </ChakraProvider>,
    );
    expect(drawn).toContain('Kashrut verified · OK');
  });
});
