import { Badge, Box, Button, Container, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Calendar, Landmark, LinkIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { toCivilDate, toHebrewDate } from '../../../shared/jewish-calendar';
import { type SharedEventDto, shareIdInput } from '../../../shared/schemas/events';
import { DisplayTitle } from '../../components/display-title';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { IconLine } from '../../components/icon-line';
import { LinkButton } from '../../components/link-button';
import { starPattern } from '../../components/star-pattern';
import { UploadedImage } from '../../components/uploaded-image';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
import { errorCode } from '../../lib/errors';
import { dateFormat, formatCount } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { countdownTo } from './countdown';

const formatDay = (date: Date) =>
  dateFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date);

function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return dateFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, h ?? 0, m ?? 0));
}

/** The current time, ticking every `ms`, for the countdown. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** /share/:shareId: the read-only view of an event its family shared. */
export function SharedEventPage() {
  const { shareId = '' } = useParams();
  // A malformed link cannot name a shared event: say so without asking the server.
  const valid = shareIdInput.safeParse({ shareId }).success;
  const query = trpc.share.get.useQuery({ shareId }, { enabled: valid });
  const t = useT();
  useDocumentTitle(query.data ? query.data.title : t('share.documentTitle'));

  let body: ReactNode;
  if (!valid || errorCode(query.error) === 'NOT_FOUND') {
    body = <NotShared />;
  } else if (query.isLoadingError) {
    body = (
      <EmptyPanel
        icon={<PanelIcon icon={LinkIcon} />}
        title={t('share.loadFailed')}
        description={t('common.loadFailed.description')}
      >
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.action.tryAgain')}
        </Button>
      </EmptyPanel>
    );
  } else if (query.isPending) {
    body = (
      <Stack gap="4" role="status" aria-busy="true" aria-label={t('share.loading')}>
        <Skeleton h="64" rounded="2xl" />
        <Skeleton h="24" rounded="2xl" />
      </Stack>
    );
  } else {
    body = <SharedEvent event={query.data} />;
  }

  return (
    <Container maxW="3xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      {body}
    </Container>
  );
}

function NotShared() {
  const t = useT();
  return (
    <EmptyPanel
      icon={<PanelIcon icon={LinkIcon} />}
      title={t('share.notShared.title')}
      description={t('share.notShared.description')}
    >
      <LinkButton to="/">{t('share.notShared.home', { brand: PRODUCT_NAME })}</LinkButton>
    </EmptyPanel>
  );
}

function SharedEvent({ event }: { event: SharedEventDto }) {
  const now = useNow(15_000);
  const countdown = countdownTo(event.date, now);
  const hebrew = toHebrewDate(toCivilDate(event.date));
  const t = useT();
  const { language } = useLanguage();

  return (
    <Stack gap="6">
      <Box as="article" rounded="2xl" overflow="hidden" layerStyle="softPanel" shadow="sm">
        <UploadedImage src={event.imageUrl} sizes="100vw" alt="" w="full" h={{ base: '48', md: '72' }} />
        <Box
          px={{ base: '5', md: '10' }}
          py={{ base: '8', md: '10' }}
          color="white"
          bgImage={`${starPattern('#e9ae2c', 0.14, 48)}, linear-gradient(150deg, #1e3a8a 0%, #152456 100%)`}
          textAlign="center"
        >
          <Text
            fontSize="xs"
            fontWeight="bold"
            letterSpacing="widest"
            color="gold.300"
            textTransform="uppercase"
          >
            {t('share.invited')}
          </Text>
          <DisplayTitle kind="invitation" mt="3">
            <bdi>{event.title}</bdi>
          </DisplayTitle>
          <Badge mt="4" colorPalette="gold" variant="solid" size="lg">
            {term(t, 'eventType', event.type)}
          </Badge>
        </Box>
        <Stack gap="4" px={{ base: '5', md: '10' }} py={{ base: '6', md: '8' }}>
          <IconLine icon={Calendar} iconSize="5" gap="3">
            <Box>
              <Text fontWeight="semibold" color="brand.950">
                {event.time
                  ? t('share.dateAtTime', { date: formatDay(event.date), time: formatTime(event.time) })
                  : formatDay(event.date)}
              </Text>
              {/* In Hebrew the Hebrew date is written in Hebrew; in English, spelled out, then in Hebrew. */}
              {language === 'he' ? (
                <Text color="gold.fg" fontWeight="medium">
                  {hebrew.formattedHebrew}
                </Text>
              ) : (
                <>
                  <Text color="gold.fg" fontWeight="medium">
                    {hebrew.formatted}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    <bdi lang="he" dir="rtl">
                      {hebrew.formattedHebrew}
                    </bdi>
                  </Text>
                </>
              )}
            </Box>
          </IconLine>
          {event.venue ? (
            <IconLine icon={Landmark} iconSize="5" gap="3">
              <Text fontWeight="semibold" color="brand.950" wordBreak="break-word">
                <bdi>{event.venue}</bdi>
              </Text>
            </IconLine>
          ) : null}
        </Stack>
      </Box>

      <Box
        as="section"
        aria-label={t('share.countdown.label')}
        rounded="2xl"
        borderWidth="1px"
        borderColor="gold.emphasized"
        bg="gold.subtle"
        px={{ base: '5', md: '8' }}
        py="6"
        textAlign="center"
      >
        {countdown.kind === 'today' ? (
          <Text
            fontFamily="heading"
            fontSize={{ base: '3xl', md: '4xl' }}
            fontWeight="bold"
            color="brand.950"
          >
            {t('share.countdown.today')}
          </Text>
        ) : countdown.kind === 'past' ? (
          <Text fontFamily="heading" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color="brand.950">
            {t('share.countdown.past')}
          </Text>
        ) : (
          <>
            <Text fontSize="sm" fontWeight="semibold" color="gold.fg" letterSpacing="wide">
              {t('share.countdown.lead')}
            </Text>
            <SimpleGrid role="timer" columns={3} gap={{ base: '3', md: '4' }} mt="4" maxW="md" mx="auto">
              <Unit value={countdown.days} label={t('share.countdown.days', { count: countdown.days })} />
              <Unit value={countdown.hours} label={t('share.countdown.hours', { count: countdown.hours })} />
              <Unit
                value={countdown.minutes}
                label={t('share.countdown.minutes', { count: countdown.minutes })}
              />
            </SimpleGrid>
          </>
        )}
      </Box>

      <Text textAlign="center" fontSize="sm" color="fg.muted">
        {t('share.ownSimcha')}{' '}
        <Link asChild color="brand.fg" fontWeight="medium" textDecoration="underline">
          <RouterLink to="/">{t('share.discover', { brand: PRODUCT_NAME })}</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <Box bg="bg" rounded="xl" py={{ base: '3', md: '4' }} borderWidth="1px" borderColor="gold.muted">
      <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" color="brand.900" lineHeight="1">
        {formatCount(value)}
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="1" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
    </Box>
  );
}
