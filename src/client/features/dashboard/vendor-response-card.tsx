import { Badge, Box, Button, Flex, Skeleton, Text } from '@chakra-ui/react';
import { MessageCircle } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import type { AvailabilityRequestDto } from '../../../shared/schemas/request-answers';
import { IconBadge } from '../../components/icon-badge';
import { useSaidText } from '../../components/said-text';
import { SoftPanel } from '../../components/soft-panel';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
import { useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * Whether the vendor has answered: 'responded', or any later state a first answer led to (a quote,
 * and what the family did with it), as the spec's two words say it.
 */
const isAnswered = (r: AvailabilityRequestDto) =>
  r.status !== 'sent' && r.status !== 'pending' && r.respondedAt !== null;

/** The newest answered request, or else the newest request still waiting. */
export function latestResponse(requests: AvailabilityRequestDto[]): AvailabilityRequestDto | undefined {
  const answered = requests
    .filter(isAnswered)
    .sort((a, b) => (b.respondedAt?.getTime() ?? 0) - (a.respondedAt?.getTime() ?? 0));
  return answered[0] ?? requests[0];
}

function preview(text: string): string {
  return text.length > LIMITS.responsePreviewChars
    ? `${text.slice(0, LIMITS.responsePreviewChars).trimEnd()}…`
    : text;
}

/** Customer home: one recent vendor response with its status and the first 100 characters (spec section 2). */
export function VendorResponseCard() {
  const t = useT();
  const said = useSaidText();
  const { user } = useCurrentUser();
  const requests = trpc.requests.list.useQuery(undefined, { enabled: user?.role === 'customer' });
  const latest = latestResponse(requests.data ?? []);
  const responded = latest ? isAnswered(latest) : false;

  if (requests.isLoading) return <Skeleton height="20" rounded="xl" />;
  return (
    <SoftPanel gap="4" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
      <IconBadge icon={MessageCircle} iconSize="5" boxSize="10" rounded="lg" tone="gold" />
      {latest ? (
        <Box flex="1" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold" color="brand.950">
              <bdi>{latest.vendor.businessName}</bdi>
            </Text>
            <Badge colorPalette={responded ? 'green' : 'yellow'}>
              {t(responded ? 'dashboard.response.responded' : 'dashboard.response.pending')}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted" dir={latest.response ? 'auto' : undefined}>
            {latest.response
              ? preview(said({ text: latest.response, about: latest.responseAbout }))
              : t('dashboard.response.waiting', {
                  eventType: term(t, 'eventType', latest.eventType).toLowerCase(),
                })}
          </Text>
        </Box>
      ) : (
        <Box flex="1" minW="0">
          <Text fontWeight="semibold" color="brand.950">
            {t('dashboard.response.none')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('dashboard.response.noneHint')}
          </Text>
        </Box>
      )}
      <Button asChild variant="outline" size="sm" flexShrink="0">
        {latest && user?.role === 'customer' ? (
          <RouterLink to="/messages">{t('dashboard.response.openMessages')}</RouterLink>
        ) : (
          <RouterLink to="/marketplace">{t('dashboard.response.browse')}</RouterLink>
        )}
      </Button>
    </SoftPanel>
  );
}
