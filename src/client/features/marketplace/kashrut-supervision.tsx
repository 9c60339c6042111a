import { Badge, HStack, Icon, Stack, Text, Wrap } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { mayStateKashrut } from '../../../shared/kashrut';
import type { PublicKashrutDto } from '../../../shared/schemas/kashrut';

/** '2027-03-01' as 'March 1, 2027'. */
function dayInWords(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Whether a listing's profile has a kashrut section: food listings only (decision 038). */
export function showsKashrut(vendor: { category: string; kashrut?: PublicKashrutDto | null | undefined }) {
  return Boolean(vendor.kashrut) || mayStateKashrut(vendor.category);
}

/** What a food listing that states no supervision says instead: 'This caterer has not stated...'. */
export function kashrutNotStatedText(category: string): string {
  const noun = category === 'Venues' ? 'venue' : category === 'Caterers' ? 'caterer' : 'business';
  return `This ${noun} has not stated its kashrut supervision yet. Ask them about it before you book.`;
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
  if (!kashrut)
    return (
      <Text color="fg.muted" data-testid="vendor-kashrut">
        {kashrutNotStatedText(category)}
      </Text>
    );
  return (
    <Stack gap="3" data-testid="vendor-kashrut">
      <Stack gap="0">
        <Text fontWeight="semibold">{kashrut.agencyLabel}</Text>
        <Text color="fg.muted">{kashrut.levelLabel}</Text>
      </Stack>
      {kashrut.standards.length > 0 ? (
        <Wrap gap="2" aria-label="Standards">
          {kashrut.standards.map((label) => (
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
          <Text fontWeight="semibold">{`Verified by SimchaHub on ${dayInWords(kashrut.verifiedOn)}`}</Text>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Stated by the business, not yet verified
        </Text>
      )}
    </Stack>
  );
}
