import { Badge, Box, Grid, type GridProps, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, CalendarClock, Check, MailCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminClaimDto, ClaimEvidenceDto } from '../../../shared/schemas/claims';
import { CapsLabel } from '../../components/caps-label';
import { TruncatedText } from '../../components/truncated-text';
import type { MessageId } from '../../i18n/catalogue';
import { type Translate, useT } from '../../i18n/use-t';
import { Pill } from './parts';

type Tone = 'green' | 'yellow' | 'red' | 'gray';

/** A recorded verdict: its badge's colour and word, and what it means. */
interface Verdict {
  tone: Tone;
  label: MessageId;
  detail: MessageId;
}

const DOMAIN_MATCH: Record<ClaimEvidenceDto['domainMatch'], Verdict> = {
  website: {
    tone: 'green',
    label: 'admin.evidence.domain.website',
    detail: 'admin.evidence.domain.websiteDetail',
  },
  'contact-email': {
    tone: 'green',
    label: 'admin.evidence.domain.contactEmail',
    detail: 'admin.evidence.domain.contactEmailDetail',
  },
  none: {
    tone: 'red',
    label: 'admin.evidence.domain.none',
    detail: 'admin.evidence.domain.noneDetail',
  },
  'free-mail': {
    tone: 'yellow',
    label: 'admin.evidence.domain.freeMail',
    detail: 'admin.evidence.domain.freeMailDetail',
  },
  'no-listing': {
    tone: 'gray',
    label: 'admin.evidence.domain.noListing',
    detail: 'admin.evidence.domain.noListingDetail',
  },
};

const EMAIL_CONFIRMED: Record<NonNullable<ClaimEvidenceDto['emailConfirmed']>, Verdict> = {
  'business-email': {
    tone: 'green',
    label: 'admin.evidence.confirmed.businessEmail',
    detail: 'admin.evidence.confirmed.businessEmailDetail',
  },
  'account-email': {
    tone: 'yellow',
    label: 'admin.evidence.confirmed.accountEmail',
    detail: 'admin.evidence.confirmed.accountEmailDetail',
  },
  none: {
    tone: 'yellow',
    label: 'admin.evidence.confirmed.none',
    detail: 'admin.evidence.confirmed.noneDetail',
  },
};

/** A young account claiming a business is worth a second look. */
const YOUNG_ACCOUNT_DAYS = 7;

function daysText(t: Translate, days: number): string {
  if (days <= 0) return t('admin.evidence.age.today');
  return t('admin.evidence.age.days', { count: days, days: String(days) });
}

/**
 * What the server worked out when the claim came in (decision 014): the e-mail domain check, what
 * the claimant's confirmed e-mail proves (decision 030), the competing claims then and now, and the
 * claimant's account age.
 */
export function ClaimEvidence({ claim }: { claim: AdminClaimDto }) {
  const t = useT();
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
        title={t('admin.evidence.domain.title')}
        badge={<VerdictBadge verdict={match} />}
        values={[claim.businessEmail]}
      >
        {match ? t(match.detail) : t('admin.evidence.domain.notRecorded')}
      </EvidenceItem>
      <EvidenceItem
        icon={<BadgeCheck aria-hidden size={18} />}
        title={t('admin.evidence.confirmed.title')}
        badge={<VerdictBadge verdict={confirmed} />}
      >
        {confirmed ? t(confirmed.detail) : t('admin.evidence.confirmed.notRecorded')}
      </EvidenceItem>
      <EvidenceItem
        icon={<Users aria-hidden size={18} />}
        title={t('admin.evidence.competing.title')}
        badge={
          <ToneBadge tone={competingNow > 0 ? 'yellow' : 'green'}>
            {competingNow > 0
              ? t('admin.evidence.competing.pendingNow', { count: competingNow })
              : t('admin.evidence.competing.nonePending')}
          </ToneBadge>
        }
      >
        {evidence
          ? t('admin.evidence.competing.whenSubmitted', { count: evidence.competingClaims })
          : t('admin.evidence.notRecorded')}
        {competingNow > 0 && claim.status === 'pending'
          ? ` ${t('admin.evidence.competing.approvingRejects')}`
          : null}
      </EvidenceItem>
      <EvidenceItem
        icon={<CalendarClock aria-hidden size={18} />}
        title={t('admin.evidence.age.title')}
        badge={
          evidence ? (
            <ToneBadge tone={evidence.accountAgeDays < YOUNG_ACCOUNT_DAYS ? 'yellow' : 'green'}>
              {daysText(t, evidence.accountAgeDays)}
            </ToneBadge>
          ) : (
            <ToneBadge tone="gray">{t('admin.evidence.notChecked')}</ToneBadge>
          )
        }
        values={[claim.userName, claim.userEmail]}
      >
        {evidence
          ? evidence.accountAgeDays < YOUNG_ACCOUNT_DAYS
            ? t('admin.evidence.age.young')
            : t('admin.evidence.age.old')
          : t('admin.evidence.notRecorded')}
      </EvidenceItem>
    </Grid>
  );
}

/**
 * One piece of evidence: its verdict, what it means, and the values it is about (an address, the
 * claimant's name), each on one line in its own direction, ending in an ellipsis when the card is
 * too narrow for it rather than breaking mid-address.
 */
function EvidenceItem({
  icon,
  title,
  badge,
  values = [],
  children,
}: {
  icon: ReactNode;
  title: string;
  badge: ReactNode;
  values?: string[];
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
      {values.map((value) => (
        <TruncatedText key={value} fontSize="sm" color="fg" mt="1">
          {value}
        </TruncatedText>
      ))}
    </Box>
  );
}

/** A recorded verdict's badge, or 'Not checked' for a claim that came in before it was recorded. */
function VerdictBadge({ verdict }: { verdict: Verdict | null }) {
  const t = useT();
  return verdict ? (
    <ToneBadge tone={verdict.tone}>{t(verdict.label)}</ToneBadge>
  ) : (
    <ToneBadge tone="gray">{t('admin.evidence.notChecked')}</ToneBadge>
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
  const t = useT();
  const listing = claim.listing;
  const rows: CompareRow[] = [
    {
      label: t('common.field.businessName'),
      claim: claim.businessName,
      listing: listing?.businessName ?? null,
    },
    {
      label: t('admin.evidence.compare.email'),
      claim: claim.businessEmail,
      listing: listing?.contactEmail ?? null,
    },
    { label: t('common.field.phone'), claim: claim.businessPhone, listing: listing?.contactPhone ?? null },
    { label: t('common.field.website'), claim: claim.businessWebsite, listing: listing?.website ?? null },
    {
      label: t('common.field.address'),
      claim: claim.businessAddress,
      listing: listing ? [listing.address, listing.city].filter(Boolean).join(', ') || null : null,
    },
  ];
  return (
    <Box layerStyle="framed" data-testid="claim-comparison">
      <CompareLine bg="bg.muted" gap="3" display={{ base: 'none', md: 'grid' }} aria-hidden>
        {[
          t('admin.evidence.compare.field'),
          t('admin.evidence.compare.claimSays'),
          listing ? t('admin.evidence.compare.listingNow') : t('admin.evidence.compare.noListing'),
        ].map((title) => (
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
              <Box as="dd" minW="0">
                <Text as="span" srOnly>
                  {t('admin.evidence.compare.claimSaysLabel')}{' '}
                </Text>
                {row.claim ? (
                  <CompareValue>{row.claim}</CompareValue>
                ) : (
                  <Text as="span" color="fg.muted">
                    {t('admin.evidence.compare.notGiven')}
                  </Text>
                )}
              </Box>
              <Box
                as="dd"
                minW="0"
                color={listing ? undefined : 'fg.muted'}
                display="flex"
                flexWrap="wrap"
                alignItems="center"
                columnGap="2"
              >
                <Text as="span" display={{ base: 'inline', md: 'none' }} textStyle="caption">
                  {t('admin.evidence.compare.listingNowShort')}{' '}
                </Text>
                <Text as="span" srOnly display={{ base: 'none', md: 'inline' }}>
                  {t('admin.evidence.compare.listingNowLabel')}{' '}
                </Text>
                {listing ? (
                  row.listing ? (
                    <CompareValue>{row.listing}</CompareValue>
                  ) : (
                    <Text as="span" color="fg.muted">
                      {t('admin.evidence.compare.notSet')}
                    </Text>
                  )
                ) : (
                  '—'
                )}
                {same ? (
                  <Badge colorPalette="green" variant="subtle" size="sm" rounded="full">
                    <Check aria-hidden />
                    {t('admin.evidence.compare.same')}
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

/**
 * A value of the comparison as someone typed it (an address, a website), in its own direction, on
 * one line that ends in an ellipsis where the column is too narrow (the whole value on hover and
 * focus), rather than breaking mid-address.
 */
function CompareValue({ children }: { children: string }) {
  return (
    <TruncatedText minW="0" maxW="full">
      {children}
    </TruncatedText>
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
