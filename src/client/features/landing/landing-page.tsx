import {
  Badge,
  Box,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  Calendar,
  Camera,
  Check,
  Flower2,
  Heart,
  Landmark,
  Moon,
  Music,
  PartyPopper,
  ShieldCheck,
  Star,
  Store,
  Users,
  UtensilsCrossed,
} from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import type { MarketplaceCategory } from '../../../shared/constants';
import { PRODUCT_NAME } from '../../../shared/constants';
import { DisplayTitle } from '../../components/display-title';
import { IconBadge } from '../../components/icon-badge';
import { LinkButton } from '../../components/link-button';
import { CardLink, LinkCard } from '../../components/link-card';
import { StarOfDavid } from '../../components/logo';
import { starPattern } from '../../components/star-pattern';
import { useDocumentTitle } from '../../components/use-document-title';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { dateFormat, formatCount } from '../../lib/intl';
import { homePathFor, useCurrentUser } from '../../lib/session';
import { countText, ratingText, useSiteFigures } from '../../lib/site-figures';
import { StaticPart } from '../../lib/static-part';
import { useCelebrationConfetti } from './use-celebration-confetti';

const CATEGORIES = [
  { name: 'Venues', blurb: 'landing.category.venues', icon: Landmark, tint: 'brand' },
  { name: 'Caterers', blurb: 'landing.category.caterers', icon: UtensilsCrossed, tint: 'gold' },
  { name: 'Photographers', blurb: 'landing.category.photographers', icon: Camera, tint: 'brand' },
  { name: 'Musicians', blurb: 'landing.category.musicians', icon: Music, tint: 'gold' },
  { name: 'Florists', blurb: 'landing.category.florists', icon: Flower2, tint: 'brand' },
] as const satisfies readonly {
  name: MarketplaceCategory;
  blurb: MessageId;
  icon: LucideIcon;
  tint: string;
}[];

const FEATURES: readonly { title: MessageId; text: MessageId; icon: LucideIcon }[] = [
  { title: 'landing.feature.plan.title', text: 'landing.feature.plan.text', icon: Calendar },
  { title: 'landing.feature.hebrew.title', text: 'landing.feature.hebrew.text', icon: Moon },
  { title: 'landing.feature.family.title', text: 'landing.feature.family.text', icon: Users },
  { title: 'landing.feature.vendors.title', text: 'landing.feature.vendors.text', icon: ShieldCheck },
];

/**
 * How a simcha comes together here, told as what the product does: no quotation is put in the mouth of
 * a family that never said it, and no star rating is shown that nobody gave (the counted rating of
 * the listings is the section's eyebrow, when there is one).
 */
const STORIES: readonly { text: MessageId; who: MessageId; detail: MessageId; icon: LucideIcon }[] = [
  {
    text: 'landing.story.wedding.text',
    who: 'landing.story.wedding.who',
    detail: 'landing.story.wedding.detail',
    icon: Heart,
  },
  {
    text: 'landing.story.mitzvah.text',
    who: 'landing.story.mitzvah.who',
    detail: 'landing.story.mitzvah.detail',
    icon: PartyPopper,
  },
  {
    text: 'landing.story.vendors.text',
    who: 'landing.story.vendors.who',
    detail: 'landing.story.vendors.detail',
    icon: Store,
  },
];

/** '/': the landing page for visitors; a signed-in user goes to their home instead. */
export function LandingPage() {
  const { user } = useCurrentUser();
  if (user) return <Navigate to={homePathFor(user.role)} replace />;
  return <Landing />;
}

function Landing() {
  useDocumentTitle(null);
  useCelebrationConfetti();
  // Words, pictures and links: kept as the server drew them (decision 049).
  return (
    <StaticPart>
      <Hero />
      <Categories />
      <Features />
      <Testimonials />
      <ClientReviews />
      <VendorInvitation />
    </StaticPart>
  );
}

/** The hero's figures, counted; one that is zero or unknown is left out rather than guessed. */
function HeroFigures() {
  const figures = useSiteFigures();
  const t = useT();
  const stats = [
    { value: countText(figures?.families), label: t('landing.hero.figure.families') },
    { value: countText(figures?.vendors), label: t('landing.hero.figure.vendors') },
    { value: ratingText(figures?.rating), label: t('landing.hero.figure.rating') },
  ].filter((s): s is { value: string; label: string } => s.value !== null);
  // The room they take is kept while they load, so the page does not move when they arrive.
  if (stats.length === 0) return figures ? null : <Box minH={{ base: '3.75rem', md: '4.5rem' }} pt="2" />;
  return (
    <SimpleGrid columns={stats.length} gap="4" pt="2" maxW="lg">
      {stats.map((stat) => (
        <Box key={stat.label} borderStartWidth="2px" borderColor="gold.400" ps="3">
          <Text
            fontSize={{ base: 'xl', sm: '2xl', md: '3xl' }}
            fontWeight="bold"
            fontFamily="heading"
            lineHeight="1.2"
            whiteSpace="nowrap"
          >
            <bdi>{stat.value}</bdi>
          </Text>
          <Text fontSize="sm" color="whiteAlpha.800">
            {stat.label}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** A link button drawn as an outline on the page's dark blue panels. */
function OutlineOnDark(props: ComponentProps<typeof LinkButton>) {
  return (
    <LinkButton
      variant="outline"
      color="white"
      borderColor="whiteAlpha.500"
      _hover={{ bg: 'whiteAlpha.100' }}
      {...props}
    />
  );
}

function Hero() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      color="white"
      bgColor="brand.900"
      bgImage={`${starPattern('#ffffff', 0.06, 64)}, radial-gradient(circle at 85% 15%, rgba(233, 174, 44, 0.22), transparent 45%), linear-gradient(150deg, #1e3a8a 0%, #1e34a3 45%, #152456 100%)`}
      overflow="hidden"
    >
      <Container maxW="7xl" px={{ base: '4', md: '8' }} py={{ base: '14', md: '24' }}>
        <Flex direction={{ base: 'column', lg: 'row' }} align="center" gap={{ base: '12', lg: '16' }}>
          <HeroCopy />
          <PlanPreview />
        </Flex>
      </Container>
    </Box>
  );
}

/** The hero's words: the promise, the two ways in and the counted figures. */
function HeroCopy() {
  const t = useT();
  return (
    <Stack gap={{ base: '6', md: '8' }} flex="1.1" maxW="2xl">
      <Badge
        alignSelf="flex-start"
        colorPalette="gold"
        variant="solid"
        rounded="full"
        px="3"
        py="1"
        fontSize="xs"
        whiteSpace="normal"
      >
        {t('landing.hero.badge')}
      </Badge>
      <DisplayTitle kind="hero" id="hero-title">
        <FormattedMessage
          id="landing.hero.title"
          values={{
            accent: (chunks) => (
              <Box as="span" color="gold.300">
                {chunks}
              </Box>
            ),
          }}
        />
      </DisplayTitle>
      <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900" maxW="xl" lineHeight="tall">
        {t('landing.hero.lead', { brand: PRODUCT_NAME })}
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <LinkButton to="/login-customer?mode=signup" size="xl" colorPalette="gold" fontWeight="semibold">
          {t('landing.hero.start')}
          <DirectionalIcon>
            <Icon boxSize="5">
              <ArrowRight />
            </Icon>
          </DirectionalIcon>
        </LinkButton>
        <OutlineOnDark to="/marketplace" size="xl" focusRingColor="gold.300">
          {t('common.nav.browseVendors')}
        </OutlineOnDark>
      </Flex>
      <HeroFigures />
    </Stack>
  );
}

const PREVIEW_TASKS: readonly { label: MessageId; done: boolean }[] = [
  { label: 'landing.preview.task.hall', done: true },
  { label: 'landing.preview.task.caterer', done: true },
  { label: 'landing.preview.task.invitations', done: false },
];

/** The preview's wedding day: Sunday 14 June 2026, which is 29 Sivan 5786. */
const PREVIEW_DATE = new Date(Date.UTC(2026, 5, 14));

/** A drawn preview of an event plan, in place of a photograph. */
function PlanPreview() {
  const t = useT();
  const iso = useIsolate();
  const civil = dateFormat({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    PREVIEW_DATE,
  );
  return (
    <Box
      flex="0.9"
      w="full"
      maxW="md"
      position="relative"
      aria-hidden="true"
      display={{ base: 'none', md: 'block' }}
    >
      <Box
        position="absolute"
        inset="-6"
        bg="radial-gradient(circle, rgba(149, 181, 251, 0.35), transparent 65%)"
        filter="blur(8px)"
      />
      <Box position="relative" bg="white" color="fg" rounded="2xl" shadow="2xl" p={{ base: '5', md: '6' }}>
        <HStack justify="space-between" align="flex-start">
          <Box>
            <Badge colorPalette="brand" variant="subtle" rounded="full">
              {term(t, 'eventType', /* value: the stored event type the preview shows */ 'Wedding')}
            </Badge>
            <Text mt="2" fontFamily="heading" fontWeight="bold" fontSize="xl" color="brand.950">
              {t('landing.preview.couple')}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('landing.preview.date', { date: civil })}
            </Text>
          </Box>
          <Flex boxSize="12" rounded="xl" bg="brand.900" color="gold.300" align="center" justify="center">
            <StarOfDavid boxSize="8" />
          </Flex>
        </HStack>
        <Box mt="5">
          <HStack justify="space-between" fontSize="sm">
            <Text fontWeight="medium">{t('landing.preview.tasks')}</Text>
            <Text color="fg.muted">
              {t('landing.preview.progress', {
                done: iso(formatCount(12)),
                total: iso(formatCount(18)),
              })}
            </Text>
          </HStack>
          <Box mt="2" h="2" bg="brand.subtle" rounded="full" overflow="hidden">
            <Box
              h="full"
              w="66%"
              bgGradient="to-r"
              gradientFrom="brand.700"
              gradientTo="brand.500"
              rounded="full"
            />
          </Box>
        </Box>
        <Stack mt="5" gap="2.5">
          {PREVIEW_TASKS.map((task) => (
            <HStack key={task.label} gap="3" fontSize="sm">
              {task.done ? (
                <IconBadge icon={Check} iconSize="3" boxSize="5" rounded="full" bg="green.solid" />
              ) : (
                <Box boxSize="5" rounded="full" borderWidth="2px" borderColor="border.emphasized" />
              )}
              <Text
                color={task.done ? 'fg.muted' : 'fg'}
                textDecoration={task.done ? 'line-through' : 'none'}
              >
                {t(task.label)}
              </Text>
            </HStack>
          ))}
        </Stack>
        <HStack mt="5" p="3" rounded="lg" bg="green.subtle" color="green.fg" fontSize="sm" gap="2">
          <Icon boxSize="4">
            <ShieldCheck />
          </Icon>
          <Text fontWeight="medium">{t('landing.preview.noConflict')}</Text>
        </HStack>
      </Box>
    </Box>
  );
}

interface LandingSectionProps {
  /** The id of the section's heading, which names the section. */
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  bg: string;
  children: ReactNode;
}

/** One band of the page: a centred heading with its eyebrow and lead, then the band's grid. */
function LandingSection({ id, eyebrow, title, text, bg, children }: LandingSectionProps) {
  return (
    <Box as="section" aria-labelledby={id} py={{ base: '16', md: '24' }} bg={bg}>
      <Container maxW="7xl" px={{ base: '4', md: '8' }}>
        <Stack gap="3" textAlign="center" maxW="2xl" mx="auto">
          <Text color="gold.fg" textStyle="eyebrow" fontSize="sm">
            {eyebrow}
          </Text>
          <Heading as="h2" id={id} fontSize={{ base: '3xl', md: '4xl' }} color="brand.950" lineHeight="1.15">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {text}
          </Text>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

function Categories() {
  const figures = useSiteFigures();
  const t = useT();
  return (
    <LandingSection
      id="categories-title"
      eyebrow={t('landing.categories.eyebrow')}
      title={t('landing.categories.title')}
      text={t('landing.categories.text')}
      bg="bg"
    >
      <SimpleGrid
        columns={{ base: 1, sm: 2, lg: 5 }}
        gap={{ base: '4', md: '5' }}
        mt={{ base: '10', md: '14' }}
      >
        {CATEGORIES.map((category) => (
          <CategoryCard key={category.name} category={category} count={figures?.categories[category.name]} />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

/** A category of the marketplace, with how many vendors it has when they are counted. */
function CategoryCard({
  category,
  count,
}: {
  category: (typeof CATEGORIES)[number];
  count: number | undefined;
}) {
  const t = useT();
  return (
    <LinkCard as="article" lift rounded="2xl" p={{ base: '4', md: '6' }}>
      <Flex
        direction={{ base: 'row', sm: 'column' }}
        align={{ base: 'center', sm: 'stretch' }}
        gap={{ base: '4', sm: '0' }}
      >
        <IconBadge
          icon={category.icon}
          iconSize="7"
          tone={category.tint}
          boxSize={{ base: '12', md: '14' }}
          rounded="xl"
        />
        <Box flex="1" minW="0">
          <Heading as="h3" fontSize={{ base: 'lg', md: 'xl' }} mt={{ base: '0', sm: '5' }} color="brand.950">
            <CardLink to={`/marketplace?category=${category.name}`}>
              {term(t, 'category', category.name)}
            </CardLink>
          </Heading>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {t(category.blurb)}
          </Text>
          <HStack mt={{ base: '1', sm: '4' }} justify="space-between" color="brand.fg">
            <Text fontWeight="semibold" fontSize="sm">
              {count ? t('landing.categories.count', { count }) : t('landing.categories.browse')}
            </Text>
            <DirectionalIcon>
              <Icon boxSize="4">
                <ArrowRight />
              </Icon>
            </DirectionalIcon>
          </HStack>
        </Box>
      </Flex>
    </LinkCard>
  );
}

function Features() {
  const t = useT();
  return (
    <LandingSection
      id="features-title"
      eyebrow={t('landing.features.eyebrow')}
      title={t('landing.features.title')}
      text={t('landing.features.text')}
      bg="canvas"
    >
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6" mt={{ base: '10', md: '14' }}>
        {FEATURES.map((feature) => (
          <Box key={feature.title} rounded="2xl" p="6" layerStyle="softPanel">
            <IconBadge icon={feature.icon} iconSize="6" boxSize="12" rounded="full" />
            <Heading as="h3" fontSize="lg" mt="5" color="brand.950">
              {t(feature.title)}
            </Heading>
            <Text mt="2" color="fg.muted" fontSize="sm" lineHeight="tall">
              {t(feature.text)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

function StoryCard({ story }: { story: (typeof STORIES)[number] }) {
  const t = useT();
  return (
    <Stack
      as="article"
      gap="5"
      bg="brand.subtle"
      rounded="2xl"
      p={{ base: '6', md: '8' }}
      justify="space-between"
    >
      <Text color="brand.950" fontSize="md" lineHeight="tall">
        {t(story.text)}
      </Text>
      <HStack gap="3">
        <IconBadge icon={story.icon} iconSize="5" boxSize="10" rounded="full" />
        <Box>
          <Text fontWeight="semibold" color="brand.950">
            {t(story.who)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t(story.detail)}
          </Text>
        </Box>
      </HStack>
    </Stack>
  );
}

function Testimonials() {
  const rating = useSiteFigures()?.rating;
  const rated = ratingText(rating);
  const t = useT();
  const iso = useIsolate();
  return (
    <LandingSection
      id="testimonials-title"
      eyebrow={
        rated && rating?.reviews
          ? t('landing.stories.rated', { rating: iso(rated), count: rating.reviews })
          : t('landing.stories.eyebrow')
      }
      title={t('landing.stories.title', { brand: PRODUCT_NAME })}
      text={t('landing.stories.text')}
      bg="bg"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt={{ base: '10', md: '14' }}>
        {STORIES.map((story) => (
          <StoryCard key={story.who} story={story} />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

/**
 * What families wrote: the newest visible reviews of 4 or 5 stars, each from a family who booked the
 * vendor through SimchaHub, by first name and business. Nothing at all while there are none.
 */
function ClientReviews() {
  const testimonials = useSiteFigures()?.testimonials ?? [];
  const t = useT();
  if (testimonials.length === 0) return null;
  return (
    <LandingSection
      id="client-reviews-title"
      eyebrow={t('landing.reviews.eyebrow')}
      title={t('landing.reviews.title')}
      text={t('landing.reviews.text', { brand: PRODUCT_NAME })}
      bg="bg.subtle"
    >
      <SimpleGrid columns={{ base: 1, md: testimonials.length }} gap="6" mt={{ base: '10', md: '14' }}>
        {testimonials.map((review) => (
          <Stack
            as="figure"
            key={review.id}
            gap="4"
            bg="bg"
            rounded="2xl"
            p={{ base: '6', md: '8' }}
            shadow="sm"
            data-testid="testimonial"
          >
            <HStack gap="0.5" role="img" aria-label={t('landing.reviews.stars', { rating: review.rating })}>
              {[1, 2, 3, 4, 5].map((n) => (
                <Icon
                  key={n}
                  boxSize="4"
                  color="gold.500"
                  fill={n <= review.rating ? 'gold.400' : 'none'}
                  aria-hidden
                >
                  <Star />
                </Icon>
              ))}
            </HStack>
            <Text as="blockquote" color="fg" lineHeight="tall" lineClamp={8} whiteSpace="pre-line">
              <bdi>{review.text}</bdi>
            </Text>
            <Text as="figcaption" fontSize="sm" color="fg.muted">
              <FormattedMessage
                id="landing.reviews.byline"
                values={{
                  name: (
                    <Text as="span" fontWeight="semibold" color="brand.950">
                      <bdi>{review.authorFirstName}</bdi>
                    </Text>
                  ),
                  business: (
                    <Link asChild color="brand.fg" fontWeight="medium">
                      <RouterLink to={`/vendor/${review.vendorId}`}>
                        <bdi>{review.businessName}</bdi>
                      </RouterLink>
                    </Link>
                  ),
                }}
              />
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

function VendorInvitation() {
  const t = useT();
  return (
    <Box as="section" aria-labelledby="vendors-title" pb={{ base: '16', md: '24' }} bg="bg">
      <Container maxW="7xl" px={{ base: '4', md: '8' }}>
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
          justify="space-between"
          gap="6"
          rounded="3xl"
          p={{ base: '8', md: '12' }}
          color="white"
          bgColor="brand.950"
          bgImage={`${starPattern('#e9ae2c', 0.12, 48)}, linear-gradient(120deg, #152456, #1e3a8a)`}
        >
          <Box maxW="xl">
            <Heading as="h2" id="vendors-title" fontSize={{ base: '2xl', md: '3xl' }}>
              {t('landing.vendors.title')}
            </Heading>
            <Text mt="3" color="whiteAlpha.900">
              {t('landing.vendors.text')}
            </Text>
          </Box>
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }} w={{ base: 'full', md: 'auto' }}>
            <LinkButton to="/login-vendor?mode=signup" size="lg" colorPalette="gold">
              {t('landing.vendors.list')}
            </LinkButton>
            <OutlineOnDark to="/vendor-help" size="lg">
              {t('landing.vendors.how')}
            </OutlineOnDark>
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}
