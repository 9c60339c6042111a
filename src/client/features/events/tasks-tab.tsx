import { Badge, Box, Checkbox, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { toCivilDate } from '../../../shared/jewish-calendar';
import { EVENT_MESSAGES, type EventDto, type TaskDto } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/form-dialog';
import { FormInput, FormTextarea } from '../../components/form-fields';
import { toast } from '../../lib/toast';
import { useZodForm } from '../../lib/use-zod-form';
import { formatShortDay, todayCivil } from './format';
import { type TaskFormValues, taskForm } from './forms';
import { useItemEditor } from './item-editor';
import { ItemActions, ListEmpty, ListError, ListSkeleton, TabHeader } from './item-parts';
import { useDialogTarget } from './use-dialog-target';
import { useTaskMutations, useTasks } from './use-events';

/** The Tasks tab: tick tasks off at once; add, edit and delete them. */
export function TasksTab({ event }: { event: EventDto }) {
  const tasks = useTasks(event.id);
  const { create, update, remove } = useTaskMutations(event.id);
  const editing = useDialogTarget<TaskDto | 'new'>();
  const deleting = useDialogTarget<TaskDto>();

  const toggle = (task: TaskDto, completed: boolean) => {
    update.mutate(
      { id: task.id, version: task.version, completed },
      {
        onSuccess: () => toast.success(completed ? 'Task completed' : 'Task marked pending'),
        onError: (error) => toast.failed('Failed to update task', error),
      },
    );
  };

  const confirmDelete = () => {
    const task = deleting.target;
    if (!task) return;
    remove.mutate(
      { id: task.id },
      {
        onSuccess: () => {
          toast.success('Task deleted');
          deleting.close();
        },
        onError: (error) => toast.failed('Failed to delete task', error),
      },
    );
  };

  const list = tasks.data ?? [];
  const done = list.filter((task) => task.completed).length;
  // A task's box holds still until its tick is saved: a second tick sent before the answer would
  // be made from the same version and refused as changed elsewhere.
  const togglingId =
    update.isPending && update.variables?.completed !== undefined ? update.variables.id : undefined;
  const today = todayCivil();

  return (
    <Stack gap="4">
      <TabHeader
        summary={tasks.data ? `${done} of ${list.length} tasks completed` : 'Tasks'}
        addLabel="Add Task"
        onAdd={() => editing.show('new')}
      />
      {tasks.isPending ? (
        <ListSkeleton />
      ) : tasks.isLoadingError ? (
        <ListError what="tasks" onRetry={() => void tasks.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty
          icon={
            <Icon boxSize="6">
              <Check />
            </Icon>
          }
          title="No tasks yet"
          text="Add what needs doing before the day: bookings, invitations, fittings."
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Tasks">
          {list.map((task) => {
            const due = task.dueDate ? toCivilDate(task.dueDate) : null;
            const overdue = !task.completed && due !== null && due < today;
            return (
              <Flex
                as="li"
                key={task.id}
                gap="3"
                align="flex-start"
                bg="bg"
                borderWidth="1px"
                borderColor="border.muted"
                rounded="xl"
                p={{ base: '3', md: '4' }}
              >
                <Checkbox.Root
                  checked={task.completed}
                  readOnly={togglingId === task.id}
                  onCheckedChange={(details) => toggle(task, details.checked === true)}
                  alignItems="flex-start"
                  flex="1"
                  minW="0"
                  gap="3"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Box minW="0">
                    <Checkbox.Label
                      fontWeight="semibold"
                      color={task.completed ? 'fg.muted' : 'brand.950'}
                      textDecoration={task.completed ? 'line-through' : undefined}
                      wordBreak="break-word"
                    >
                      {task.title}
                    </Checkbox.Label>
                    {task.description ? (
                      <Text fontSize="sm" color="fg.muted" mt="0.5" wordBreak="break-word">
                        {task.description}
                      </Text>
                    ) : null}
                    <Flex gap="2" mt="2" align="center" wrap="wrap">
                      <Badge colorPalette={task.completed ? 'green' : 'gray'} variant="subtle">
                        {task.completed ? 'Completed' : 'Pending'}
                      </Badge>
                      {task.dueDate ? (
                        <Text fontSize="xs" color={overdue ? 'fg.error' : 'fg.muted'}>
                          {overdue ? 'Overdue: ' : 'Due '}
                          {formatShortDay(task.dueDate)}
                        </Text>
                      ) : null}
                    </Flex>
                  </Box>
                </Checkbox.Root>
                <ItemActions
                  noun="task"
                  name={task.title}
                  onEdit={() => editing.show(task)}
                  onDelete={() => deleting.show(task)}
                />
              </Flex>
            );
          })}
        </Stack>
      )}
      <TaskDialog
        eventId={event.id}
        task={editing.target === 'new' ? null : editing.target}
        open={editing.open}
        onClose={editing.close}
        create={create}
        update={update}
      />
      <ConfirmDialog
        open={deleting.open}
        onClose={deleting.close}
        title="Delete this task?"
        confirmLabel="Delete Task"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        “{deleting.target?.title}” will be removed from {event.title}. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}

type Mutations = ReturnType<typeof useTaskMutations>;

interface TaskDialogProps {
  eventId: string;
  task: TaskDto | null;
  open: boolean;
  onClose: () => void;
  create: Mutations['create'];
  update: Mutations['update'];
}

function TaskDialog({ eventId, task, open, onClose, create, update }: TaskDialogProps) {
  const form = useZodForm(taskForm, {
    defaultValues: valuesOf(null),
    pending: create.isPending || update.isPending,
  });
  const { dialog } = useItemEditor({
    noun: 'Task',
    item: task,
    open,
    onClose,
    form,
    valuesOf,
    create: ({ title, description, dueDate }, callbacks) =>
      create.mutate({ id: eventId, title, description, dueDate }, callbacks),
    update: (base, { title, description, dueDate }, callbacks) => {
      update.mutate({ id: base.id, version: base.version, title, description, dueDate }, callbacks);
      return true;
    },
    onInvalid: (errors) => {
      if (errors.title) toast.error(EVENT_MESSAGES.required);
    },
  });
  return dialog(
    <>
      <FormInput
        form={form}
        name="title"
        label="Task"
        required
        maxLength={200}
        placeholder="e.g. Book the photographer"
        autoComplete="off"
      />
      <FormTextarea form={form} name="description" label="Description" rows={3} maxLength={2000} />
      <FormInput form={form} name="dueDate" label="Due date" type="date" max="9999-12-31" />
    </>,
  );
}

function valuesOf(task: TaskDto | null): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    dueDate: task?.dueDate ? toCivilDate(task.dueDate) : '',
  };
}
