import { Badge, Box, Checkbox, Flex, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { toCivilDate } from '../../../shared/jewish-calendar';
import type { EventDto } from '../../../shared/schemas/event-answers';
import type { TaskDto } from '../../../shared/schemas/events';
import { FormInput, FormTextarea } from '../../components/form-fields';
import { useT } from '../../i18n/use-t';
import { formatShortDay, todayCivil } from './format';
import { type TaskFormValues, taskForm } from './forms';
import { ItemNameInput, titleRequired } from './item-editor';
import { ItemCard, ItemList, rowToasts } from './item-list';
import { useTaskMutations, useTasks } from './use-events';

/** The Tasks tab: tick tasks off at once; add, edit and delete them. */
export function TasksTab({ event }: { event: EventDto }) {
  const tasks = useTasks(event.id);
  const { create, update, remove } = useTaskMutations(event.id);
  const t = useT();

  const toggle = (task: TaskDto, completed: boolean) =>
    update.mutate(
      { id: task.id, version: task.version, completed },
      rowToasts(
        t(completed ? 'events.tasks.completedToast' : 'events.tasks.pendingToast'),
        t('events.item.task.updateFailed'),
      ),
    );

  // A task's box holds still until its tick is saved: a second tick sent before the answer would
  // be made from the same version and refused as changed elsewhere.
  const togglingId =
    update.isPending && update.variables?.completed !== undefined ? update.variables.id : undefined;
  const today = todayCivil();

  return (
    <ItemList
      kind="task"
      query={tasks}
      remove={remove}
      summary={(list) =>
        t('events.tasks.summary', { done: list.filter((task) => task.completed).length, total: list.length })
      }
      empty={{
        icon: <Check />,
        title: t('events.tasks.emptyTitle'),
        text: t('events.tasks.emptyText'),
      }}
      nameOf={(task) => task.title}
      deleteText={(task) => (
        <FormattedMessage
          id="events.tasks.deleteText"
          values={{ title: <bdi>{task?.title}</bdi>, event: <bdi>{event.title}</bdi> }}
        />
      )}
      editor={{
        schema: taskForm,
        pending: create.isPending || update.isPending,
        valuesOf,
        create: ({ title, description, dueDate }, callbacks) =>
          create.mutate({ id: event.id, title, description, dueDate }, callbacks),
        update: (base, { title, description, dueDate }, callbacks) => {
          update.mutate({ id: base.id, version: base.version, title, description, dueDate }, callbacks);
          return true;
        },
        onInvalid: titleRequired,
        fields: (form) => (
          <>
            <ItemNameInput
              form={form}
              name="title"
              label={t('events.tasks.title')}
              placeholder={t('events.tasks.titlePlaceholder')}
            />
            <FormTextarea
              form={form}
              name="description"
              label={t('events.tasks.description')}
              rows={3}
              maxLength={2000}
            />
            <FormInput
              form={form}
              name="dueDate"
              label={t('events.tasks.dueDate')}
              type="date"
              max="9999-12-31"
            />
          </>
        ),
      }}
      renderRow={(task, actions) => {
        const due = task.dueDate ? toCivilDate(task.dueDate) : null;
        const overdue = !task.completed && due !== null && due < today;
        return (
          <ItemCard key={task.id} align="flex-start">
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
                  <bdi>{task.title}</bdi>
                </Checkbox.Label>
                {task.description ? (
                  <Text fontSize="sm" color="fg.muted" mt="0.5" wordBreak="break-word" dir="auto">
                    {task.description}
                  </Text>
                ) : null}
                <Flex gap="2" mt="2" align="center" wrap="wrap">
                  <Badge colorPalette={task.completed ? 'green' : 'gray'} variant="subtle">
                    {t(task.completed ? 'events.tasks.completed' : 'events.tasks.pending')}
                  </Badge>
                  {task.dueDate ? (
                    <Text fontSize="xs" color={overdue ? 'fg.error' : 'fg.muted'}>
                      {t(overdue ? 'events.tasks.overdue' : 'events.tasks.due', {
                        date: formatShortDay(task.dueDate),
                      })}
                    </Text>
                  ) : null}
                </Flex>
              </Box>
            </Checkbox.Root>
            {actions}
          </ItemCard>
        );
      }}
    />
  );
}

function valuesOf(task: TaskDto | null): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    dueDate: task?.dueDate ? toCivilDate(task.dueDate) : '',
  };
}
