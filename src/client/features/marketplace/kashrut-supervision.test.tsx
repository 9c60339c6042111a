import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { PublicKashrutDto } from '../../../shared/schemas/kashrut';
import en from '../../i18n/en';
import { appSystem } from '../../theme';
import { KashrutSupervision, showsKashrut } from './kashrut-supervision';

const stated: PublicKashrutDto = {
  agency: 'ou',
  agencyOther: null,
  agencyLabel: 'OU (Orthodox Union)',
  level: 'meat',
  levelLabel: 'Meat',
  chalavYisrael: false,
  pasYisrael: false,
  glatt: true,
  mehadrin: false,
  shomerShabbat: true,
  standards: ['Glatt', 'Shomer Shabbat'],
  verified: false,
  verifiedOn: null,
};

const draw = (kashrut: PublicKashrutDto | null, category = 'Caterers') =>
  renderToString(
    <IntlProvider locale="en-US" messages={en}>
      <ChakraProvider value={appSystem()}>
        <KashrutSupervision category={category} kashrut={kashrut} />
      </ChakraProvider>
    </IntlProvider>,
  );

describe('a listing’s kashrut on its profile', () => {
  it('says "Verified by SimchaHub on {date}" only while verified', () => {
    const verified = draw({ ...stated, verified: true, verifiedOn: '2027-03-01' });
    expect(verified).toContain('Verified by SimchaHub on March 1, 2027');
    expect(verified).toContain('OU (Orthodox Union)');
    expect(verified).toContain('Shomer Shabbat');
    const own = draw(stated);
    expect(own).toContain('Stated by the business, not yet verified');
    expect(own).not.toContain('Verified by SimchaHub');
  });

  it('says a caterer or venue stating nothing has not stated it yet', () => {
    expect(draw(null)).toContain('This caterer has not stated its kashrut supervision yet.');
    expect(draw(null, 'Venues')).toContain('This venue has not stated its kashrut supervision yet.');
    expect(draw(null)).not.toContain('Verified');
  });

  it('is a section of food listings only', () => {
    expect(showsKashrut({ category: 'Caterers', kashrut: null })).toBe(true);
    expect(showsKashrut({ category: 'Venues' })).toBe(true);
    expect(showsKashrut({ category: 'Caterers', kashrut: { ...stated, verified: true } })).toBe(true);
    expect(showsKashrut({ category: 'Photographers', kashrut: null })).toBe(false);
    expect(showsKashrut({ category: 'Musicians' })).toBe(false);
  });
});
