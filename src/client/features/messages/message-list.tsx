import { Box, Button, Flex, HStack, Icon, Image, Link, type LinkProps, Stack, Text } from '@chakra-ui/react';
import { CheckCheck, FileIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AttachmentDto, MessageDto, ThreadSide } from '../../../shared/schemas/messages';
import { useSaidText } from '../../components/said-text';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { fileSizeText } from '../../lib/attachments';
import { fullTime, messageTime } from './format';
import { otherPartyLabel } from './use-messages';

interface MessageListProps {
  threadId: string;
  side: ThreadSide;
  messages: MessageDto[];
  hasMoreBefore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** Within this many pixels of the end counts as reading the newest messages. */
const NEAR_END_PX = 120;

/**
 * The messages of a conversation in a box with its own scroll: it opens at the newest message,
 * follows new ones while the reader is at the end (and always after the reader's own), and keeps
 * its place when earlier messages are loaded above.
 */
export function MessageList({
  threadId,
  side,
  messages,
  hasMoreBefore,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const shown = useRef<{ first: string | null; last: string | null; height: number; top: number } | null>(
    null,
  );

  const first = messages[0]?.id ?? null;
  const last = messages[messages.length - 1] ?? null;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = shown.current;
    if (!before) {
      el.scrollTop = el.scrollHeight;
    } else if (before.first !== first && before.last === (last?.id ?? null)) {
      // Earlier messages came in above: stay on the message that was in view.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (before.last !== (last?.id ?? null) && (atEnd.current || last?.mine)) {
      el.scrollTop = el.scrollHeight;
    }
    shown.current = { first, last: last?.id ?? null, height: el.scrollHeight, top: el.scrollTop };
  }, [first, last]);

  // The box gets shorter or taller (files picked in the reply box, a phone keyboard): stay at the end.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
    if (shown.current) shown.current = { ...shown.current, height: el.scrollHeight, top: el.scrollTop };
  };

  // Images arriving late make the content taller: keep the end in view if the reader was there.
  const onMediaLoad = () => {
    const el = scroller.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  };

  const otherLabel = otherPartyLabel(t, side);
  return (
    <Box
      ref={scroller}
      flex="1"
      minH="0"
      overflowY="auto"
      px={{ base: '3', md: '5' }}
      py="4"
      onScroll={onScroll}
      bg="bg.subtle"
      data-thread-id={threadId}
      // A keyboard scrolls the conversation once it has the focus (WCAG 2.1.1).
      tabIndex={0}
      role="region"
      aria-label={t('messages.conversation.region')}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
    >
      {hasMoreBefore ? (
        <Flex justify="center" mb="4">
          <Button
            size="xs"
            variant="outline"
            loading={loadingOlder}
            loadingText={t('messages.conversation.loading')}
            onClick={onLoadOlder}
          >
            {t('messages.conversation.loadEarlier')}
          </Button>
        </Flex>
      ) : null}
      {messages.length === 0 ? (
        <Text textAlign="center" color="fg.muted" fontSize="sm" py="8">
          {t('messages.conversation.empty')}
        </Text>
      ) : (
        <Box role="log" aria-label={t('messages.conversation.log')}>
          <Stack as="ol" gap="3" listStyleType="none">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                otherLabel={otherLabel}
                onMediaLoad={onMediaLoad}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function MessageItem({
  message,
  otherLabel,
  onMediaLoad,
}: {
  message: MessageDto;
  otherLabel: string;
  onMediaLoad: () => void;
}) {
  const t = useT();
  const said = useSaidText();
  const text = said({ text: message.messageText, about: message.about });
  if (message.messageType === 'system') {
    return (
      <Box as="li" textAlign="center" data-message-id={message.id}>
        <Text
          as="span"
          display="inline-block"
          textStyle="caption"
          bg="bg.muted"
          rounded="full"
          px="3"
          py="1"
          whiteSpace="pre-wrap"
        >
          {text}
        </Text>
      </Box>
    );
  }
  const mine = message.mine;
  return (
    <Flex
      as="li"
      direction="column"
      align={mine ? 'flex-end' : 'flex-start'}
      data-message-id={message.id}
      data-mine={mine ? 'true' : 'false'}
    >
      <HStack gap="2" mb="1" px="1" textStyle="caption">
        <Text as="span" fontWeight="semibold" color={mine ? 'brand.fg' : 'gold.fg'}>
          {mine ? t('messages.conversation.you') : otherLabel}
        </Text>
        <time dateTime={message.createdAt.toISOString()} title={fullTime(message.createdAt)}>
          {messageTime(message.createdAt)}
        </time>
      </HStack>
      <Box
        maxW={{ base: '88%', md: '75%' }}
        bg={mine ? 'brand.solid' : 'bg'}
        color={mine ? 'white' : 'fg'}
        borderWidth={mine ? '0' : '1px'}
        borderColor="border.muted"
        rounded="2xl"
        roundedStartEnd={mine ? 'sm' : '2xl'}
        roundedStartStart={mine ? '2xl' : 'sm'}
        px="3.5"
        py="2.5"
        shadow="xs"
      >
        {/* Text only, never markup: line breaks kept, long words wrapped; each message reads in the
            direction of its own first letters. */}
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize="sm" lineHeight="tall" dir="auto">
          {text}
        </Text>
        {message.attachments.length > 0 ? (
          <Attachments attachments={message.attachments} mine={mine} onMediaLoad={onMediaLoad} />
        ) : null}
      </Box>
      {mine ? (
        <HStack
          gap="1"
          mt="1"
          px="1"
          fontSize="xs"
          color={message.status === 'seen' ? 'brand.fg' : 'fg.subtle'}
        >
          {message.status === 'seen' ? (
            <>
              <CheckCheck size={14} aria-hidden />
              <Text as="span">
                {message.seenAt ? (
                  <FormattedMessage
                    id="messages.conversation.seenAt"
                    values={{
                      time: (
                        <time dateTime={message.seenAt.toISOString()} title={fullTime(message.seenAt)}>
                          {messageTime(message.seenAt)}
                        </time>
                      ),
                    }}
                  />
                ) : (
                  t('messages.conversation.seen')
                )}
              </Text>
            </>
          ) : (
            <Text as="span">{t('messages.conversation.sent')}</Text>
          )}
        </HStack>
      ) : null}
    </Flex>
  );
}

/** An attachment, in a rounded box that opens it in a new tab, which gets no hold on this page. */
function AttachmentLink({ attachment, ...props }: LinkProps & { attachment: AttachmentDto }) {
  return <Link href={attachment.url} target="_blank" rel="noopener noreferrer" rounded="lg" {...props} />;
}

interface AttachmentsProps {
  attachments: AttachmentDto[];
  mine: boolean;
  onMediaLoad: () => void;
}

function Attachments({ attachments, mine, onMediaLoad }: AttachmentsProps) {
  const images = attachments.filter((a) => a.contentType.startsWith('image/'));
  const files = attachments.filter((a) => !a.contentType.startsWith('image/'));
  return (
    <Stack gap="2" mt="2">
      {images.length > 0 ? (
        <Flex gap="2" wrap="wrap">
          {images.map((image) => (
            <ImageAttachment key={image.id} image={image} onLoad={onMediaLoad} />
          ))}
        </Flex>
      ) : null}
      {files.map((file) => (
        <FileAttachment key={file.id} file={file} mine={mine} />
      ))}
    </Stack>
  );
}

/** A picture sent with a message, shown as a thumbnail; its name and size in the tooltip. */
function ImageAttachment({ image, onLoad }: { image: AttachmentDto; onLoad: () => void }) {
  const t = useT();
  const iso = useIsolate();
  return (
    <AttachmentLink
      attachment={image}
      overflow="hidden"
      display="block"
      bg="bg.muted"
      title={t('messages.conversation.imageTitle', {
        name: iso(image.name),
        size: iso(fileSizeText(image.bytes)),
      })}
    >
      <Image
        src={image.url}
        alt={image.name}
        h="32"
        maxW="15rem"
        objectFit="cover"
        loading="lazy"
        onLoad={onLoad}
      />
    </AttachmentLink>
  );
}

/** A file's chip colours: a lighter shade of my own message's blue, or grey on the other party's. */
function chipColors(mine: boolean) {
  return mine
    ? { bg: 'whiteAlpha.200', color: 'white', _hover: { bg: 'whiteAlpha.300' } }
    : { bg: 'bg.muted', color: 'fg', _hover: { bg: 'bg.emphasized' } };
}

/** A file (a PDF) sent with a message: its icon, name and size on one line. */
function FileAttachment({ file, mine }: { file: AttachmentDto; mine: boolean }) {
  const t = useT();
  const iso = useIsolate();
  return (
    <AttachmentLink
      attachment={file}
      display="flex"
      alignItems="center"
      gap="2"
      px="3"
      py="2"
      textDecoration="none"
      {...chipColors(mine)}
      aria-label={t('messages.conversation.fileLabel', {
        name: iso(file.name),
        size: iso(fileSizeText(file.bytes)),
      })}
    >
      <Icon boxSize="4" flexShrink="0" aria-hidden>
        <FileIcon />
      </Icon>
      <Text as="span" fontSize="sm" truncate minW="0" flex="1" dir="auto">
        {file.name}
      </Text>
      <Text as="span" fontSize="xs" opacity="0.8" flexShrink="0">
        {fileSizeText(file.bytes)}
      </Text>
    </AttachmentLink>
  );
}
