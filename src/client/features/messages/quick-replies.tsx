import { Box, Button, Dialog, HStack, IconButton, Menu, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import {
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type QuickReplyDto,
  quickReplyCreateInput,
} from '../../../shared/schemas/messages';
import { ActionMenu } from '../../components/action-menu';
import { DialogCloseX, DialogDismiss, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { fieldBinder } from '../../components/field-binder';
import { FormTextField } from '../../components/form-fields';
import { OutlinedRow } from '../../components/outlined-row';
import { useCheckedForm } from '../../components/use-checked-form';
import { errorCode } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { MessageTextField } from './message-text-field';

const MANAGE = '__manage';

/** The vendor's saved quick replies: picking one puts its text where the cursor is in the reply box. */
export function QuickRepliesMenu({ onInsert }: { onInsert: (body: string) => void }) {
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
          <IconButton aria-label="Quick replies" variant="ghost" size="sm" title="Quick replies">
            <Zap aria-hidden />
          </IconButton>
        }
        content={{ maxW: 'min(22rem, calc(100vw - 2rem))', minW: '14rem' }}
      >
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>Quick replies</Menu.ItemGroupLabel>
          {list.isPending ? (
            <Menu.Item value="__loading" disabled>
              Loading...
            </Menu.Item>
          ) : list.isLoadingError ? (
            <Menu.Item value="__error" disabled>
              Could not load your quick replies
            </Menu.Item>
          ) : items.length === 0 ? (
            <Menu.Item value="__none" disabled>
              No quick replies yet
            </Menu.Item>
          ) : (
            items.map((q) => (
              <Menu.Item key={q.id} value={q.id} h="auto" py="2">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" truncate>
                    {q.title}
                  </Text>
                  <Text textStyle="caption" lineClamp={1}>
                    {q.body}
                  </Text>
                </Stack>
              </Menu.Item>
            ))
          )}
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value={MANAGE}>Manage quick replies</Menu.Item>
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
            toast.success('Quick reply saved');
            stopEditing();
          },
          onError: onFailure('Could not save the quick reply'),
        },
      );
    } else {
      create.mutate(
        { title, body },
        {
          onSuccess: () => {
            toast.success('Quick reply added');
            stopEditing();
          },
          onError: onFailure('Could not add the quick reply'),
        },
      );
    }
  });

  const del = (q: QuickReplyDto) =>
    remove.mutate(
      { id: q.id },
      {
        onSuccess: () => {
          toast.success('Quick reply deleted');
          if (editing?.id === q.id) stopEditing();
        },
        onError: (error) => toast.failed('Could not delete the quick reply', error),
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
          title="Quick replies"
          description={
            <>
              Save answers you give often and insert them with one click. Up to{' '}
              {MESSAGING_LIMITS.quickRepliesMax}.
            </>
          }
        />
        <Dialog.Body>
          <Stack gap="4">
            {list.isPending ? (
              <Stack gap="2" role="status" aria-busy="true" aria-label="Loading quick replies">
                <Skeleton h="14" rounded="lg" />
                <Skeleton h="14" rounded="lg" />
              </Stack>
            ) : items.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No quick replies yet.
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Saved quick replies">
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
                      <Text fontWeight="medium" truncate>
                        {q.title}
                      </Text>
                      <Text fontSize="sm" color="fg.muted" lineClamp={2} whiteSpace="pre-wrap">
                        {q.body}
                      </Text>
                    </Box>
                    <IconButton
                      aria-label={`Edit ${q.title}`}
                      size="xs"
                      variant="ghost"
                      onClick={() => startEdit(q)}
                    >
                      <Pencil />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${q.title}`}
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
                  aria-label={editing ? 'Edit quick reply' : 'New quick reply'}
                >
                  <Stack gap="4">
                    <FormTextField
                      label="Title"
                      required
                      maxLength={MESSAGING_LIMITS.quickReplyTitleMax}
                      autoFocus
                      {...field('title')}
                    />
                    <MessageTextField label="Text" rows={4} {...field('body')} />
                    <HStack justify="flex-end" gap="2">
                      <Button variant="outline" size="sm" onClick={stopEditing} disabled={saving}>
                        Cancel
                      </Button>
                      <Button type="submit" size="sm" loading={saving} loadingText="Saving...">
                        {editing ? 'Save changes' : 'Add quick reply'}
                      </Button>
                    </HStack>
                  </Stack>
                </form>
              </Box>
            ) : full ? (
              <Text fontSize="sm" color="fg.muted">
                {MESSAGING_MESSAGES.quickRepliesFull}
              </Text>
            ) : list.isSuccess ? (
              <Box>
                <Button variant="outline" size="sm" onClick={startAdd}>
                  <Plus />
                  New quick reply
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <DialogDismiss>Done</DialogDismiss>
        </Dialog.Footer>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
