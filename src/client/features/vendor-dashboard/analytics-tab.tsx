import { Alert, Box, Grid, SegmentGroup, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { type AnalyticsDto, responseTimeText } from '../../../shared/schemas/analytics';
import { EmptyPanel } from '../../components/empty-panel';
import { trpc } from '../../lib/trpc';
import { DailyChart } from './daily-chart';
import { formatCount, formatMinutes, formatPercent } from './format';
import { ListingTab } from './listing-picker';
import type { ListingSelection } from './use-listings';

type Days = 30 | 90;

interface AnalyticsTabProps {
  selection: ListingSelection;
  onOpenClaims: () => void;
}

/** How the vendor's listing is doing over the last 30 or 90 days. */
export function AnalyticsTab({ selection, onOpenClaims }: AnalyticsTabProps) {
  const [days, setDays] = useState<Days>(30);
  const { selected } = selection;
  const analytics = trpc.vendors.analytics.useQuery(
    { days, vendorId: selected?.id },
    { enabled: selected !== null, placeholderData: (previous) => previous },
  );

  return (
    <ListingTab
      selection={selection}
      onOpenClaims={onOpenClaims}
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
    data.views === 0 && data.uniqueVisitors === 0 && data.contactReveals === 0 && data.requests === 0;
  const period = `last ${data.days} days`;
  const median = data.medianResponseMinutes;
  const typical = responseTimeText(median);

  if (quiet) {
    return (
      <EmptyPanel
        icon={<ChartColumn size={32} aria-hidden />}
        title="No activity yet"
        description={`Nobody has viewed your listing in the ${period}. A full profile with photos and a clear description helps families find you.`}
      />
    );
  }

  const total = (key: 'views' | 'uniqueVisitors' | 'requests' | 'contactReveals') =>
    data.daily.reduce((sum, d) => sum + d[key], 0);
  const peak = (key: 'views' | 'requests') =>
    data.daily.reduce((best, d) => (d[key] > best ? d[key] : best), 0);

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 3, '2xl': 6 }} gap="3">
        <Figure label="Views" value={formatCount(data.views)} help={period} testId="analytics-views" />
        <Figure
          label="Unique visitors"
          value={formatCount(data.uniqueVisitors)}
          help={period}
          testId="analytics-unique-visitors"
        />
        <Figure
          label="Contact reveals"
          value={formatCount(data.contactReveals)}
          help={`Phone ${formatCount(data.reveals.phone)} · Email ${formatCount(data.reveals.email)} · Website ${formatCount(data.reveals.website)}`}
          testId="analytics-contact-reveals"
        />
        <Figure
          label="Requests"
          value={formatCount(data.requests)}
          help="Availability requests"
          testId="analytics-requests"
        />
        <Figure
          label="Response rate"
          value={data.responseRate === null ? '—' : formatPercent(data.responseRate)}
          help={
            data.responseRate === null ? 'No requests to answer yet' : 'Answered within 24 business hours'
          }
          testId="analytics-response-rate"
        />
        <Figure
          label="Median first response"
          value={median === null ? '—' : formatMinutes(median)}
          help={typical ? `Usually responds ${typical}` : 'No answered requests yet'}
          testId="analytics-median-response"
        />
      </SimpleGrid>

      <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4">
        <DailyChart
          title="Views and unique visitors per day"
          summary={`${formatCount(total('views'))} views and ${formatCount(total('uniqueVisitors'))} unique visitors in the ${period}; the busiest day had ${plural(peak('views'), 'view')}.`}
          days={data.daily}
          series={[
            { key: 'views', label: 'Views', color: 'brand.solid' },
            { key: 'uniqueVisitors', label: 'Unique visitors', color: 'gold.fg' },
          ]}
          kind="line"
          testId="analytics-views-chart"
        />
        <DailyChart
          title="Requests and contact reveals per day"
          summary={`${formatCount(total('requests'))} requests and ${formatCount(total('contactReveals'))} contact reveals in the ${period}; the busiest day had ${plural(peak('requests'), 'request')}.`}
          days={data.daily}
          series={[
            { key: 'requests', label: 'Requests', color: 'brand.solid' },
            { key: 'contactReveals', label: 'Contact reveals', color: 'gold.fg' },
          ]}
          kind="bar"
          testId="analytics-requests-chart"
        />
      </Grid>
    </Stack>
  );
}

const plural = (n: number, noun: string) => `${formatCount(n)} ${n === 1 ? noun : `${noun}s`}`;

function Figure({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: string;
  help: string;
  testId: string;
}) {
  return (
    <Stat.Root
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p="4"
      minW="0"
      data-testid={testId}
    >
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color="brand.950" fontSize={{ base: 'xl', md: '2xl' }}>
        {value}
      </Stat.ValueText>
      <Stat.HelpText as="dd" fontSize="xs" color="fg.muted">
        {help}
      </Stat.HelpText>
    </Stat.Root>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="Loading analytics">
      <SimpleGrid columns={{ base: 2, md: 3, '2xl': 6 }} gap="3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} h="24" rounded="xl" />
        ))}
      </SimpleGrid>
      <Skeleton h="64" rounded="2xl" />
      <Text srOnly>Loading analytics</Text>
    </Stack>
  );
}
