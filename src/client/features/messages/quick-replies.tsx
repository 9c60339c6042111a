import { Box, Button, Dialog, HStack, IconButton, Menu, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import {
  MESSAGING_LIMITS,
  type QuickReplyDto,
  quickReplyCreateInput,
} from '../../../shared/schemas/messages';
import { ActionMenu } from '../../components/action-menu';
import { DialogCloseX, DialogDismiss, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { fieldBinder } from '../../components/field-binder';
import { FormTextField } from '../../components/form-fields';
import { OutlinedRow } from '../../components/outlined-row';
import { useCheckedForm } from '../../components/use-checked-form';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { errorCode } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { MessageTextField } from './message-text-field';

const MANAGE = '__manage';

/** The vendor's saved quick replies: picking one puts its text where the cursor is in the reply box. */
export function QuickRepliesMenu({ onInsert }: { onInsert: (body: string) => void }) {
  const t = useT();
  const list = trpc.messages.quickReplies.useQuery();
  const [managing, setManaging] = useState(false);
  const items = list.data ?? [];

  return (
    <>
      <ActionMenu
        positioning={{ placement: 'top-start' }}
        onSelect={({ value }) => {
          if (value === MANAGE) {
            setManaging(true);
            return;
          }
          const picked = items.find((q) => q.id === value);
          if (picked) onInsert(picked.body);
        }}
        trigger={
          <IconButton
            aria-label={t('messages.quick.label')}
            variant="ghost"
            size="sm"
            title={t('messages.quick.label')}
          >
            <Zap aria-hidden />
          </IconButton>
        }
        content={{ maxW: 'min(22rem, calc(100vw - 2rem))', minW: '14rem' }}
      >
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>{t('messages.quick.label')}</Menu.ItemGroupLabel>
          {list.isPending ? (
            <Menu.Item value="__loading" disabled>
              {t('messages.quick.loading')}
            </Menu.Item>
          ) : list.isLoadingError ? (
            <Menu.Item value="__error" disabled>
              {t('messages.quick.loadFailed')}
            </Menu.Item>
          ) : items.length === 0 ? (
            <Menu.Item value="__none" disabled>
              {t('messages.quick.none')}
            </Menu.Item>
          ) : (
            items.map((q) => (
              <Menu.Item key={q.id} value={q.id} h="auto" py="2">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" truncate dir="auto">
                    {q.title}
                  </Text>
                  <Text textStyle="caption" lineClamp={1} dir="auto">
                    {q.body}
                  </Text>
                </Stack>
              </Menu.Item>
            ))
          )}
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value={MANAGE}>{t('messages.quick.manage')}</Menu.Item>
      </ActionMenu>
      <QuickRepliesDialog open={managing} onClose={() => setManaging(false)} />
    </>
  );
}

const quickReplyForm = quickReplyCreateInput.omit({ idempotencyKey: true });
type QuickReplyForm = z.input<typeof quickReplyForm>;
const EMPTY: QuickReplyForm = { title: '', body: '' };

/** Add, edit and delete quick replies (at most 10). */
function QuickRepliesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const iso = useIsolate();
  const utils = trpc.useUtils();
  const list = trpc.messages.quickReplies.useQuery(undefined, { enabled: open });
  const refresh = () => utils.messages.quickReplies.invalidate();
  const create = useIdempotentCreate(trpc.messages.createQuickReply.useMutation({ onSuccess: refresh }));
  const update = trpc.messages.updateQuickReply.useMutation({ onSuccess: refresh });
  const remove = trpc.messages.deleteQuickReply.useMutation({ onSuccess: refresh });
  const [editing, setEditing] = useState<QuickReplyDto | null>(null);
  const [adding, setAdding] = useState(false);
  const { register, handleSubmit, reset, errors, placeServerError } = useCheckedForm<QuickReplyForm>(
    quickReplyForm,
    EMPTY,
  );

  const items = list.data ?? [];
  const full = items.length >= MESSAGING_LIMITS.quickRepliesMax;
  const formOpen = adding || editing !== null;
  const saving = create.isPending || update.isPending;
  const field = fieldBinder(register, errors, saving);

  const startAdd = () => {
    setEditing(null);
    setAdding(true);
    reset(EMPTY);
  };
  const startEdit = (q: QuickReplyDto) => {
    setAdding(false);
    setEditing(q);
    reset({ title: q.title, body: q.body });
  };
  const stopEditing = () => {
    setAdding(false);
    setEditing(null);
    reset(EMPTY);
  };

  const onFailure = (title: string) => (error: unknown) => {
    if (placeServerError(error, ['title', 'body'])) return;
    if (errorCode(error) === 'CONFLICT') void refresh();
    toast.failed(title, error);
  };

  const save = handleSubmit(({ title, body }) => {
    if (editing) {
      update.mutate(
        { id: editing.id, title, body, version: editing.version },
        {
          onSuccess: () => {
            toast.success(t('messages.quick.saved'));
            stopEditing();
          },
          onError: onFailure(t('messages.quick.saveFailed')),
        },
      );
    } else {
      create.mutate(
        { title, body },
        {
          onSuccess: () => {
            toast.success(t('messages.quick.added'));
            stopEditing();
          },
          onError: onFailure(t('messages.quick.addFailed')),
        },
      );
    }
  });

  const del = (q: QuickReplyDto) =>
    remove.mutate(
      { id: q.id },
      {
        onSuccess: () => {
          toast.success(t('messages.quick.deleted'));
          if (editing?.id === q.id) stopEditing();
        },
        onError: (error) => toast.failed(t('messages.quick.deleteFailed'), error),
      },
    );

  return (
    <DialogShell
      open={open}
      onClose={() => {
        stopEditing();
        onClose();
      }}
      long="lg"
    >
      <Dialog.Content>
        <DialogHeading
          title={t('messages.quick.label')}
          description={t('messages.quick.dialogDescription', { max: MESSAGING_LIMITS.quickRepliesMax })}
        />
        <Dialog.Body>
          <Stack gap="4">
            {list.isPending ? (
              <Stack gap="2" role="status" aria-busy="true" aria-label={t('messages.quick.loadingList')}>
                <Skeleton h="14" rounded="lg" />
                <Skeleton h="14" rounded="lg" />
              </Stack>
            ) : items.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                {t('messages.quick.noneYet')}
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label={t('messages.quick.savedList')}>
                {items.map((q) => (
                  <OutlinedRow
                    key={q.id}
                    marked={editing?.id === q.id}
                    markColor="brand.solid"
                    align="flex-start"
                    gap="2"
                    py="3"
                  >
                    <Box flex="1" minW="0">
                      <Text fontWeight="medium" truncate dir="auto">
                        {q.title}
                      </Text>
                      <Text fontSize="sm" color="fg.muted" lineClamp={2} whiteSpace="pre-wrap" dir="auto">
                        {q.body}
                      </Text>
                    </Box>
                    <IconButton
                      aria-label={t('messages.quick.edit', { title: iso(q.title) })}
                      size="xs"
                      variant="ghost"
                      onClick={() => startEdit(q)}
                    >
                      <Pencil />
                    </IconButton>
                    <IconButton
                      aria-label={t('messages.quick.delete', { title: iso(q.title) })}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      loading={remove.isPending && remove.variables?.id === q.id}
                      onClick={() => del(q)}
                    >
                      <Trash2 />
                    </IconButton>
                  </OutlinedRow>
                ))}
              </Stack>
            )}

            {formOpen ? (
              <Box asChild borderWidth="1px" borderColor="border" rounded="lg" p="4">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    // The dialog sits inside the reply box's form in React's tree: this submit is not a send.
                    e.stopPropagation();
                    void save();
                  }}
                  noValidate
                  aria-label={editing ? t('messages.quick.editForm') : t('messages.quick.newForm')}
                >
                  <Stack gap="4">
                    <FormTextField
                      label={t('messages.quick.title')}
                      required
                      maxLength={MESSAGING_LIMITS.quickReplyTitleMax}
                      autoFocus
                      {...field('title')}
                    />
                    <MessageTextField label={t('messages.quick.text')} rows={4} {...field('body')} />
                    <HStack justify="flex-end" gap="2">
                      <Button variant="outline" size="sm" onClick={stopEditing} disabled={saving}>
                        {t('messages.quick.cancel')}
                      </Button>
                      <Button
                        type="submit"
                        size="sm"
                        loading={saving}
                        loadingText={t('messages.quick.saving')}
                      >
                        {editing ? t('messages.quick.saveChanges') : t('messages.quick.add')}
                      </Button>
                    </HStack>
                  </Stack>
                </form>
              </Box>
            ) : full ? (
              <Text fontSize="sm" color="fg.muted">
                {t('messages.quick.full', { max: MESSAGING_LIMITS.quickRepliesMax })}
              </Text>
            ) : list.isSuccess ? (
              <Box>
                <Button variant="outline" size="sm" onClick={startAdd}>
                  <Plus />
                  {t('messages.quick.new')}
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <DialogDismiss>{t('messages.quick.done')}</DialogDismiss>
        </Dialog.Footer>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
