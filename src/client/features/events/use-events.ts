import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../server/doors/trpc/app-router';
import type { EventDto } from '../../../shared/schemas/event-answers';
import type { DepositDto, MemoDto, TaskDto } from '../../../shared/schemas/events';
import { useIdempotentCreate } from '../../lib/idempotency';
import { staleCurrent, withRow } from '../../lib/stale-write';
import { trpc } from '../../lib/trpc';

type Inputs = inferRouterInputs<AppRouter>;
export type TaskUpdate = Inputs['tasks']['update'];
export type DepositUpdate = Inputs['deposits']['update'];

/**
 * The events screens' data. Each mutation refreshes exactly what it changes: its own tab's list,
 * and the events list only when the counts or sums it carries (tasks done, paid and total
 * deposits) can move.
 *
 * Updates send the version of the row they were made from. An update's answer goes into the cache
 * at once, so the next edit of the row is made from the version just written; an edit refused as
 * stale (someone changed the row elsewhere) puts the current row in its place instead.
 */
export function useEventsList() {
  return trpc.events.list.useQuery();
}

export function useCreateEvent() {
  const utils = trpc.useUtils();
  return useIdempotentCreate(
    trpc.events.create.useMutation({ onSuccess: () => utils.events.list.invalidate() }),
  );
}

export function useUpdateEvent() {
  const utils = trpc.useUtils();
  return trpc.events.update.useMutation({
    // The share switch flips at once; the server's answer settles it.
    onMutate: async (input) => {
      if (input.isPublic === undefined) return { previous: undefined };
      await utils.events.list.cancel();
      const previous = utils.events.list.getData();
      utils.events.list.setData(undefined, (list) =>
        list?.map((event) =>
          event.id === input.id ? { ...event, isPublic: input.isPublic ?? false } : event,
        ),
      );
      return { previous };
    },
    onSuccess: (event) => utils.events.list.setData(undefined, (list) => withRow(list, event)),
    onError: (error, _input, context) => {
      if (context?.previous) utils.events.list.setData(undefined, context.previous);
      const current = staleCurrent<EventDto>(error);
      if (current) utils.events.list.setData(undefined, (list) => withRow(list, current));
    },
    onSettled: () => utils.events.list.invalidate(),
  });
}

export function useDeleteEvent() {
  const utils = trpc.useUtils();
  return trpc.events.delete.useMutation({
    // Not awaited: the screen leaves the deleted event first, so nothing asks the server for its tasks.
    onSuccess: () => {
      void utils.events.list.invalidate();
    },
  });
}

export function useTasks(eventId: string) {
  return trpc.tasks.list.useQuery({ id: eventId });
}

export function useTaskMutations(eventId: string) {
  const utils = trpc.useUtils();
  const key = { id: eventId };
  const refresh = (counts: boolean) =>
    Promise.all([utils.tasks.list.invalidate(key), counts ? utils.events.list.invalidate() : null]);

  const create = useIdempotentCreate(trpc.tasks.create.useMutation({ onSuccess: () => refresh(true) }));
  const update = trpc.tasks.update.useMutation({
    // Ticking a task off shows at once; a refused change puts the list back.
    onMutate: async (input) => {
      if (input.completed === undefined) return { previous: undefined };
      await utils.tasks.list.cancel(key);
      const previous = utils.tasks.list.getData(key);
      utils.tasks.list.setData(key, (list) =>
        list?.map((task) => (task.id === input.id ? { ...task, completed: input.completed ?? false } : task)),
      );
      return { previous };
    },
    onSuccess: (task) => utils.tasks.list.setData(key, (list) => withRow(list, task)),
    onError: (error, _input, context) => {
      if (context?.previous) utils.tasks.list.setData(key, context.previous);
      const current = staleCurrent<TaskDto>(error);
      if (current) utils.tasks.list.setData(key, (list) => withRow(list, current));
    },
    onSettled: (_data, _error, input) => refresh(input.completed !== undefined),
  });
  const remove = trpc.tasks.delete.useMutation({ onSuccess: () => refresh(true) });
  return { create, update, remove };
}

export function useDeposits(eventId: string) {
  return trpc.deposits.list.useQuery({ id: eventId });
}

export function useDepositMutations(eventId: string) {
  const utils = trpc.useUtils();
  const key = { id: eventId };
  const refresh = (sums: boolean) =>
    Promise.all([utils.deposits.list.invalidate(key), sums ? utils.events.list.invalidate() : null]);

  const create = useIdempotentCreate(trpc.deposits.create.useMutation({ onSuccess: () => refresh(true) }));
  const update = trpc.deposits.update.useMutation({
    onSuccess: (deposit, input) => {
      utils.deposits.list.setData(key, (list) => withRow(list, deposit));
      return refresh(input.amount !== undefined || input.paid !== undefined);
    },
    onError: (error) => {
      const current = staleCurrent<DepositDto>(error);
      if (!current) return;
      utils.deposits.list.setData(key, (list) => withRow(list, current));
      // Whatever changed elsewhere may have moved the event's sums.
      return refresh(true);
    },
  });
  const remove = trpc.deposits.delete.useMutation({ onSuccess: () => refresh(true) });
  return { create, update, remove };
}

export function useMemos(eventId: string) {
  return trpc.memos.list.useQuery({ id: eventId });
}

export function useMemoMutations(eventId: string) {
  const utils = trpc.useUtils();
  const key = { id: eventId };
  const refresh = () => utils.memos.list.invalidate(key);
  const create = useIdempotentCreate(trpc.memos.create.useMutation({ onSuccess: refresh }));
  const update = trpc.memos.update.useMutation({
    onSuccess: (memo) => {
      utils.memos.list.setData(key, (list) => withRow(list, memo));
      return refresh();
    },
    onError: (error) => {
      const current = staleCurrent<MemoDto>(error);
      if (current) utils.memos.list.setData(key, (list) => withRow(list, current));
    },
  });
  const remove = trpc.memos.delete.useMutation({ onSuccess: refresh });
  return { create, update, remove };
}
