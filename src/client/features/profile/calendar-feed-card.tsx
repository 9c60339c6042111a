import { Button, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, CalendarX, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { copyText } from '../../lib/clipboard';
import { dateFormat } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ProfileCard } from './profile-card';

/** The page's locale's day format, asked for at render (the locale is set before the first one). */
const madeOn = () => dateFormat({ dateStyle: 'medium' });

/**
 * The secret address a calendar app subscribes to (issue 28). The server keeps only a hash of it,
 * so the address is shown once, when it is made; making a new one replaces the old.
 */
export function CalendarFeedCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const status = trpc.calendar.feedStatus.useQuery();
  const [url, setUrl] = useState<string | null>(null);
  const [includeTimes, setIncludeTimes] = useState<boolean | null>(null);
  const refresh = () => utils.calendar.feedStatus.invalidate();
  const create = trpc.calendar.createFeed.useMutation({ onSuccess: refresh });
  const revoke = trpc.calendar.revokeFeed.useMutation({ onSuccess: refresh });
  const active = status.data?.active ?? false;
  const times = includeTimes ?? status.data?.includeTimes ?? false;
  const busy = create.isPending || revoke.isPending;

  const make = () =>
    create.mutate(
      { includeTimes: times },
      {
        onSuccess: (answer) => {
          setUrl(answer.url);
          toast.success(active ? t('profile.feed.remade') : t('profile.feed.made'));
        },
        onError: (error) => toast.failed(t('profile.feed.makeFailed'), error),
      },
    );

  const stop = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success(t('profile.feed.stopped'));
      },
      onError: (error) => toast.failed(t('profile.feed.stopFailed'), error),
    });

  const copy = async () => {
    if (!url) return;
    if (await copyText(url)) toast.success(t('profile.feed.copied'));
    else toast.error(t('profile.feed.copyFailed'), url);
  };

  return (
    <ProfileCard headingId="calendar-feed-heading">
      <Heading id="calendar-feed-heading" as="h2" fontSize="lg" color="brand.950">
        {t('profile.feed.title')}
      </Heading>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {t('profile.feed.description')}
      </Text>
      <Stack gap="3" mt="4">
        <Checkbox.Root
          checked={times}
          onCheckedChange={(details) => setIncludeTimes(details.checked === true)}
          disabled={busy}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('profile.feed.includeTimes')}</Checkbox.Label>
        </Checkbox.Root>
        {url ? (
          <>
            <Text
              fontSize="sm"
              fontFamily="mono"
              bg="bg.muted"
              px="3"
              py="2"
              rounded="md"
              wordBreak="break-all"
              dir="ltr"
              textAlign="start"
              data-testid="calendar-feed-url"
            >
              {url}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('profile.feed.shownOnce')}
            </Text>
          </>
        ) : active ? (
          <Text fontSize="sm" color="fg.muted">
            {status.data?.createdAt
              ? t('profile.feed.workingSince', { date: madeOn().format(status.data.createdAt) })
              : t('profile.feed.working')}
          </Text>
        ) : null}
        <Flex gap="3" wrap="wrap">
          {url ? (
            <Button size="sm" onClick={() => void copy()}>
              <Copy />
              {t('profile.feed.copy')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant={url ? 'outline' : 'solid'}
            onClick={make}
            loading={create.isPending}
            disabled={busy}
          >
            {active ? <RefreshCw /> : <CalendarPlus />}
            {active ? t('profile.feed.remake') : t('profile.feed.create')}
          </Button>
          {active ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={stop}
              loading={revoke.isPending}
              disabled={busy}
            >
              <CalendarX />
              {t('profile.feed.stop')}
            </Button>
          ) : null}
        </Flex>
      </Stack>
    </ProfileCard>
  );
}
