import {
  Alert,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Icon,
  IconButton,
  Menu,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  ArrowLeft,
  Ban,
  Calendar,
  Ellipsis,
  Flag,
  MessageCircle,
  ShieldOff,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Language } from '../../../shared/i18n';
import { fromCivilDate } from '../../../shared/jewish-calendar';
import { formatCurrency } from '../../../shared/money';
import type { ConversationDto } from '../../../shared/schemas/messages';
import { ActionMenu } from '../../components/action-menu';
import { ConflictBadge } from '../../components/conflict-notice';
import { ConfirmDialog } from '../../components/form-dialog';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { useObservanceName } from '../../components/observance-name';
import { useReasonText } from '../../components/observance-reason';
import { OWN_DIRECTION } from '../../components/own-direction';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { DirectionalIcon } from '../../i18n/bidi';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { lazyPart } from '../../lib/lazy-with-preload';
import { toast } from '../../lib/toast';
import { formatDay, formatTime } from '../events/format';
import { MessageList } from './message-list';
import { PaneBar } from './pane-bar';
import { ConversationFooter, ReplyBox } from './reply-box';
import { ReportDialog } from './report-dialog';
import { useConversationSubject } from './subject';
import { ThreadAvatar } from './thread-avatar';
import { otherPartyName, useBlockThread, useConversation, useMarkThreadSeen } from './use-messages';

type Thread = ConversationDto['thread'];

// Quotes are their own chunk, loaded only for conversations born of an availability request.
const QuotesPanel = lazyPart(
  'quotes-panel',
  () => import('../bookings/quotes-panel'),
  (m) => m.default,
);

interface ConversationPaneProps {
  threadId: string;
  /** On a phone the conversation replaces the list; this leads back to it. */
  onBack?: () => void;
}

/**
 * One conversation in a box of fixed height: who it is with, the availability request it came
 * from, the messages with their own scroll, and the reply box (or why no reply can be sent).
 * Opening it marks the incoming messages seen, and so does each new one while the tab is visible.
 */
export function ConversationPane({ threadId, onBack }: ConversationPaneProps) {
  const t = useT();
  const { query, loadOlder, loadingOlder } = useConversation(threadId);
  const failedToast = useRef(false);

  // The spec's toast when a conversation fails to load, once per failure.
  useEffect(() => {
    if (query.isError && !failedToast.current) {
      failedToast.current = true;
      const description = serverMessage(query.error) ?? undefined;
      // After the commit: the toaster renders synchronously and must not start inside React's render.
      window.setTimeout(() => toast.error(t('messages.pane.loadFailed'), description), 0);
    }
    if (!query.isError) failedToast.current = false;
  }, [query.isError, query.error, t]);

  const back = onBack ? (
    <IconButton
      variant="ghost"
      size="sm"
      ms="-1"
      flexShrink="0"
      alignSelf="center"
      onClick={onBack}
      aria-label={t('messages.pane.back')}
    >
      <DirectionalIcon>
        <ArrowLeft />
      </DirectionalIcon>
    </IconButton>
  ) : null;

  if (query.isPending) {
    return (
      <PaneFrame label={t('messages.pane.loading')} busy>
        <Stack p="4" gap="4">
          {back}
          <Skeleton h="10" w="60%" />
          <Skeleton h="16" w="70%" rounded="2xl" />
          <Skeleton h="16" w="50%" rounded="2xl" alignSelf="flex-end" />
        </Stack>
      </PaneFrame>
    );
  }
  if (query.isLoadingError) {
    return (
      <PaneFrame label={t('messages.pane.label')}>
        <Stack p="4" gap="4" flex="1">
          {back}
          <Stack flex="1" align="center" justify="center" textAlign="center" gap="3" px="4">
            <Icon boxSize="8" color="fg.error">
              <TriangleAlert />
            </Icon>
            <Text fontWeight="semibold" color="brand.950">
              {t('messages.pane.loadFailed')}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {serverMessage(query.error) ?? t('messages.pane.loadFailedHint')}
            </Text>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('messages.pane.tryAgain')}
            </Button>
          </Stack>
        </Stack>
      </PaneFrame>
    );
  }
  return (
    <LoadedConversation
      conversation={query.data}
      back={back}
      loadOlder={() => void loadOlder()}
      loadingOlder={loadingOlder}
    />
  );
}

function PaneFrame({
  label,
  busy = false,
  children,
}: {
  label: string;
  busy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Flex
      as="section"
      aria-label={label}
      aria-busy={busy || undefined}
      direction="column"
      h="var(--conversation-height)"
      minH="24rem"
      layerStyle="softPanel"
      rounded="2xl"
      overflow="hidden"
    >
      {children}
    </Flex>
  );
}

function LoadedConversation({
  conversation,
  back,
  loadOlder,
  loadingOlder,
}: {
  conversation: ConversationDto;
  back: React.ReactNode;
  loadOlder: () => void;
  loadingOlder: boolean;
}) {
  const t = useT();
  const iso = useIsolate();
  const { thread, messages, hasMoreBefore } = conversation;
  const other = otherPartyName(thread);
  useMarkSeenWhileOpen(conversation);

  return (
    <PaneFrame label={t('messages.pane.labelWith', { name: iso(other) })}>
      <ConversationHeader thread={thread} back={back} />
      {/* The request and its quotes scroll in their own share of the pane, so the messages and the
          reply box always keep theirs. */}
      <Box
        flexShrink={1}
        minH="0"
        maxH="40%"
        overflowY="auto"
        borderBottomWidth="1px"
        borderColor="border.emphasized"
      >
        {thread.side === 'customer' && !thread.vendor.managed ? (
          <Notice status="info">{t('messages.pane.unclaimed')}</Notice>
        ) : null}
        {thread.request ? <RequestDetails request={thread.request} /> : null}
        {thread.request ? (
          <TakenOverSuspense fallback={null}>
            <QuotesPanel
              requestId={thread.request.id}
              vendorId={thread.vendor.id}
              side={thread.side}
              otherName={other}
              ownFiles={messages.filter((m) => m.mine).flatMap((m) => m.attachments)}
            />
          </TakenOverSuspense>
        ) : null}
      </Box>
      <MessageList
        threadId={thread.id}
        side={thread.side}
        messages={messages}
        hasMoreBefore={hasMoreBefore}
        loadingOlder={loadingOlder}
        onLoadOlder={loadOlder}
      />
      {thread.canReply ? (
        <ReplyBox threadId={thread.id} side={thread.side} recipient={other} />
      ) : (
        <CannotReply thread={thread} />
      )}
    </PaneFrame>
  );
}

/**
 * Marks the thread's unread incoming messages seen: once when it opens, and again for each new
 * incoming message while it stays open, as soon as the tab is visible.
 */
function useMarkSeenWhileOpen(conversation: ConversationDto) {
  const { thread, messages } = conversation;
  const markSeen = useMarkThreadSeen(thread.id);
  const marked = useRef<string | null>(null);
  let newestUnseen: string | null = null;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m && !m.mine && m.status !== 'seen') {
      newestUnseen = m.id;
      break;
    }
  }
  // Unread messages older than the loaded page still count.
  const pending = newestUnseen ?? (thread.unreadCount > 0 ? `thread:${thread.unreadCount}` : null);
  const { mutate } = markSeen;
  const threadId = thread.id;

  useEffect(() => {
    if (!pending) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === pending) return;
      marked.current = pending;
      mutate({ threadId });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [pending, threadId, mutate]);
}

function ConversationHeader({ thread, back }: { thread: Thread; back: React.ReactNode }) {
  const subject = useConversationSubject();
  const t = useT();
  const iso = useIsolate();
  const other = otherPartyName(thread);
  const { block, unblock } = useBlockThread();
  const [reporting, setReporting] = useState(false);
  const blockedByMe = thread.blocked?.bySide === thread.side;

  const blocking = useConfirmedMutation(block, {
    input: { threadId: thread.id },
    onDone: () => toast.success(t('messages.block.done'), t('messages.block.doneHint', { name: iso(other) })),
    failed: t('messages.block.failed'),
  });
  const doUnblock = () =>
    unblock.mutate(
      { threadId: thread.id },
      {
        onSuccess: () => toast.success(t('messages.unblock.done')),
        onError: (error) => toast.failed(t('messages.unblock.failed'), error),
      },
    );

  return (
    <PaneBar edge="bottom" py="3">
      <HStack gap={{ base: '2', md: '3' }} align="center">
        {back}
        <ThreadAvatar thread={thread} name={other} />
        <Box flex="1" minW="0">
          {/* Each line takes its text's direction, so that a long English name is cut at its end on a
              Hebrew page, and stays on the page's side when it is short. */}
          <Heading as="h2" fontSize="md" color="brand.950" truncate {...OWN_DIRECTION}>
            {other}
          </Heading>
          <Text fontSize="sm" color="fg.muted" truncate {...OWN_DIRECTION}>
            {subject.show(thread.subject)}
          </Text>
        </Box>
        <ActionMenu
          onSelect={({ value }) => {
            if (value === 'block') blocking.ask();
            else if (value === 'unblock') doUnblock();
            else if (value === 'report') setReporting(true);
          }}
          trigger={
            <IconButton aria-label={t('messages.pane.options')} variant="ghost" size="sm" flexShrink="0">
              <Ellipsis />
            </IconButton>
          }
        >
          {thread.blocked === null ? (
            <Menu.Item value="block" color="fg.error">
              <Ban size={16} aria-hidden />
              {t('messages.pane.block')}
            </Menu.Item>
          ) : blockedByMe ? (
            <Menu.Item value="unblock">
              <ShieldOff size={16} aria-hidden />
              {t('messages.pane.unblock')}
            </Menu.Item>
          ) : null}
          <Menu.Item value="report">
            <Flag size={16} aria-hidden />
            {t('messages.pane.report')}
          </Menu.Item>
        </ActionMenu>
      </HStack>
      <ConfirmDialog
        {...blocking.dialog}
        title={t('messages.block.confirmTitle')}
        confirmLabel={t('messages.block.confirm')}
        pendingLabel={t('messages.block.pending')}
      >
        <FormattedMessage id="messages.block.confirmBody" values={{ name: <bdi>{other}</bdi> }} />
      </ConfirmDialog>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        threadId={thread.id}
        otherParty={other}
      />
    </PaneBar>
  );
}

function Notice({ status, children }: { status: 'info' | 'warning'; children: React.ReactNode }) {
  return (
    <Alert.Root status={status} variant="subtle" rounded="none" py="2.5" px={{ base: '3', md: '5' }}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description fontSize="sm">{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * '$2,000' for whole dollars, '$2,000.50' otherwise, in the page's language ('2,000 $' in Hebrew),
 * isolated for a sentence.
 */
function moneyText(amount: string, language: Language, iso: (text: string) => string): string {
  return iso(formatCurrency(amount, 'USD', language, { trimWhole: true }));
}

function budgetText(
  t: Translate,
  language: Language,
  iso: (text: string) => string,
  min: string | null,
  max: string | null,
): string | null {
  const money = (amount: string) => moneyText(amount, language, iso);
  if (min && max) return t('messages.request.budgetRange', { min: money(min), max: money(max) });
  if (max) return t('messages.request.budgetUpTo', { max: money(max) });
  if (min) return t('messages.request.budgetFrom', { min: money(min) });
  return null;
}

function RequestDetails({ request }: { request: NonNullable<Thread['request']> }) {
  const t = useT();
  const iso = useIsolate();
  const observanceName = useObservanceName();
  // The reason by code in the reader's language (the vendor's may not be the family's).
  const conflictMessage = useReasonText()(request.conflictMessage, request.conflictAbout);
  const { language } = useLanguage();
  const budget = budgetText(t, language, iso, request.budgetMin, request.budgetMax);
  const day = formatDay(fromCivilDate(request.eventDate));
  const date = request.eventTime
    ? t('messages.request.dateTime', { date: day, time: formatTime(request.eventTime) })
    : day;
  const facts: { label: string; value: string; own?: boolean }[] = [
    { label: t('messages.request.eventType'), value: term(t, 'eventType', request.eventType) },
    { label: t('messages.request.date'), value: date },
    {
      label: t('messages.request.guests'),
      value: t('messages.request.guestCount', { count: request.guestCount }),
    },
    ...(budget ? [{ label: t('messages.request.budget'), value: budget }] : []),
    ...(request.city ? [{ label: t('messages.request.city'), value: request.city, own: true }] : []),
  ];
  return (
    <PaneBar
      as="section"
      aria-label={t('messages.request.label')}
      edge="bottom"
      bg="gold.subtle"
      py="2"
      fontSize={{ base: 'xs', md: 'sm' }}
    >
      <IconEyebrow icon={Calendar} iconSize="3.5" fontSize="2xs" gap="1.5">
        {t('messages.request.label')}
      </IconEyebrow>
      <Flex as="dl" wrap="wrap" columnGap="1.5" rowGap="0" color="brand.950">
        {facts.map((fact, i) => (
          <HStack key={fact.label} gap="1.5">
            <Text as="dt" srOnly>
              {fact.label}
            </Text>
            <Text as="dd" fontWeight="medium">
              {fact.own ? <bdi>{fact.value}</bdi> : fact.value}
            </Text>
            {i < facts.length - 1 ? (
              <Text as="span" color="fg.subtle" aria-hidden>
                ·
              </Text>
            ) : null}
          </HStack>
        ))}
      </Flex>
      {request.conflictLevel || request.hasConflict ? (
        <Box mt="1" data-conflict-level={request.conflictLevel ?? undefined}>
          <HStack gap="1.5" align="center" wrap="wrap">
            <ConflictBadge level={request.conflictLevel ?? 'custom'} />
            {request.hasConflict && request.conflictLevel !== 'info' ? (
              <Text color={request.conflictLevel === 'forbidden' ? 'fg.error' : 'orange.fg'}>
                {t('messages.request.conflict', {
                  reason: request.conflictReason
                    ? observanceName(request.conflictReason)
                    : t('messages.request.conflictDefault'),
                })}
              </Text>
            ) : null}
          </HStack>
          {conflictMessage ? (
            <Text mt="0.5" color="fg.muted">
              {conflictMessage}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </PaneBar>
  );
}

function CannotReply({ thread }: { thread: Thread }) {
  const t = useT();
  const { unblock } = useBlockThread();
  const blocked = thread.blocked;
  const byMe = blocked?.bySide === thread.side;
  const blockedTitle = byMe
    ? t('messages.blocked.byYou')
    : thread.side === 'customer'
      ? t('messages.blocked.byVendor')
      : t('messages.blocked.byCustomer');
  return (
    <ConversationFooter>
      <Alert.Root status={blocked ? 'warning' : 'info'} variant="subtle" rounded="lg">
        <Alert.Indicator>{blocked ? <Ban size={18} aria-hidden /> : <MessageCircle />}</Alert.Indicator>
        <Alert.Content>
          {blocked ? <Alert.Title>{blockedTitle}</Alert.Title> : null}
          <Alert.Description>
            {thread.cannotReplyReason ??
              (byMe
                ? t('messages.blocked.youHint')
                : blocked
                  ? t('messages.blocked.theyHint')
                  : t('messages.blocked.cannotReply'))}
          </Alert.Description>
        </Alert.Content>
        {byMe ? (
          <Button
            size="xs"
            variant="outline"
            alignSelf="center"
            loading={unblock.isPending}
            onClick={() =>
              unblock.mutate(
                { threadId: thread.id },
                {
                  onSuccess: () => toast.success(t('messages.unblock.done')),
                  onError: (error) => toast.failed(t('messages.unblock.failed'), error),
                },
              )
            }
          >
            {t('messages.pane.unblock')}
          </Button>
        ) : null}
      </Alert.Root>
    </ConversationFooter>
  );
}
