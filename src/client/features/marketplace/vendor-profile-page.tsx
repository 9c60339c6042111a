import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Grid,
  Heading,
  HStack,
  Icon,
  Link,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  ArrowLeft,
  Clock,
  ExternalLink,
  Lock,
  Mail,
  MapPin,
  MessageCircle,
  Pencil,
  Phone,
  Store,
} from 'lucide-react';
import { lazy, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RESPONSE_FIGURES_DAYS } from '../../../shared/responsiveness';
import type { ResponsivenessDto } from '../../../shared/schemas/analytics';
import type { VendorView } from '../../../shared/schemas/vendors';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { LinkButton } from '../../components/link-button';
import { PageTitle } from '../../components/page-title';
import { UploadedImage } from '../../components/uploaded-image';
import { useDocumentTitle } from '../../components/use-document-title';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { preloadOn, WhenOpened } from '../../lib/lazy-with-preload';
import { useCurrentUser } from '../../lib/session';
import { StaticPart } from '../../lib/static-part';
import { trpc } from '../../lib/trpc';
import type { ClaimListingState } from '../vendor-dashboard/claim-listing-page';
import { KashrutSupervision, showsKashrut } from './kashrut-supervision';
import {
  LoginToContactDialog,
  RequestAvailabilityDialog,
  StartThreadDialog,
  VendorFormDialog,
  VendorReviews,
} from './lazy-dialogs';
import { hasContactDetails } from './use-marketplace';
import { RatingLine, VerifiedMark } from './vendor-card';
import { VendorCover } from './vendor-cover';

/** /vendor/:id: loading, the profile, or 'Vendor Not Found' (spec section 4). */
// The calendar below the fold: its own chunk, loaded when it nears the viewport.
const VendorAvailability = lazy(async () => ({
  default: (await import('./vendor-availability')).VendorAvailability,
}));

/** Mounts its children once they come within a screen of the viewport. */
function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = spot.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={spot}>{near ? children : fallback}</div>;
}

export function VendorProfilePage() {
  const { id = '' } = useParams();
  const t = useT();
  const vendor = trpc.vendors.byId.useQuery({ id });
  useDocumentTitle(
    vendor.data?.businessName ??
      (vendor.isError ? t('marketplace.profile.notFound') : t('marketplace.profile.vendor')),
  );

  return (
    <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
      {vendor.isPending ? (
        <ProfileSkeleton />
      ) : vendor.isLoadingError ? (
        <Box py={{ base: '4', md: '6' }}>
          <EmptyPanel
            icon={<PanelIcon icon={Store} />}
            title={t('marketplace.profile.notFound')}
            description={t('marketplace.profile.notFoundDescription')}
          >
            <LinkButton to="/marketplace">{t('marketplace.profile.back')}</LinkButton>
          </EmptyPanel>
        </Box>
      ) : (
        <VendorProfile vendor={vendor.data} />
      )}
    </Container>
  );
}

type Dialog = 'request' | 'login' | 'message' | 'edit' | null;

function VendorProfile({ vendor }: { vendor: VendorView }) {
  const t = useT();
  const iso = useIsolate();
  const { user } = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const location = [vendor.address, vendor.city, vendor.state].filter(Boolean);
  const full = hasContactDetails(vendor) ? vendor : null;
  // The owner edits on their dashboard; an admin edits any listing in place.
  const ownerVendor = full !== null && user?.role === 'vendor' && user.id === full.ownerId;
  const adminEdit = full !== null && user?.role === 'admin';

  // What a visitor only reads (names, words, pictures, links) is kept as the server drew it; the
  // cover (which hides a picture that fails), the calendar, the contact card and the reviews are the
  // app's (decision 049).
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <StaticPart>
        <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" color="fg.muted">
          <RouterLink to="/marketplace">
            <DirectionalIcon>
              <ArrowLeft />
            </DirectionalIcon>
            {t('marketplace.profile.back')}
          </RouterLink>
        </Button>
      </StaticPart>

      <Box>
        {/* The hero is the page's first picture: fetched at once. The category art keeps its
            drawing whole and centred in the wide box, where a cropped illustration would show a fragment. */}
        <VendorCover
          vendor={vendor}
          sizes="(min-width: 72em) 1088px, 100vw"
          alt={t('marketplace.profile.coverAlt', { name: iso(vendor.businessName) })}
          priority
          iconSize={{ base: '14', md: '20' }}
          ringPadding={{ base: '5', md: '7' }}
          rounded="2xl"
          h={{ base: '48', md: '72' }}
          borderWidth="1px"
          borderColor="border"
          data-testid="vendor-cover"
        />
        <Flex
          direction={{ base: 'column', md: 'row' }}
          gap={{ base: '3', md: '6' }}
          align="flex-start"
          px={{ base: '2', md: '6' }}
          mt={{ base: '-10', md: '-14' }}
          position="relative"
        >
          <StaticPart>
            <Box
              boxSize={{ base: '20', md: '28' }}
              rounded="2xl"
              overflow="hidden"
              bg="bg"
              borderWidth="4px"
              borderColor="bg"
              shadow="md"
              flexShrink="0"
            >
              {vendor.logoUrl ? (
                <UploadedImage
                  src={vendor.logoUrl}
                  sizes="(min-width: 48em) 112px, 80px"
                  alt={t('marketplace.profile.logoAlt', { name: iso(vendor.businessName) })}
                  w="full"
                  h="full"
                />
              ) : (
                <Flex w="full" h="full" align="center" justify="center" bg="brand.subtle" color="brand.fg">
                  <Icon boxSize="10">
                    <Store />
                  </Icon>
                </Flex>
              )}
            </Box>
            {/* The logo overlaps the cover; the name starts under the cover's bottom edge, never on it. */}
            <Stack gap="2" pt={{ md: '16' }} minW="0" flex="1">
              <PageTitle>
                <bdi>{vendor.businessName}</bdi>
              </PageTitle>
              {vendor.nameHe ? (
                <Text lang="he" dir="rtl" color="fg.muted" fontSize="lg">
                  {vendor.nameHe}
                </Text>
              ) : null}
              <HStack gap="3" wrap="wrap">
                <Badge colorPalette="brand" variant="solid" rounded="full" px="2.5">
                  {term(t, 'category', vendor.category)}
                </Badge>
                {vendor.neighborhood ? (
                  <HStack gap="1" color="fg.muted" fontSize="sm">
                    <Icon boxSize="4" aria-hidden>
                      <MapPin />
                    </Icon>
                    <Text>
                      <bdi>{vendor.neighborhood}</bdi>
                    </Text>
                  </HStack>
                ) : null}
                {vendor.verified ? <VerifiedMark size="md" /> : null}
                <RatingLine vendor={vendor} />
              </HStack>
            </Stack>
          </StaticPart>
          {ownerVendor ? (
            <Button
              asChild
              variant="outline"
              bg="bg"
              flexShrink="0"
              mt={{ md: '16' }}
              data-testid="edit-listing"
            >
              <RouterLink to={`/vendor-dashboard?listing=${vendor.id}`}>
                <Pencil />
                {t('marketplace.profile.editListing')}
              </RouterLink>
            </Button>
          ) : adminEdit ? (
            <Button
              variant="outline"
              bg="bg"
              flexShrink="0"
              mt={{ md: '16' }}
              onClick={() => setDialog('edit')}
              {...preloadOn(VendorFormDialog)}
              data-testid="edit-listing"
            >
              <Pencil />
              {t('marketplace.profile.editListing')}
            </Button>
          ) : null}
        </Flex>
      </Box>

      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }}
        gap={{ base: '6', lg: '8' }}
        alignItems="start"
      >
        <Stack gap="6" minW="0">
          <StaticPart>
            <InfoCard title={t('marketplace.profile.about')}>
              {vendor.descriptionRich ? (
                <Box
                  className="vendor-description"
                  dir="auto"
                  color="fg"
                  lineHeight="tall"
                  css={{
                    '& p': { marginBottom: '3' },
                    '& ul, & ol': { paddingInlineStart: '5', marginBottom: '3' },
                    '& ul': { listStyleType: 'disc' },
                    '& ol': { listStyleType: 'decimal' },
                    '& a': { color: 'brand.fg', textDecoration: 'underline' },
                    '& h2, & h3': { fontWeight: 'semibold', marginBottom: '2' },
                  }}
                  // descriptionRich is sanitised by the server; nothing else is ever rendered as HTML.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML
                  dangerouslySetInnerHTML={{ __html: vendor.descriptionRich }}
                />
              ) : (
                <Text
                  color={vendor.description ? 'fg' : 'fg.muted'}
                  whiteSpace="pre-line"
                  lineHeight="tall"
                  dir={vendor.description ? 'auto' : undefined}
                >
                  {vendor.description || t('marketplace.profile.noDescription')}
                </Text>
              )}
            </InfoCard>
            {vendor.galleryImages.length > 0 ? (
              <InfoCard title={t('marketplace.profile.gallery')}>
                <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
                  {vendor.galleryImages.map((src, i) => (
                    <UploadedImage
                      key={src}
                      src={src}
                      sizes="(min-width: 48em) 33vw, 50vw"
                      alt={t('marketplace.profile.photoAlt', { name: iso(vendor.businessName), n: i + 1 })}
                      w="full"
                      rounded="lg"
                      aspectRatio={4 / 3}
                      loading="lazy"
                    />
                  ))}
                </SimpleGrid>
              </InfoCard>
            ) : null}
          </StaticPart>
          <InfoCard title={t('marketplace.profile.availability')}>
            <WhenNear fallback={<Box h="64" />}>
              <TakenOverSuspense fallback={<Box h="64" />}>
                <VendorAvailability vendorId={vendor.id} />
              </TakenOverSuspense>
            </WhenNear>
          </InfoCard>
        </Stack>

        <Stack gap="6">
          {showsKashrut(vendor) ? (
            <StaticPart>
              <InfoCard title={t('marketplace.profile.kashrut')}>
                <KashrutSupervision category={vendor.category} kashrut={vendor.kashrut} />
              </InfoCard>
            </StaticPart>
          ) : null}
          <InfoCard title={t('marketplace.profile.contact')}>
            <Stack gap="3">
              {vendor.responsiveness ? <Responsiveness figures={vendor.responsiveness} /> : null}
              {!user ? (
                <Button size="lg" onClick={() => setDialog('login')} {...preloadOn(LoginToContactDialog)}>
                  {t('marketplace.request.action')}
                </Button>
              ) : user.role === 'customer' ? (
                <>
                  <Button
                    size="lg"
                    onClick={() => setDialog('request')}
                    {...preloadOn(RequestAvailabilityDialog)}
                  >
                    {t('marketplace.request.action')}
                  </Button>
                  <Button
                    size="lg"
                    variant="outline"
                    onClick={() => setDialog('message')}
                    {...preloadOn(StartThreadDialog)}
                  >
                    <MessageCircle />
                    {t('marketplace.profile.message')}
                  </Button>
                  {vendor.claimed ? null : (
                    <Alert.Root status="info" variant="subtle" rounded="lg" size="sm">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>{t('marketplace.profile.unclaimed')}</Alert.Description>
                        <Link
                          asChild
                          mt="1"
                          fontSize="sm"
                          fontWeight="semibold"
                          color="inherit"
                          textDecoration="underline"
                        >
                          <RouterLink
                            to="/claim-listing"
                            state={{ listing: vendor } satisfies ClaimListingState}
                            data-testid="claim-this-listing"
                          >
                            {t('marketplace.profile.claim')}
                          </RouterLink>
                        </Link>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                </>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('marketplace.profile.customersOnly')}
                </Text>
              )}
              <ContactActions vendor={vendor} onLogin={() => setDialog('login')} />
            </Stack>
          </InfoCard>
          {location.length > 0 ? (
            <StaticPart>
              <InfoCard title={t('marketplace.profile.location')}>
                <HStack gap="3" align="flex-start">
                  <Icon boxSize="5" color="brand.fg" mt="0.5" aria-hidden>
                    <MapPin />
                  </Icon>
                  <Stack gap="0.5" fontSize="sm">
                    {vendor.address ? (
                      <Text>
                        <bdi>{vendor.address}</bdi>
                      </Text>
                    ) : null}
                    {vendor.city || vendor.state ? (
                      <Text>
                        <bdi>{[vendor.city, vendor.state].filter(Boolean).join(', ')}</bdi>
                      </Text>
                    ) : null}
                  </Stack>
                </HStack>
              </InfoCard>
            </StaticPart>
          ) : null}
        </Stack>
      </Grid>

      {/* Below the fold, in its own chunk, loaded once the profile has painted. */}
      <TakenOverSuspense fallback={<Skeleton h="40" rounded="xl" />}>
        <VendorReviews vendorId={vendor.id} businessName={vendor.businessName} />
      </TakenOverSuspense>

      {adminEdit && full ? (
        <WhenOpened open={dialog === 'edit'}>
          <VendorFormDialog open={dialog === 'edit'} onClose={() => setDialog(null)} vendor={full} />
        </WhenOpened>
      ) : null}
      {user?.role === 'customer' ? (
        <WhenOpened open={dialog === 'message'}>
          <StartThreadDialog open={dialog === 'message'} onClose={() => setDialog(null)} vendor={vendor} />
        </WhenOpened>
      ) : null}
      {user?.role === 'customer' ? (
        <WhenOpened open={dialog === 'request'}>
          <RequestAvailabilityDialog
            open={dialog === 'request'}
            onClose={() => setDialog(null)}
            vendor={vendor}
          />
        </WhenOpened>
      ) : null}
      <WhenOpened open={dialog === 'login'}>
        <LoginToContactDialog
          open={dialog === 'login'}
          onClose={() => setDialog(null)}
          vendorName={vendor.businessName}
        />
      </WhenOpened>
    </Stack>
  );
}

/** "Usually responds within an hour · 92% response rate", once the listing has enough requests. */
function responseTime(minutes: number | null): MessageId | null {
  if (minutes === null) return null;
  if (minutes <= 60) return 'marketplace.profile.respondsHour';
  if (minutes <= 3 * 60) return 'marketplace.profile.respondsHours';
  if (minutes <= 24 * 60) return 'marketplace.profile.respondsDay';
  if (minutes <= 3 * 24 * 60) return 'marketplace.profile.respondsDays';
  return 'marketplace.profile.respondsLater';
}

function Responsiveness({ figures }: { figures: ResponsivenessDto }) {
  const t = useT();
  const typical = responseTime(figures.medianResponseMinutes);
  return (
    <HStack
      gap="2"
      align="flex-start"
      bg="green.subtle"
      color="green.fg"
      rounded="lg"
      px="3"
      py="2.5"
      fontSize="sm"
      data-testid="vendor-responsiveness"
    >
      <Icon boxSize="4" mt="0.5" flexShrink="0" aria-hidden>
        <Clock />
      </Icon>
      <Stack gap="0">
        {typical ? <Text fontWeight="semibold">{t(typical)}</Text> : null}
        <Text>
          {t('marketplace.profile.responseRate', { rate: figures.responseRate, days: RESPONSE_FIGURES_DAYS })}
        </Text>
      </Stack>
    </HStack>
  );
}

type ContactKind = 'phone' | 'email' | 'website';

/** A way to reach the vendor, shown or behind the login prompt, drawn the same either way. */
const CONTACT_BUTTON = { variant: 'outline', h: 'auto', py: '2.5', justifyContent: 'flex-start' } as const;

/** A contact button's words: what it does, and the detail under it (cut short when `clipped`). */
function ContactText({
  label,
  detail,
  clipped = false,
}: {
  label: string;
  detail: string;
  clipped?: boolean;
}) {
  return (
    <Stack gap="0" align="flex-start" minW={clipped ? '0' : undefined}>
      <Text fontWeight="semibold">{label}</Text>
      <Text
        fontSize="xs"
        color="fg.muted"
        fontWeight="normal"
        truncate={clipped}
        maxW={clipped ? '60' : undefined}
      >
        <bdi>{detail}</bdi>
      </Text>
    </Stack>
  );
}

function ContactActions({ vendor, onLogin }: { vendor: VendorView; onLogin: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  // Counted for the owner's analytics, and never in the way of the link: no waiting, no failure shown.
  const reveal = (kind: ContactKind) => {
    utils.client.vendors.contactReveal.mutate({ id: vendor.id, kind }).catch(() => undefined);
  };
  if (hasContactDetails(vendor)) {
    const links: { label: string; kind: ContactKind; detail: string; href: string; icon: ReactNode }[] = [
      vendor.contactPhone
        ? {
            label: t('marketplace.profile.call'),
            kind: 'phone' as const,
            detail: vendor.contactPhone,
            href: `tel:${vendor.contactPhone.replace(/[^\d+]/g, '')}`,
            icon: <Phone />,
          }
        : null,
      {
        label: t('marketplace.profile.email'),
        kind: 'email' as const,
        detail: vendor.contactEmail,
        href: `mailto:${vendor.contactEmail}`,
        icon: <Mail />,
      },
      vendor.website
        ? {
            label: t('marketplace.profile.website'),
            kind: 'website' as const,
            detail: vendor.website,
            href: vendor.website,
            icon: <ExternalLink />,
          }
        : null,
    ].filter((l) => l !== null);
    return (
      <Stack gap="2">
        {links.map((link) => (
          <Button key={link.label} asChild {...CONTACT_BUTTON}>
            <a
              href={link.href}
              onClick={() => reveal(link.kind)}
              // A middle click opens the link too.
              onAuxClick={(e) => {
                if (e.button === 1) reveal(link.kind);
              }}
              {...(link.kind === 'website' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.icon}
              <ContactText label={link.label} detail={link.detail} clipped />
            </a>
          </Button>
        ))}
      </Stack>
    );
  }

  const hidden = [
    vendor.hasPhone
      ? { label: t('marketplace.profile.call'), detail: t('marketplace.profile.loginPhone'), icon: <Phone /> }
      : null,
    vendor.hasEmail
      ? { label: t('marketplace.profile.email'), detail: t('marketplace.profile.loginEmail'), icon: <Mail /> }
      : null,
    vendor.hasWebsite
      ? {
          label: t('marketplace.profile.website'),
          detail: t('marketplace.profile.loginWebsite'),
          icon: <ExternalLink />,
        }
      : null,
  ].filter((l) => l !== null);
  return (
    <Stack gap="2">
      <HStack gap="2" bg="bg.muted" rounded="lg" px="3" py="2.5" fontSize="sm" color="fg.muted">
        <Icon boxSize="4" flexShrink="0" aria-hidden>
          <Lock />
        </Icon>
        <Text>{t('marketplace.prompt.contactForRegistered')}</Text>
      </HStack>
      {hidden.map((item) => (
        <Button key={item.label} {...CONTACT_BUTTON} onClick={onLogin} {...preloadOn(LoginToContactDialog)}>
          {item.icon}
          <ContactText label={item.label} detail={item.detail} />
        </Button>
      ))}
    </Stack>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" rounded="2xl">
      <Card.Header pb="0">
        <Heading as="h2" size="lg" color="brand.950">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function ProfileSkeleton() {
  const t = useT();
  return (
    <Stack gap="8" role="status" aria-busy="true" aria-label={t('marketplace.profile.loading')}>
      <Skeleton h="5" w="40" />
      <Skeleton h={{ base: '48', md: '72' }} rounded="2xl" />
      <HStack gap="6" px={{ base: '2', md: '6' }}>
        <Skeleton boxSize={{ base: '20', md: '28' }} rounded="2xl" />
        <Stack flex="1" gap="3">
          <Skeleton h="8" w="60%" />
          <Skeleton h="4" w="40%" />
        </Stack>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }} gap="8">
        <SkeletonText noOfLines={6} />
        <Skeleton h="48" rounded="2xl" />
      </Grid>
    </Stack>
  );
}
