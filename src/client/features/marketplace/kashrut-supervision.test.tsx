import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicKashrutDto } from '../../../shared/schemas/kashrut';
import { system } from '../../theme';
import { KashrutSupervision } from './kashrut-supervision';

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

const draw = (kashrut: PublicKashrutDto) =>
  renderToString(
    <ChakraProvider value={system}>
      <KashrutSupervision kashrut={kashrut} />
    </ChakraProvider>,
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
});
