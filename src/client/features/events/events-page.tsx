import { Box, Button, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { EVENT_MINUTES_MAX } from '../../../shared/constants';
import { timeAfter } from '../../../shared/dates';
import { EVENT_TYPES, type EventType } from '../../../shared/event-types';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { EventsEmpty, EventsLoadFailed } from '../../components/events-empty';
import { PageFrame } from '../../components/page-frame';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { useWiderThan } from '../../lib/viewport';
import { DeleteDialog } from './delete-dialog';
import { EventDetail } from './event-detail';
import { EventFormDialog, type EventPreset } from './event-form-dialog';
import { EventList } from './event-list';
import { useDialogTarget } from './use-dialog-target';
import { useDeleteEvent, useEventsList } from './use-events';

const PRESET_KEYS = ['date', 'time', 'type', 'place', 'length', 'parent'] as const;

/**
 * The new event's date, time, type, place and length (as an end time) from the address, each only
 * when it is well formed; a length of whole days names no end time of its own.
 */
function presetOf(params: URLSearchParams): EventPreset | null {
  const date = params.get('date');
  const time = params.get('time');
  const type = params.get('type');
  const preset: EventPreset = {};
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) preset.date = date;
  if (time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)) preset.time = time;
  if (type && (EVENT_TYPES as readonly string[]).includes(type)) preset.type = type as EventType;
  const parent = params.get('parent');
  if (parent && /^[0-9a-f-]{36}$/i.test(parent)) preset.parentEventId = parent;
  const place = Number(params.get('place'));
  if (Number.isInteger(place) && place > 0) preset.placeId = place;
  const length = Number(params.get('length'));
  if (
    preset.time &&
    Number.isInteger(length) &&
    length > 0 &&
    length <= EVENT_MINUTES_MAX &&
    length % 1440 !== 0
  ) {
    preset.endTime = timeAfter(preset.time, length);
  }
  return Object.keys(preset).length > 0 ? preset : null;
}

/**
 * /events: the user's events with their tasks, deposits and memos. The selected event lives in the
 * address (?event=id) and ?new=1 opens the create dialog, so both survive a reload and a link;
 * with it, `date`, `time` and `type` fill in the new event (the calendar's "Find a date" links here).
 */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('event');
  const creating = params.get('new') === '1';
  const preset = creating ? presetOf(params) : null;
  const events = useEventsList();
  const isDesktop = useWiderThan('lg');
  const [editing, setEditing] = useState<EventDto | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const deleting = useDialogTarget<EventDto>();
  const deleteEvent = useDeleteEvent();
  const t = useT();

  const selected = events.data?.find((event) => event.id === selectedId) ?? null;

  // On a phone the detail replaces the list: start it at the top.
  useEffect(() => {
    if (selectedId && !isDesktop) window.scrollTo({ top: 0 });
  }, [selectedId, isDesktop]);

  const openCreate = () => {
    const next = new URLSearchParams(params);
    next.set('new', '1');
    setParams(next);
  };
  const closeCreate = () => {
    const next = new URLSearchParams(params);
    for (const key of PRESET_KEYS) next.delete(key);
    next.delete('new');
    setParams(next, { replace: true });
  };
  const showList = () => setParams({});

  const createButton = (
    <Button onClick={openCreate}>
      <Plus />
      {t('events.page.create')}
    </Button>
  );

  let body: ReactNode;
  if (events.isPending) {
    body = (
      <Stack gap="3" role="status" aria-busy="true" aria-label={t('events.page.loading')}>
        <Skeleton h="24" rounded="xl" />
        <Skeleton h="24" rounded="xl" />
      </Stack>
    );
  } else if (events.isLoadingError) {
    body = <EventsLoadFailed error={events.error} onRetry={() => void events.refetch()} />;
  } else if (events.data.length === 0) {
    body = (
      <EventsEmpty title={t('events.page.emptyTitle')} description={t('events.page.emptyText')}>
        {createButton}
      </EventsEmpty>
    );
  } else {
    const detail = selected ? (
      <EventDetail
        key={selected.id}
        event={selected}
        onEdit={() => {
          setEditing(selected);
          setEditOpen(true);
        }}
        onDelete={() => deleting.show(selected)}
        onBack={isDesktop ? undefined : showList}
      />
    ) : null;
    const list = <EventList events={events.data} selectedId={selected?.id ?? null} />;
    body = isDesktop ? (
      <Grid templateColumns="minmax(0, 20rem) minmax(0, 1fr)" gap="6" alignItems="start">
        <Box
          as="section"
          aria-label={t('events.page.listLabel')}
          position="sticky"
          top="6"
          maxH="calc(100dvh - 3rem)"
          overflowY="auto"
          p="1"
          m="-1"
        >
          {list}
        </Box>
        <Box as="section" aria-label={t('events.page.detailLabel')} minW="0">
          {detail ?? (
            <EventsEmpty title={t('events.page.selectTitle')} description={t('events.page.selectText')} />
          )}
        </Box>
      </Grid>
    ) : (
      (detail ?? list)
    );
  }

  return (
    <PageFrame
      title={t('events.page.title')}
      description={t('events.page.description')}
      actions={events.data && events.data.length > 0 ? createButton : undefined}
    >
      {body}
      <EventFormDialog
        open={creating}
        onClose={closeCreate}
        event={null}
        preset={preset}
        onCreated={(created) => setParams({ event: created.id }, { replace: true })}
      />
      <EventFormDialog open={editOpen} onClose={() => setEditOpen(false)} event={editing} />
      <DeleteDialog
        deleting={deleting}
        remove={deleteEvent}
        kind="event"
        onDeleted={(event) => {
          toast.success(t('events.page.deleted'));
          if (selectedId === event.id) setParams({}, { replace: true });
        }}
      >
        <FormattedMessage
          id="events.page.deleteText"
          values={{ title: <bdi>{deleting.target?.title}</bdi> }}
        />
      </DeleteDialog>
    </PageFrame>
  );
}
