import { Alert, Box, Grid, SegmentGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { type AnalyticsDto, responseRateText, responseTimeText } from '../../../shared/schemas/analytics';
import { EmptyPanel } from '../../components/empty-panel';
import { StatTile } from '../../components/stat-tile';
import { trpc } from '../../lib/trpc';
import { formatAmount } from '../events/money';
import { DailyChart } from './daily-chart';
import { formatCount, formatMinutes } from './format';
import { ListingTab, type ListingTabFrame } from './listing-picker';

type Days = 30 | 90;

/** How the vendor's listing is doing over the last 30 or 90 days. */
export function AnalyticsTab(frame: ListingTabFrame) {
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
          aria-label="Time range"
          alignSelf={{ base: 'flex-start', md: 'auto' }}
          data-testid="analytics-range"
        >
          <SegmentGroup.Indicator bg="bg" shadow="sm" />
          <SegmentGroup.Items
            items={[
              { value: '30', label: 'Last 30 days' },
              { value: '90', label: 'Last 90 days' },
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
            <Alert.Description>
              Shabbat and Yom Tov hours don't count against your response time: a request that arrives on
              Friday afternoon is timed from after Shabbat ends.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      }
    />
  );
}

function AnalyticsFigures({ data }: { data: AnalyticsDto }) {
  const quiet =
    data.views === 0 &&
    data.uniqueVisitors === 0 &&
    data.contactReveals === 0 &&
    data.requests === 0 &&
    data.quotesSent === 0;
  const period = `last ${data.days} days`;
  const median = data.medianResponseMinutes;
  const typical = responseTimeText(median);
  // The response figures look further back than the visit counts, and match the public profile.
  const responsePeriod = `last ${data.responseWindowDays} days`;

  if (quiet) {
    return (
      <EmptyPanel
        icon={<ChartColumn size={32} aria-hidden />}
        title="No activity yet"
        description={`Nobody has viewed your listing in the ${period}. A full profile with photos and a clear description helps families find you.`}
      />
    );
  }

  const total = (key: DailyKey) => data.daily.reduce((sum, d) => sum + d[key], 0);
  const peak = (key: DailyKey) => data.daily.reduce((best, d) => (d[key] > best ? d[key] : best), 0);

  const figures = [
    { label: 'Views', value: formatCount(data.views), help: period, testId: 'analytics-views' },
    {
      label: 'Unique visitors',
      value: formatCount(data.uniqueVisitors),
      help: period,
      testId: 'analytics-unique-visitors',
    },
    {
      label: 'Contact reveals',
      value: formatCount(data.contactReveals),
      help: `Phone ${formatCount(data.reveals.phone)} · Email ${formatCount(data.reveals.email)} · Website ${formatCount(data.reveals.website)}`,
      testId: 'analytics-contact-reveals',
    },
    {
      label: 'Requests',
      value: formatCount(data.requests),
      help: 'Availability requests',
      testId: 'analytics-requests',
    },
    {
      label: 'Response rate',
      value: data.responseRate === null ? '—' : responseRateText(data.responseRate),
      help:
        data.responseRate === null
          ? `No requests to answer in the ${responsePeriod}`
          : `Answered within 24 business hours, ${responsePeriod}`,
      testId: 'analytics-response-rate',
    },
    {
      label: 'Median first response',
      value: median === null ? '—' : formatMinutes(median),
      help: typical
        ? `Usually responds ${typical}, ${responsePeriod}`
        : `No answered requests in the ${responsePeriod}`,
      testId: 'analytics-median-response',
    },
    {
      label: 'Quotes sent',
      value: formatCount(data.quotesSent),
      help: `${formatCount(data.quotesAccepted)} accepted, ${period}`,
      testId: 'analytics-quotes-sent',
    },
    {
      label: 'Acceptance rate',
      value: data.acceptanceRate === null ? '—' : `${Math.round(data.acceptanceRate * 100)}%`,
      help:
        data.acceptanceRate === null
          ? `No quote answered or expired in the ${period}`
          : `Of quotes accepted, declined or expired, ${period}`,
      testId: 'analytics-acceptance-rate',
    },
    {
      label: 'Booked revenue',
      value: formatAmount(data.bookedRevenue),
      help: `Accepted quotes not cancelled, ${period}; a range counts at its lowest price`,
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
        {CHARTS.map(({ main, other, kind }) => (
          <DailyChart
            key={main.key}
            title={`${main.label} and ${other.label.toLowerCase()} per day`}
            summary={`${formatCount(total(main.key))} ${main.label.toLowerCase()} and ${formatCount(total(other.key))} ${other.label.toLowerCase()} in the ${period}; the busiest day had ${plural(peak(main.key), main.noun)}.`}
            days={data.daily}
            series={[
              { key: main.key, label: main.label, color: 'brand.solid' },
              { key: other.key, label: other.label, color: 'gold.fg' },
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
    main: { key: 'views', label: 'Views', noun: 'view' },
    other: { key: 'uniqueVisitors', label: 'Unique visitors' },
    kind: 'line',
  },
  {
    main: { key: 'requests', label: 'Requests', noun: 'request' },
    other: { key: 'contactReveals', label: 'Contact reveals' },
    kind: 'bar',
  },
] as const;

const plural = (n: number, noun: string) => `${formatCount(n)} ${n === 1 ? noun : `${noun}s`}`;

function AnalyticsSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="Loading analytics">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} h="24" rounded="xl" />
        ))}
      </SimpleGrid>
      <Skeleton h="64" rounded="2xl" />
      <Text srOnly>Loading analytics</Text>
    </Stack>
  );
}
