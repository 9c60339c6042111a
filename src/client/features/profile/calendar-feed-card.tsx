import { Button, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, CalendarX, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { dateFormat } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ProfileCard } from './profile-card';

const MADE_ON = dateFormat({ dateStyle: 'medium' });

/**
 * The secret address a calendar app subscribes to (issue 28). The server keeps only a hash of it,
 * so the address is shown once, when it is made; making a new one replaces the old.
 */
export function CalendarFeedCard() {
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
          toast.success(active ? 'New calendar address made' : 'Calendar address made');
        },
        onError: (error) => toast.failed('Could not make the calendar address', error),
      },
    );

  const stop = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success('The calendar address no longer works');
      },
      onError: (error) => toast.failed('Could not stop the calendar address', error),
    });

  const copy = async () => {
    if (!url) return;
    if (await copyText(url)) toast.success('Calendar address copied to clipboard');
    else toast.error('Could not copy the address', url);
  };

  return (
    <ProfileCard headingId="calendar-feed-heading">
      <Heading id="calendar-feed-heading" as="h2" fontSize="lg" color="brand.950">
        Subscribe to your calendar
      </Heading>
      <Text mt="1" fontSize="sm" color="fg.muted">
        Add your events and your family circle's to Google Calendar, Apple Calendar or Outlook with a private
        address. Anyone who has the address can see these events.
      </Text>
      <Stack gap="3" mt="4">
        <Checkbox.Root
          checked={times}
          onCheckedChange={(details) => setIncludeTimes(details.checked === true)}
          disabled={busy}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Include candle-lighting and havdalah times</Checkbox.Label>
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
              data-testid="calendar-feed-url"
            >
              {url}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Copy it now: it is shown only this once.
            </Text>
          </>
        ) : active ? (
          <Text fontSize="sm" color="fg.muted">
            Your calendar address is working
            {status.data?.createdAt ? ` (made ${MADE_ON.format(status.data.createdAt)})` : ''}. Make a new one
            to see it again; the old one then stops working.
          </Text>
        ) : null}
        <Flex gap="3" wrap="wrap">
          {url ? (
            <Button size="sm" onClick={() => void copy()}>
              <Copy />
              Copy address
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
            {active ? 'Make a new address' : 'Create calendar address'}
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
              Stop sharing this address
            </Button>
          ) : null}
        </Flex>
      </Stack>
    </ProfileCard>
  );
}
