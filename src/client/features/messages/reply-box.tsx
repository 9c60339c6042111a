import { type BoxProps, Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Paperclip, Send } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import { MESSAGING_LIMITS, type ThreadSide } from '../../../shared/schemas/messages';
import { PickedFiles } from '../../components/picked-files';
import { DirectionalIcon } from '../../i18n/bidi';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { ATTACHMENT_ACCEPT, useAttachmentUploads } from '../../lib/attachments';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { PaneBar } from './pane-bar';
import { QuickRepliesMenu } from './quick-replies';
import { useReply } from './use-messages';

interface ReplyBoxProps {
  threadId: string;
  side: ThreadSide;
  /** Who the reply goes to, for the box's description. */
  recipient: string;
}

/** The bar under a conversation's messages: the reply box, or why there is none. */
export function ConversationFooter(props: BoxProps) {
  return <PaneBar edge="top" px={{ base: '3', md: '4' }} py="3" bg="bg" {...props} />;
}

/**
 * The reply box (spec sections 2 and 5): two rows, Enter sends and Shift+Enter starts a new line,
 * Send stays disabled while the trimmed text is empty or a send is on its way. Files upload as soon
 * as they are picked. A failed send keeps the text.
 */
export function ReplyBox({ threadId, side, recipient }: ReplyBoxProps) {
  const t = useT();
  const iso = useIsolate();
  const reply = useReply();
  // Quick replies are a vendor account's; a customer account that owns a listing answers without them.
  const { user } = useCurrentUser();
  const uploads = useAttachmentUploads();
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Waiting for files still uploading, before the send itself.
  const [waiting, setWaiting] = useState(false);
  const pending = reply.isPending || waiting;
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && !pending && !uploads.failed;

  const send = async () => {
    if (!canSend) return;
    setWaiting(true);
    const files = await uploads.settled();
    setWaiting(false);
    if (files.failed) {
      toast.error(t('messages.reply.failed'), t('messages.reply.filesFailed'));
      return;
    }
    reply.mutate(
      {
        threadId,
        messageText: trimmed,
        messageType: 'text',
        attachmentIds: files.uploaded.map((a) => a.id),
      },
      {
        onSuccess: () => {
          setText('');
          uploads.clear();
          toast.success(t('messages.reply.sent'));
        },
        onError: (error) => toast.failed(t('messages.reply.failed'), error),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  /** Puts a quick reply where the cursor was, replacing any selected text. */
  const insert = (body: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${body}${text.slice(end)}`.slice(0, MESSAGING_LIMITS.replyMax);
    setText(next);
    const caret = Math.min(start + body.length, next.length);
    // After the menu has closed and handed focus back.
    window.setTimeout(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(caret, caret);
    }, 0);
  };

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    uploads.pick(chosen);
  };

  return (
    <ConversationFooter
      as="form"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        void send();
      }}
      aria-label={t('messages.reply.label')}
      aria-busy={pending}
    >
      <Stack gap="2">
        <PickedFiles
          files={uploads.files}
          onRemove={uploads.remove}
          onRetry={uploads.retry}
          disabled={pending}
          label={t('messages.reply.files')}
          compact
        />
        <Field.Root>
          <Field.Label srOnly>{t('messages.reply.label')}</Field.Label>
          <Textarea
            ref={textarea}
            name="messageText"
            rows={2}
            resize="none"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            maxLength={MESSAGING_LIMITS.replyMax}
            placeholder={t('messages.reply.placeholder', { name: iso(recipient) })}
            bg="bg"
          />
          <Field.HelperText srOnly>{t('messages.reply.keys')}</Field.HelperText>
        </Field.Root>
        <HStack justify="space-between" gap="2">
          <HStack gap="1">
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              hidden
              onChange={addFiles}
              tabIndex={-1}
            />
            <IconButton
              aria-label={t('messages.reply.attach')}
              variant="ghost"
              size="sm"
              onClick={() => fileInput.current?.click()}
              disabled={pending || uploads.full}
              title={t('messages.reply.attachHint')}
            >
              <Paperclip />
            </IconButton>
            {side === 'vendor' && user?.role === 'vendor' ? <QuickRepliesMenu onInsert={insert} /> : null}
            {uploads.failed ? (
              <Text fontSize="xs" color="fg.error">
                {t('messages.reply.fixFiles')}
              </Text>
            ) : null}
          </HStack>
          <Button
            type="submit"
            size="sm"
            disabled={!canSend}
            loading={pending}
            loadingText={t('messages.reply.sending')}
          >
            <DirectionalIcon>
              <Send aria-hidden />
            </DirectionalIcon>
            {t('messages.reply.send')}
          </Button>
        </HStack>
      </Stack>
    </ConversationFooter>
  );
}
