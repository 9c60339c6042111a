import {
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  FileDown,
  MailPlus,
  Pencil,
  Printer,
  Settings,
  Trash2,
  Upload,
  UserRoundPlus,
  Users,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { EventDto } from '../../../shared/schemas/event-answers';
import {
  type GuestCountsDto,
  type GuestDto,
  type GuestSummaryDto,
  type HouseholdDto,
  MEALS,
} from '../../../shared/schemas/guests';
import { EmptyPanel, LoadFailedPanel, PanelIcon } from '../../components/empty-panel';
import { FormAlert } from '../../components/error-alert';
import { ConfirmDialog } from '../../components/form-dialog';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useWiderThan } from '../../lib/viewport';
import { useDialogTarget } from '../events/use-dialog-target';
import { useEventsList } from '../events/use-events';
import type { ListEvent } from './event-checks';
import { awaitingAnswer, groupByHousehold, type HouseholdGroup, RSVP_PALETTE } from './format';
import { GuestDialog } from './guest-dialog';
import { HouseholdActions, type HouseholdMenuHandlers } from './household-actions';
import { HouseholdDialog } from './household-dialog';
import { ImportDialog } from './import-dialog';
import { InviteDialog } from './invite-dialog';
import { RemindButton } from './remind-button';
import { SettingsDialog } from './settings-dialog';
import { useGuestList, useGuestMutations } from './use-guests';

/** The events a list covers: the main event, then its sub-events by date. */
function listEventsOf(events: EventDto[] | undefined, listId: string, fallback: EventDto): ListEvent[] {
  const all = events ?? [];
  const main = all.find((event) => event.id === listId) ?? fallback;
  const subs = all
    .filter((event) => event.parentEventId === listId)
    .sort((a, b) => a.localDate.localeCompare(b.localDate));
  return [main, ...subs].map((event) => ({ id: event.id, title: event.title }));
}

/**
 * The Guests tab: the main event's guest list (a sub-event shows its main event's list), its counts
 * per (sub-)event, households with their invitations and links, import, export and reminders.
 */
export default function GuestsTab({ event }: { event: EventDto }) {
  const t = useT();
  const listId = event.parentEventId ?? event.id;
  const eventsList = useEventsList();
  const events = useMemo(
    () => listEventsOf(eventsList.data, listId, event),
    [eventsList.data, listId, event],
  );
  const { guests, households, summary } = useGuestList(listId);
  const isDesktop = useWiderThan('md');
  const { remove, removeHousehold } = useGuestMutations();

  const [guestOpen, setGuestOpen] = useState(false);
  const [editingGuest, setEditingGuest] = useState<GuestDto | null>(null);
  const [guestPreset, setGuestPreset] = useState<{ householdId?: string } | undefined>(undefined);
  const [householdOpen, setHouseholdOpen] = useState(false);
  const [editingHousehold, setEditingHousehold] = useState<HouseholdDto | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const deletingGuest = useDialogTarget<GuestDto>();
  const deletingHousehold = useDialogTarget<HouseholdDto>();

  const groups = useMemo(
    () => groupByHousehold(households.data ?? [], guests.data ?? []),
    [households.data, guests.data],
  );
  const selectedGroups = groups.filter((group) => selected.has(group.household.id));
  const mainTitle = events[0]?.title ?? event.title;

  const addGuest = (householdId?: string) => {
    setEditingGuest(null);
    setGuestPreset(householdId ? { householdId } : undefined);
    setGuestOpen(true);
  };
  const editGuest = (guest: GuestDto) => {
    setEditingGuest(guest);
    setGuestOpen(true);
  };
  const handlers: HouseholdMenuHandlers = {
    addGuest: (household) => addGuest(household.id),
    edit: (household) => {
      setEditingHousehold(household);
      setHouseholdOpen(true);
    },
    remove: (household) => deletingHousehold.show(household),
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const loading = guests.isPending || households.isPending;
  const failed = guests.error ?? households.error;

  return (
    <Stack gap="5" mt="4" minW="0" maxW="full">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h3" fontSize="lg" color="brand.950">
            {t('guests.tab.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="guest-totals">
            {summary.data
              ? t('guests.tab.totals', {
                  guests: summary.data.guests,
                  guestsText: String(summary.data.guests),
                  households: summary.data.households,
                  householdsText: String(summary.data.households),
                })
              : t('guests.tab.loadingTotals')}
            {event.parentEventId ? (
              <FormattedMessage id="guests.tab.sharedWith" values={{ title: <bdi>{mainTitle}</bdi> }} />
            ) : null}
          </Text>
        </Box>
        <Button size="sm" variant="outline" onClick={() => setSettingsOpen(true)}>
          <Settings />
          {t('guests.tab.settings')}
        </Button>
      </Flex>

      <CountsGrid summary={summary.data} error={summary.error} />

      <Flex gap="2" wrap="wrap" role="group" aria-label={t('guests.tab.actions')}>
        <Button size="sm" onClick={() => addGuest()}>
          <UserRoundPlus />
          {t('guests.actions.addGuest')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setEditingHousehold(null);
            setHouseholdOpen(true);
          }}
        >
          <Users />
          {t('guests.tab.addHousehold')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setImportOpen(true)}>
          <Upload />
          {t('guests.tab.import')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setInviteOpen(true)}
          disabled={groups.length === 0}
        >
          <MailPlus />
          {selectedGroups.length > 0
            ? t('guests.tab.inviteSelected', { count: String(selectedGroups.length) })
            : t('guests.invite.title')}
        </Button>
        <RemindButton listId={listId} disabled={groups.length === 0} />
        <Button asChild size="sm" variant="ghost">
          <a href={`/api/events/${listId}/guests.csv`} download>
            <FileDown />
            {t('guests.tab.export')}
          </a>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <a href={`/api/events/${listId}/guests/print?eventId=${event.id}`} target="_blank" rel="noopener">
            <Printer />
            {t('guests.tab.print')}
          </a>
        </Button>
      </Flex>

      {failed ? (
        <LoadFailedPanel
          what={t('guests.tab.loadWhat')}
          icon={Users}
          error={failed}
          onRetry={() => {
            void guests.refetch();
            void households.refetch();
          }}
        />
      ) : loading ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label={t('guests.tab.loading')}>
          <Skeleton h="12" rounded="lg" />
          <Skeleton h="12" rounded="lg" />
          <Skeleton h="12" rounded="lg" />
        </Stack>
      ) : groups.length === 0 ? (
        <EmptyPanel
          icon={<PanelIcon icon={Users} />}
          title={t('guests.tab.emptyTitle')}
          description={t('guests.tab.emptyText')}
        />
      ) : isDesktop ? (
        <HouseholdTable
          groups={groups}
          events={events}
          selected={selected}
          onToggle={toggle}
          onEdit={editGuest}
          onDelete={(guest) => deletingGuest.show(guest)}
          handlers={handlers}
          title={mainTitle}
        />
      ) : (
        <HouseholdCards
          groups={groups}
          events={events}
          selected={selected}
          onToggle={toggle}
          onEdit={editGuest}
          onDelete={(guest) => deletingGuest.show(guest)}
          handlers={handlers}
          title={mainTitle}
        />
      )}

      <GuestDialog
        open={guestOpen}
        onClose={() => setGuestOpen(false)}
        guest={editingGuest}
        listId={listId}
        events={events}
        households={households.data ?? []}
        preset={guestPreset}
      />
      <HouseholdDialog
        open={householdOpen}
        onClose={() => setHouseholdOpen(false)}
        household={editingHousehold}
        listId={listId}
      />
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} listId={listId} events={events} />
      <InviteDialog
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        events={events}
        groups={selectedGroups.length > 0 ? selectedGroups : groups}
        scope={selectedGroups.length > 0 ? 'selected' : 'all'}
        onDone={() => setSelected(new Set())}
      />
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} listId={listId} />
      <ConfirmDialog
        open={deletingGuest.open}
        onClose={deletingGuest.close}
        title={t('guests.remove.guestTitle')}
        confirmLabel={t('guests.remove.guestConfirm')}
        pendingLabel={t('guests.remove.pending')}
        pending={remove.isPending}
        onConfirm={() => {
          const guest = deletingGuest.target;
          if (!guest) return;
          remove.mutate(
            { id: guest.id },
            {
              onSuccess: () => {
                deletingGuest.close();
                toast.success(t('guests.remove.guestDone'));
              },
              onError: (error) => toast.failed(t('guests.remove.guestFailed'), error),
            },
          );
        }}
      >
        <FormattedMessage
          id="guests.remove.guestText"
          values={{ name: <bdi>{deletingGuest.target?.name}</bdi> }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingHousehold.open}
        onClose={deletingHousehold.close}
        title={t('guests.remove.householdTitle')}
        confirmLabel={t('guests.remove.householdConfirm')}
        pendingLabel={t('guests.remove.pending')}
        pending={removeHousehold.isPending}
        onConfirm={() => {
          const household = deletingHousehold.target;
          if (!household) return;
          removeHousehold.mutate(
            { id: household.id },
            {
              onSuccess: () => {
                deletingHousehold.close();
                setSelected((current) => {
                  const next = new Set(current);
                  next.delete(household.id);
                  return next;
                });
                toast.success(t('guests.remove.householdDone'));
              },
              onError: (error) => toast.failed(t('guests.remove.householdFailed'), error),
            },
          );
        }}
      >
        <FormattedMessage
          id="guests.remove.householdText"
          values={{ name: <bdi>{deletingHousehold.target?.name}</bdi> }}
        />
      </ConfirmDialog>
    </Stack>
  );
}

const COUNT_LABELS = [
  ['invited', 'guests.counts.invited'],
  ['attending', 'guests.counts.attending'],
  ['declined', 'guests.counts.declined'],
  ['awaiting', 'guests.counts.awaiting'],
] as const;

/** Invited, attending, declined and awaiting per (sub-)event, with the meals of those attending. */
function CountsGrid({ summary, error }: { summary: GuestSummaryDto | undefined; error: unknown }) {
  const t = useT();
  if (error)
    return <FormAlert status="error">{serverMessage(error) ?? t('guests.counts.loadFailed')}</FormAlert>;
  if (!summary) return <Skeleton h="28" rounded="xl" />;
  return (
    <SimpleGrid columns={{ base: 1, sm: Math.min(summary.events.length, 2) }} gap="3">
      {summary.events.map((counts) => (
        <EventCounts key={counts.eventId} counts={counts} />
      ))}
    </SimpleGrid>
  );
}

function EventCounts({ counts }: { counts: GuestCountsDto }) {
  const t = useT();
  const iso = useIsolate();
  const meals = [...MEALS, 'unspecified' as const]
    .filter((meal) => counts.meals[meal] > 0)
    .map((meal) =>
      t('guests.counts.meal', {
        count: String(counts.meals[meal]),
        meal: meal === 'unspecified' ? t('guests.counts.mealNotChosen') : term(t, 'meal', meal),
      }),
    );
  return (
    <Box
      as="section"
      layerStyle="panel"
      rounded="xl"
      p="4"
      minW="0"
      aria-label={t('guests.counts.label', { title: iso(counts.title) })}
      data-testid="guest-counts"
      data-event-id={counts.eventId}
    >
      <Text fontWeight="semibold" color="brand.950" truncate title={counts.title}>
        <bdi>{counts.title}</bdi>
      </Text>
      <SimpleGrid as="dl" columns={4} gap="2" mt="2">
        {COUNT_LABELS.map(([key, label]) => (
          <Box key={key} minW="0">
            <Text as="dt" fontSize="xs" color="fg.muted" truncate>
              {t(label)}
            </Text>
            <Text as="dd" fontSize="xl" fontWeight="semibold" color="brand.950" data-count={key}>
              {counts[key]}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted" mt="2">
        {t('guests.counts.meals', {
          meals: meals.length > 0 ? meals.join(' · ') : t('guests.counts.noMeals'),
        })}
      </Text>
    </Box>
  );
}

/** A guest's answer per (sub-)event they are invited to, each badge naming its event. */
function RsvpBadges({ guest, events }: { guest: GuestDto; events: ListEvent[] }) {
  const t = useT();
  const iso = useIsolate();
  const invitations = events.flatMap((event) => {
    const inv = guest.invitations.find((i) => i.eventId === event.id);
    return inv ? [{ event, inv }] : [];
  });
  if (invitations.length === 0)
    return (
      <Text as="span" fontSize="xs" color="fg.muted">
        {t('guests.list.notInvited')}
      </Text>
    );
  return (
    <Flex gap="1" wrap="wrap">
      {invitations.map(({ event, inv }) => (
        <Badge
          key={event.id}
          colorPalette={RSVP_PALETTE[inv.rsvp]}
          variant="subtle"
          maxW="full"
          data-rsvp={inv.rsvp}
          title={t('guests.list.answerFor', { answer: term(t, 'rsvp', inv.rsvp), title: iso(event.title) })}
        >
          <Text as="span" truncate>
            {term(t, 'rsvp', inv.rsvp)} · <bdi>{event.title}</bdi>
          </Text>
        </Badge>
      ))}
    </Flex>
  );
}

function SideAndTags({ guest }: { guest: GuestDto }) {
  if (!guest.side && guest.tags.length === 0) return null;
  return (
    <Flex gap="1" wrap="wrap" align="center">
      {guest.side ? (
        <Text as="span">
          <bdi>{guest.side}</bdi>
        </Text>
      ) : null}
      {guest.tags.map((tag) => (
        <Badge key={tag} variant="outline" size="sm">
          <bdi>{tag}</bdi>
        </Badge>
      ))}
    </Flex>
  );
}

function mealText(t: Translate, guest: GuestDto): string {
  const parts = [guest.meal ? term(t, 'meal', guest.meal) : null, guest.dietaryNote, guest.kashrutStandard];
  return parts.filter(Boolean).join(' · ') || '—';
}

interface ListProps {
  groups: HouseholdGroup[];
  events: ListEvent[];
  selected: Set<string>;
  onToggle: (householdId: string, on: boolean) => void;
  onEdit: (guest: GuestDto) => void;
  onDelete: (guest: GuestDto) => void;
  handlers: HouseholdMenuHandlers;
  /** The main event's title, for the invitation's message. */
  title: string;
}

function GuestButtons({
  guest,
  onEdit,
  onDelete,
}: { guest: GuestDto } & Pick<ListProps, 'onEdit' | 'onDelete'>) {
  const t = useT();
  const iso = useIsolate();
  return (
    <HStack gap="0.5" justify="flex-end">
      <IconButton
        aria-label={t('guests.list.editGuest', { name: iso(guest.name) })}
        variant="ghost"
        size="sm"
        onClick={() => onEdit(guest)}
      >
        <Pencil />
      </IconButton>
      <IconButton
        aria-label={t('guests.list.removeGuest', { name: iso(guest.name) })}
        variant="ghost"
        size="sm"
        colorPalette="red"
        onClick={() => onDelete(guest)}
      >
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

function SelectHousehold({
  group,
  selected,
  onToggle,
}: { group: HouseholdGroup } & Pick<ListProps, 'selected' | 'onToggle'>) {
  const t = useT();
  const iso = useIsolate();
  const label = t('guests.list.selectHousehold', { name: iso(group.household.name) });
  return (
    <Checkbox.Root
      checked={selected.has(group.household.id)}
      onCheckedChange={(details) => onToggle(group.household.id, details.checked === true)}
      aria-label={label}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** What a household's invitation has come to: answered, reminded, invited, a link made. */
function HouseholdStatus({ group }: { group: HouseholdGroup }) {
  const t = useT();
  const { household } = group;
  const answered = household.answeredAt !== null;
  const waiting = awaitingAnswer(group);
  return (
    <Flex gap="1" wrap="wrap" align="center">
      <Badge variant="subtle" colorPalette="gray" size="sm">
        {t('guests.list.guestCount', {
          count: group.guests.length,
          countText: String(group.guests.length),
        })}
      </Badge>
      {household.plusOnesAllowed > 0 ? (
        <Badge variant="subtle" colorPalette="purple" size="sm">
          {t('guests.list.plusOnesAllowed', { count: household.plusOnesAllowed })}
        </Badge>
      ) : null}
      {answered ? (
        <Badge variant="subtle" colorPalette="green" size="sm">
          {t('guests.list.answered')}
        </Badge>
      ) : waiting && household.invitedAt ? (
        <Badge variant="subtle" colorPalette="orange" size="sm">
          {household.remindedAt ? t('guests.list.reminded') : t('guests.actions.sent')}
        </Badge>
      ) : null}
      {household.hasLink ? (
        <Badge variant="outline" colorPalette="brand" size="sm">
          {t('guests.list.linkMade')}
        </Badge>
      ) : null}
    </Flex>
  );
}

/** One (sub-)event's answer of a guest, or a dash when they are not invited to it. */
function RsvpCell({ guest, event }: { guest: GuestDto; event: ListEvent }) {
  const t = useT();
  const inv = guest.invitations.find((i) => i.eventId === event.id);
  if (!inv)
    return (
      <Text as="span" color="fg.subtle" aria-label={t('guests.list.notInvited')}>
        —
      </Text>
    );
  return (
    <Badge colorPalette={RSVP_PALETTE[inv.rsvp]} variant="subtle" data-rsvp={inv.rsvp}>
      {term(t, 'rsvp', inv.rsvp)}
    </Badge>
  );
}

/**
 * From tablets up: one table, a group of rows per household (its name, state and actions first),
 * a guest per row with their e-mail under the name, and one RSVP column per (sub-)event.
 */
function HouseholdTable({
  groups,
  events,
  selected,
  onToggle,
  onEdit,
  onDelete,
  handlers,
  title,
}: ListProps) {
  const t = useT();
  // Select, guest, meal, one per event, actions.
  const columns = 4 + events.length;
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="xl" maxW="full">
      <Table.Root size="sm" aria-label={t('guests.list.label')} whiteSpace="normal">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">
              <Box srOnly>{t('guests.list.select')}</Box>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('guests.list.guest')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('guests.field.meal')}</Table.ColumnHeader>
            {events.map((event) => (
              <Table.ColumnHeader key={event.id} maxW="28" title={event.title}>
                <Text as="span" display="block" truncate>
                  <bdi>{event.title}</bdi>
                </Text>
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">
              <Box srOnly>{t('guests.list.actions')}</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        {groups.map((group) => (
          <Table.Body key={group.household.id} data-household={group.household.name}>
            <Table.Row bg="bg.muted">
              <Table.Cell>
                <SelectHousehold group={group} selected={selected} onToggle={onToggle} />
              </Table.Cell>
              <Table.ColumnHeader scope="rowgroup" colSpan={columns - 2} py="2">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text as="span" fontWeight="semibold" color="brand.950">
                    <bdi>{group.household.name}</bdi>
                  </Text>
                  <HouseholdStatus group={group} />
                </Flex>
              </Table.ColumnHeader>
              <Table.Cell textAlign="end">
                <HouseholdActions group={group} title={title} handlers={handlers} />
              </Table.Cell>
            </Table.Row>
            {group.guests.map((guest) => (
              <Table.Row key={guest.id}>
                <Table.Cell />
                <Table.Cell minW="40">
                  <Text fontWeight="medium">
                    <bdi>{guest.name}</bdi>
                    {guest.plusOneOf ? (
                      <Text as="span" fontSize="xs" color="fg.muted">
                        {' '}
                        {t('guests.list.plusOne')}
                      </Text>
                    ) : null}
                  </Text>
                  {guest.email ? (
                    <Text fontSize="xs" color="fg.muted" truncate maxW="44" title={guest.email}>
                      {guest.email}
                    </Text>
                  ) : null}
                  <Box fontSize="xs" color="fg.muted">
                    <SideAndTags guest={guest} />
                  </Box>
                </Table.Cell>
                <Table.Cell>{mealText(t, guest)}</Table.Cell>
                {events.map((event) => (
                  <Table.Cell key={event.id}>
                    <RsvpCell guest={guest} event={event} />
                  </Table.Cell>
                ))}
                <Table.Cell>
                  <GuestButtons guest={guest} onEdit={onEdit} onDelete={onDelete} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        ))}
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** On a phone: a card per household, its guests one under another. */
function HouseholdCards({
  groups,
  events,
  selected,
  onToggle,
  onEdit,
  onDelete,
  handlers,
  title,
}: ListProps) {
  const t = useT();
  const iso = useIsolate();
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label={t('guests.list.label')}>
      {groups.map((group) => (
        <Box
          as="li"
          key={group.household.id}
          layerStyle="panel"
          rounded="xl"
          p="3"
          data-household={group.household.name}
        >
          <Flex gap="2" align="flex-start">
            <Box pt="1">
              <SelectHousehold group={group} selected={selected} onToggle={onToggle} />
            </Box>
            <Box flex="1" minW="0">
              <Heading as="h4" fontSize="md" color="brand.950" wordBreak="break-word">
                <bdi>{group.household.name}</bdi>
              </Heading>
              <Box mt="1">
                <HouseholdStatus group={group} />
              </Box>
            </Box>
            <HouseholdActions group={group} title={title} handlers={handlers} />
          </Flex>
          <Stack
            as="ul"
            listStyleType="none"
            gap="0"
            mt="2"
            aria-label={t('guests.list.guestsOf', { name: iso(group.household.name) })}
          >
            {group.guests.map((guest) => (
              <Flex
                as="li"
                key={guest.id}
                gap="2"
                py="2"
                borderTopWidth="1px"
                borderColor="border.muted"
                align="flex-start"
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    <bdi>{guest.name}</bdi>
                    {guest.plusOneOf ? (
                      <Text as="span" fontSize="xs" color="fg.muted">
                        {' '}
                        {t('guests.list.plusOne')}
                      </Text>
                    ) : null}
                  </Text>
                  {guest.email ? (
                    <Text fontSize="sm" color="fg.muted" truncate title={guest.email}>
                      {guest.email}
                    </Text>
                  ) : null}
                  <Box mt="1" fontSize="sm">
                    <SideAndTags guest={guest} />
                  </Box>
                  {guest.meal || guest.dietaryNote ? (
                    <Text fontSize="sm" mt="1">
                      {t('guests.list.meal', { meal: mealText(t, guest) })}
                    </Text>
                  ) : null}
                  <Box mt="1.5">
                    <RsvpBadges guest={guest} events={events} />
                  </Box>
                </Box>
                <GuestButtons guest={guest} onEdit={onEdit} onDelete={onDelete} />
              </Flex>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
