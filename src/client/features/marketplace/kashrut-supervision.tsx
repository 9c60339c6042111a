import { Badge, HStack, Icon, Stack, Text, Wrap } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { KASHRUT_FLAGS, mayStateKashrut } from '../../../shared/kashrut';
import type { PublicKashrutDto } from '../../../shared/schemas/kashrut';
import { term } from '../../i18n/terms';
import { type Translate, useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';

const DAY_IN_WORDS: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
};

/** '2027-03-01' as 'March 1, 2027' (in the page's language). */
function dayInWords(day: string): string {
  return dateFormat(DAY_IN_WORDS).format(new Date(`${day}T00:00:00Z`));
}

/** Whether a listing's profile has a kashrut section: food listings only (decision 038). */
export function showsKashrut(vendor: { category: string; kashrut?: PublicKashrutDto | null | undefined }) {
  return Boolean(vendor.kashrut) || mayStateKashrut(vendor.category);
}

/** What a food listing that states no supervision says instead: 'This caterer has not stated...'. */
export function kashrutNotStatedText(t: Translate, category: string): string {
  /* value: the stored category picks the noun */
  const noun = category === 'Venues' ? 'venue' : category === 'Caterers' ? 'caterer' : 'business';
  return t('marketplace.kashrut.notStated', { noun });
}

/**
 * A food listing's supervision on its profile: the agency, level and standards, and "Verified by
 * SimchaHub on {date}" only while the verification holds (the server decides, in the listing's zone).
 */
export function KashrutSupervision({
  category,
  kashrut,
}: {
  category: string;
  kashrut: PublicKashrutDto | null | undefined;
}) {
  const t = useT();
  if (!kashrut)
    return (
      <Text color="fg.muted" data-testid="vendor-kashrut">
        {kashrutNotStatedText(t, category)}
      </Text>
    );
  const standards = KASHRUT_FLAGS.filter((f) => kashrut[f.field]).map((f) => term(t, 'kashrutFlag', f.field));
  return (
    <Stack gap="3" data-testid="vendor-kashrut">
      <Stack gap="0">
        <Text fontWeight="semibold">
          {kashrut.agency === 'other' && kashrut.agencyOther ? (
            <bdi>{kashrut.agencyOther}</bdi>
          ) : (
            term(t, 'kashrutAgency', kashrut.agency)
          )}
        </Text>
        <Text color="fg.muted">{term(t, 'kashrutLevel', kashrut.level)}</Text>
      </Stack>
      {standards.length > 0 ? (
        <Wrap gap="2" aria-label={t('marketplace.kashrut.standards')}>
          {standards.map((label) => (
            <Badge key={label} variant="subtle" colorPalette="gray">
              {label}
            </Badge>
          ))}
        </Wrap>
      ) : null}
      {kashrut.verified && kashrut.verifiedOn ? (
        <HStack gap="2" color="green.fg" bg="green.subtle" rounded="lg" px="3" py="2" fontSize="sm">
          <Icon boxSize="4" aria-hidden>
            <ShieldCheck />
          </Icon>
          <Text fontWeight="semibold">
            {t('marketplace.kashrut.verifiedOn', {
              brand: PRODUCT_NAME,
              date: dayInWords(kashrut.verifiedOn),
            })}
          </Text>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('marketplace.kashrut.statedNotVerified')}
        </Text>
      )}
    </Stack>
  );
}
