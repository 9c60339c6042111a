import { Alert, Box, Grid, SegmentGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { type AnalyticsDto, responseRateText } from '../../../shared/schemas/analytics';
import { EmptyPanel } from '../../components/empty-panel';
import { StatTile } from '../../components/stat-tile';
import type { MessageId } from '../../i18n/catalogue';
import { type Translate, useT } from '../../i18n/use-t';
import { trpc } from '../../lib/trpc';
import { formatAmount } from '../events/money';
import { DailyChart } from './daily-chart';
import { formatCount, formatMinutes } from './format';
import { ListingTab, type ListingTabFrame } from './listing-picker';

type Days = 30 | 90;

/** How the vendor's listing is doing over the last 30 or 90 days. */
export function AnalyticsTab(frame: ListingTabFrame) {
  const t = useT();
  const [days, setDays] = useState<Days>(30);
  const { selected } = frame.selection;
  const analytics = trpc.vendors.analytics.useQuery(
    { days, vendorId: selected?.id },
    { enabled: selected !== null, placeholderData: (previous) => previous },
  );

  return (
    <ListingTab
      {...frame}
      place="analytics"
      skeleton={<AnalyticsSkeleton />}
      query={analytics}
      action={() => (
        <SegmentGroup.Root
          value={String(days)}
          onValueChange={(details) => setDays(details.value === '90' ? 90 : 30)}
          size="sm"
          aria-label={t('vendorDashboard.analytics.range')}
          alignSelf={{ base: 'flex-start', md: 'auto' }}
          data-testid="analytics-range"
        >
          <SegmentGroup.Indicator bg="bg" shadow="sm" />
          <SegmentGroup.Items
            items={[
              { value: '30', label: t('vendorDashboard.analytics.rangeOption', { days: 30 }) },
              { value: '90', label: t('vendorDashboard.analytics.rangeOption', { days: 90 }) },
            ]}
            px="3"
          />
        </SegmentGroup.Root>
      )}
      content={() =>
        analytics.data && (
          <Box aria-busy={analytics.isPlaceholderData} opacity={analytics.isPlaceholderData ? 0.6 : 1}>
            <AnalyticsFigures data={analytics.data} />
          </Box>
        )
      }
      footer={
        <Alert.Root status="info" variant="subtle" rounded="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('vendorDashboard.analytics.shabbatNote')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      }
    />
  );
}

/**
 * How fast a listing usually answers, from median business minutes, as the public profile says it
 * (src/shared/responsiveness.ts): the `speed` of the medianHelp message.
 */
function responseSpeed(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return 'hour';
  if (minutes <= 3 * 60) return 'hours';
  if (minutes <= 24 * 60) return 'day';
  if (minutes <= 3 * 24 * 60) return 'days';
  return 'later';
}

function AnalyticsFigures({ data }: { data: AnalyticsDto }) {
  const t = useT();
  const quiet =
    data.views === 0 &&
    data.uniqueVisitors === 0 &&
    data.contactReveals === 0 &&
    data.requests === 0 &&
    data.quotesSent === 0;
  const days = data.days;
  const period = t('vendorDashboard.analytics.period', { days });
  const median = data.medianResponseMinutes;
  const speed = responseSpeed(median);
  // The response figures look further back than the visit counts, and match the public profile.
  const responseDays = data.responseWindowDays;

  if (quiet) {
    return (
      <EmptyPanel
        icon={<ChartColumn size={32} aria-hidden />}
        title={t('vendorDashboard.analytics.quietTitle')}
        description={t('vendorDashboard.analytics.quietDescription', { days })}
      />
    );
  }

  const total = (key: DailyKey) => data.daily.reduce((sum, d) => sum + d[key], 0);
  const peak = (key: DailyKey) => data.daily.reduce((best, d) => (d[key] > best ? d[key] : best), 0);

  const figures = [
    {
      label: t('vendorDashboard.analytics.views'),
      value: formatCount(data.views),
      help: period,
      testId: 'analytics-views',
    },
    {
      label: t('vendorDashboard.analytics.uniqueVisitors'),
      value: formatCount(data.uniqueVisitors),
      help: period,
      testId: 'analytics-unique-visitors',
    },
    {
      label: t('vendorDashboard.analytics.contactReveals'),
      value: formatCount(data.contactReveals),
      help: t('vendorDashboard.analytics.revealsHelp', {
        phone: formatCount(data.reveals.phone),
        email: formatCount(data.reveals.email),
        website: formatCount(data.reveals.website),
      }),
      testId: 'analytics-contact-reveals',
    },
    {
      label: t('vendorDashboard.analytics.requests'),
      value: formatCount(data.requests),
      help: t('vendorDashboard.analytics.requestsHelp'),
      testId: 'analytics-requests',
    },
    {
      label: t('vendorDashboard.analytics.responseRate'),
      value: data.responseRate === null ? '—' : responseRateText(data.responseRate),
      help:
        data.responseRate === null
          ? t('vendorDashboard.analytics.responseRateNone', { days: responseDays })
          : t('vendorDashboard.analytics.responseRateHelp', { days: responseDays }),
      testId: 'analytics-response-rate',
    },
    {
      label: t('vendorDashboard.analytics.median'),
      value: median === null ? '—' : formatMinutes(t, median),
      help: speed
        ? t('vendorDashboard.analytics.medianHelp', { speed, days: responseDays })
        : t('vendorDashboard.analytics.medianNone', { days: responseDays }),
      testId: 'analytics-median-response',
    },
    {
      label: t('vendorDashboard.analytics.quotesSent'),
      value: formatCount(data.quotesSent),
      help: t('vendorDashboard.analytics.quotesHelp', { accepted: formatCount(data.quotesAccepted), days }),
      testId: 'analytics-quotes-sent',
    },
    {
      label: t('vendorDashboard.analytics.acceptanceRate'),
      value: data.acceptanceRate === null ? '—' : `${Math.round(data.acceptanceRate * 100)}%`,
      help:
        data.acceptanceRate === null
          ? t('vendorDashboard.analytics.acceptanceNone', { days })
          : t('vendorDashboard.analytics.acceptanceHelp', { days }),
      testId: 'analytics-acceptance-rate',
    },
    {
      label: t('vendorDashboard.analytics.revenue'),
      value: formatAmount(data.bookedRevenue),
      help: t('vendorDashboard.analytics.revenueHelp', { days }),
      testId: 'analytics-booked-revenue',
    },
  ];

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {figures.map((figure) => (
          <StatTile key={figure.testId} {...figure} />
        ))}
      </SimpleGrid>

      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4">
        {CHARTS.map(({ main, other, kind, title, summary }) => (
          <DailyChart
            key={main.key}
            title={t(title)}
            summary={summaryText(t, summary, {
              main: total(main.key),
              other: total(other.key),
              peak: peak(main.key),
              days,
            })}
            days={data.daily}
            series={[
              { key: main.key, label: t(main.label), color: 'brand.solid' },
              { key: other.key, label: t(other.label), color: 'gold.fg' },
            ]}
            kind={kind}
            testId={`analytics-${main.key}-chart`}
          />
        ))}
      </Grid>
    </Stack>
  );
}

type DailyKey = 'views' | 'uniqueVisitors' | 'requests' | 'contactReveals';

/** The two charts: each draws a main count (whose busiest day the summary names) against another. */
const CHARTS = [
  {
    main: { key: 'views', label: 'vendorDashboard.analytics.views' },
    other: { key: 'uniqueVisitors', label: 'vendorDashboard.analytics.uniqueVisitors' },
    kind: 'line',
    title: 'vendorDashboard.analytics.viewsChart',
    summary: 'views',
  },
  {
    main: { key: 'requests', label: 'vendorDashboard.analytics.requests' },
    other: { key: 'contactReveals', label: 'vendorDashboard.analytics.contactReveals' },
    kind: 'bar',
    title: 'vendorDashboard.analytics.requestsChart',
    summary: 'requests',
  },
] as const satisfies readonly {
  main: { key: DailyKey; label: MessageId };
  other: { key: DailyKey; label: MessageId };
  kind: 'line' | 'bar';
  title: MessageId;
  summary: 'views' | 'requests';
}[];

/** What a chart shows, read out in place of the drawing: the window's totals and its busiest day. */
function summaryText(
  t: Translate,
  chart: 'views' | 'requests',
  { main, other, peak, days }: { main: number; other: number; peak: number; days: number },
): string {
  return chart === 'views'
    ? t('vendorDashboard.analytics.viewsSummary', { views: main, visitors: other, peak, days })
    : t('vendorDashboard.analytics.requestsSummary', { requests: main, reveals: other, peak, days });
}

function AnalyticsSkeleton() {
  const t = useT();
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={t('vendorDashboard.analytics.loading')}>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} h="24" rounded="xl" />
        ))}
      </SimpleGrid>
      <Skeleton h="64" rounded="2xl" />
      <Text srOnly>{t('vendorDashboard.analytics.loading')}</Text>
    </Stack>
  );
}
