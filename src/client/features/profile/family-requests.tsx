import { Avatar, Badge, Box, Button, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Check, X } from 'lucide-react';
import type { FamilyRequestDto } from '../../../shared/schemas/family';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { useAnswerRequest, useFamilyRequests } from './use-family';

const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/**
 * Requests to join the circle (decision 007): people who typed the label and wait for a member.
 * Shown to active members only, and only while someone is waiting.
 */
export function FamilyRequests() {
  const t = useT();
  const requests = useFamilyRequests(true);
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby="family-requests-heading"
      mt="6"
      p="4"
      rounded="xl"
      bg="gold.subtle"
      borderWidth="1px"
      borderColor="gold.muted"
    >
      <HStack gap="2">
        <Heading id="family-requests-heading" as="h3" fontSize="sm" color="brand.950" fontWeight="semibold">
          {t('profile.requests.title')}
        </Heading>
        <Badge colorPalette="gold" variant="solid" rounded="full">
          {list.length}
        </Badge>
      </HStack>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {t('profile.requests.description')}
      </Text>
      <Stack as="ul" listStyleType="none" gap="3" mt="4" data-testid="family-requests">
        {list.map((request) => (
          <RequestRow key={request.userId} request={request} />
        ))}
      </Stack>
    </Box>
  );
}

interface Callbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

function RequestRow({ request }: { request: FamilyRequestDto }) {
  const t = useT();
  const iso = useIsolate();
  const { approve, decline } = useAnswerRequest();
  const busy = approve.isPending || decline.isPending;
  const firstName = iso(request.name.split(' ')[0] ?? request.name);
  const name = iso(request.name);
  const answers = [
    {
      key: 'approve',
      word: t('profile.requests.approve'),
      label: t('profile.requests.approveName', { name }),
      icon: Check,
      variant: 'solid',
      pending: approve.isPending,
      send: (callbacks: Callbacks) => approve.mutate({ userId: request.userId }, callbacks),
      done: t('profile.requests.approved'),
      detail: t('profile.requests.approvedHint', { name: firstName }),
      failed: t('profile.requests.approveFailed'),
    },
    {
      key: 'decline',
      word: t('profile.requests.decline'),
      label: t('profile.requests.declineName', { name }),
      icon: X,
      variant: 'outline',
      pending: decline.isPending,
      send: (callbacks: Callbacks) => decline.mutate({ userId: request.userId }, callbacks),
      done: t('profile.requests.declined'),
      detail: t('profile.requests.declinedHint', { name: firstName }),
      failed: t('profile.requests.declineFailed'),
    },
  ] as const;
  return (
    <HStack
      as="li"
      // The card sits in a narrow column on wide screens too: the buttons wrap below the name
      // whenever the name would get less than 12rem, and then fill their own line.
      wrap="wrap"
      gap="3"
      p="3"
      layerStyle="listCard"
    >
      <HStack gap="3" flex="1000 1 12rem" minW="0">
        <Avatar.Root size="sm" colorPalette="gray" variant="subtle">
          <Avatar.Fallback name={request.name} />
        </Avatar.Root>
        <Box minW="0">
          <Text fontWeight="medium" truncate>
            <bdi>{request.name}</bdi>
          </Text>
          <Text textStyle="caption" truncate>
            {t('profile.requests.asked', { date: dateFormat(SHORT_DAY).format(request.requestedAt) })}
          </Text>
        </Box>
      </HStack>
      <HStack gap="2" flex="1 0 auto" justify="flex-end">
        {answers.map(({ key, word, label, icon: Glyph, variant, pending, send, done, detail, failed }) => (
          <Button
            key={key}
            size="sm"
            variant={variant}
            flex="1"
            loading={pending}
            disabled={busy}
            aria-label={label}
            onClick={() =>
              send({
                onSuccess: () => toast.success(done, detail),
                onError: (error) => toast.failed(failed, error),
              })
            }
          >
            <Icon boxSize="4" aria-hidden>
              <Glyph />
            </Icon>
            {word}
          </Button>
        ))}
      </HStack>
    </HStack>
  );
}
