import { Badge, Box, Grid, type GridProps, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, CalendarClock, Check, MailCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminClaimDto, ClaimEvidenceDto } from '../../../shared/schemas/claims';
import { CapsLabel } from '../../components/caps-label';
import { Pill } from './parts';

type Tone = 'green' | 'yellow' | 'red' | 'gray';

const DOMAIN_MATCH: Record<ClaimEvidenceDto['domainMatch'], { tone: Tone; label: string; detail: string }> = {
  website: {
    tone: 'green',
    label: 'Matches the website',
    detail: "The business e-mail is at the listing's website domain.",
  },
  'contact-email': {
    tone: 'green',
    label: 'Matches the contact e-mail',
    detail: "The business e-mail shares its domain with the listing's contact e-mail.",
  },
  none: {
    tone: 'red',
    label: 'No match',
    detail: "The business e-mail's domain is neither the listing's website nor its contact e-mail's.",
  },
  'free-mail': {
    tone: 'yellow',
    label: 'Free e-mail provider',
    detail: 'Anyone can open an address there (Gmail, Yahoo, Outlook...): it proves nothing about ownership.',
  },
  'no-listing': {
    tone: 'gray',
    label: 'New business',
    detail: 'There is no listing to compare with: approving creates one.',
  },
};

const EMAIL_CONFIRMED: Record<
  NonNullable<ClaimEvidenceDto['emailConfirmed']>,
  { tone: Tone; label: string; detail: string }
> = {
  'business-email': {
    tone: 'green',
    label: 'Business e-mail confirmed',
    detail: 'The claimant opened a link mailed to the business e-mail: that mailbox is theirs.',
  },
  'account-email': {
    tone: 'yellow',
    label: 'Another address confirmed',
    detail:
      'The claimant confirmed their account’s address, which is not the business e-mail: the business e-mail is unproven.',
  },
  none: {
    tone: 'yellow',
    label: 'Not confirmed',
    detail: 'The claimant has not opened a confirmation link yet: no address of theirs is proven.',
  },
};

/** A young account claiming a business is worth a second look. */
const YOUNG_ACCOUNT_DAYS = 7;

function daysText(days: number): string {
  if (days <= 0) return 'Created today';
  return `${days} day${days === 1 ? '' : 's'} old`;
}

/**
 * What the server worked out when the claim came in (decision 014): the e-mail domain check, what
 * the claimant's confirmed e-mail proves (decision 030), the competing claims then and now, and the
 * claimant's account age.
 */
export function ClaimEvidence({ claim }: { claim: AdminClaimDto }) {
  const evidence = claim.evidence;
  const match = evidence ? DOMAIN_MATCH[evidence.domainMatch] : null;
  const confirmed = evidence?.emailConfirmed ? EMAIL_CONFIRMED[evidence.emailConfirmed] : null;
  const competingNow = claim.competingClaimsNow;
  return (
    <Grid
      templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }}
      gap="3"
      data-testid="claim-evidence"
    >
      <EvidenceItem
        icon={<MailCheck aria-hidden size={18} />}
        title="E-mail domain"
        badge={<VerdictBadge verdict={match} />}
      >
        {match ? match.detail : 'This claim came in before evidence was recorded.'}
        <Text as="span" display="block" mt="1" overflowWrap="anywhere" color="fg">
          {claim.businessEmail}
        </Text>
      </EvidenceItem>
      <EvidenceItem
        icon={<BadgeCheck aria-hidden size={18} />}
        title="Confirmed e-mail"
        badge={<VerdictBadge verdict={confirmed} />}
      >
        {confirmed ? confirmed.detail : 'This claim came in before e-mail addresses were confirmed.'}
      </EvidenceItem>
      <EvidenceItem
        icon={<Users aria-hidden size={18} />}
        title="Competing claims"
        badge={
          <ToneBadge tone={competingNow > 0 ? 'yellow' : 'green'}>
            {competingNow > 0 ? `${competingNow} pending now` : 'None pending'}
          </ToneBadge>
        }
      >
        {evidence
          ? `${evidence.competingClaims} other pending claim${evidence.competingClaims === 1 ? '' : 's'} when submitted.`
          : 'Not recorded when submitted.'}
        {competingNow > 0 && claim.status === 'pending' ? ' Approving this claim rejects the others.' : null}
      </EvidenceItem>
      <EvidenceItem
        icon={<CalendarClock aria-hidden size={18} />}
        title="Account age"
        badge={
          evidence ? (
            <ToneBadge tone={evidence.accountAgeDays < YOUNG_ACCOUNT_DAYS ? 'yellow' : 'green'}>
              {daysText(evidence.accountAgeDays)}
            </ToneBadge>
          ) : (
            <ToneBadge tone="gray">Not checked</ToneBadge>
          )
        }
      >
        {evidence
          ? evidence.accountAgeDays < YOUNG_ACCOUNT_DAYS
            ? 'A new account: check the ownership proof with care.'
            : 'The account was opened well before the claim.'
          : 'Not recorded when submitted.'}
        <Text as="span" display="block" mt="1" color="fg" overflowWrap="anywhere">
          {claim.userName} · {claim.userEmail}
        </Text>
      </EvidenceItem>
    </Grid>
  );
}

function EvidenceItem({
  icon,
  title,
  badge,
  children,
}: {
  icon: ReactNode;
  title: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box borderWidth="1px" borderColor="border" rounded="lg" p="3" minW="0">
      <HStack gap="2" color="brand.fg" mb="2">
        {icon}
        <Text fontWeight="semibold" fontSize="sm" color="brand.950">
          {title}
        </Text>
      </HStack>
      {badge}
      <Text fontSize="sm" color="fg.muted" mt="2">
        {children}
      </Text>
    </Box>
  );
}

/** A recorded verdict's badge, or 'Not checked' for a claim that came in before it was recorded. */
function VerdictBadge({ verdict }: { verdict: { tone: Tone; label: string } | null }) {
  return verdict ? (
    <ToneBadge tone={verdict.tone}>{verdict.label}</ToneBadge>
  ) : (
    <ToneBadge tone="gray">Not checked</ToneBadge>
  );
}

function ToneBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Pill palette={tone}>{children}</Pill>;
}

interface CompareRow {
  label: string;
  claim: string | null;
  listing: string | null;
}

const normal = (v: string | null) => (v ?? '').trim().toLowerCase().replace(/\/+$/, '');

/**
 * The claim's business details beside the listing as it is now, field by field, with a mark where
 * they agree. For a new business there is nothing to compare with.
 */
export function ClaimComparison({ claim }: { claim: AdminClaimDto }) {
  const listing = claim.listing;
  const rows: CompareRow[] = [
    { label: 'Business name', claim: claim.businessName, listing: listing?.businessName ?? null },
    { label: 'E-mail', claim: claim.businessEmail, listing: listing?.contactEmail ?? null },
    { label: 'Phone', claim: claim.businessPhone, listing: listing?.contactPhone ?? null },
    { label: 'Website', claim: claim.businessWebsite, listing: listing?.website ?? null },
    {
      label: 'Address',
      claim: claim.businessAddress,
      listing: listing ? [listing.address, listing.city].filter(Boolean).join(', ') || null : null,
    },
  ];
  return (
    <Box layerStyle="framed" data-testid="claim-comparison">
      <CompareLine bg="bg.muted" gap="3" display={{ base: 'none', md: 'grid' }} aria-hidden>
        {['Field', 'The claim says', listing ? 'The listing now' : 'No listing yet'].map((title) => (
          <CapsLabel key={title} color="fg.muted">
            {title}
          </CapsLabel>
        ))}
      </CompareLine>
      <Stack as="dl" gap="0" separator={<Box borderTopWidth="1px" borderColor="border" />}>
        {rows.map((row) => {
          const same = listing !== null && row.claim !== null && normal(row.claim) === normal(row.listing);
          return (
            <CompareLine key={row.label} gap={{ base: '1', md: '3' }} fontSize="sm">
              <Text as="dt" fontWeight="semibold" color="brand.950">
                {row.label}
              </Text>
              <Box as="dd" minW="0" wordBreak="break-word">
                <Text as="span" srOnly>
                  The claim says:{' '}
                </Text>
                {row.claim || (
                  <Text as="span" color="fg.muted">
                    Not given
                  </Text>
                )}
              </Box>
              <Box
                as="dd"
                minW="0"
                wordBreak="break-word"
                color={listing ? undefined : 'fg.muted'}
                display="flex"
                flexWrap="wrap"
                alignItems="center"
                columnGap="2"
              >
                <Text as="span" display={{ base: 'inline', md: 'none' }} textStyle="caption">
                  Listing now:{' '}
                </Text>
                <Text as="span" srOnly display={{ base: 'none', md: 'inline' }}>
                  The listing now:{' '}
                </Text>
                {listing
                  ? row.listing || (
                      <Text as="span" color="fg.muted">
                        Not set
                      </Text>
                    )
                  : '—'}
                {same ? (
                  <Badge colorPalette="green" variant="subtle" size="sm" rounded="full">
                    <Check aria-hidden />
                    Same
                  </Badge>
                ) : null}
              </Box>
            </CompareLine>
          );
        })}
      </Stack>
    </Box>
  );
}

/** A line of the comparison: the field's name, then the claim's and the listing's values. */
function CompareLine(props: GridProps) {
  return (
    <Grid
      templateColumns={{ base: '1fr', md: '8rem minmax(0, 1fr) minmax(0, 1fr)' }}
      px="3"
      py="2"
      {...props}
    />
  );
}
