import { useState } from 'react';
import { toast } from '../lib/toast';

/** A mutation as the confirmation runs it. */
interface Mutation<I, D> {
  isPending: boolean;
  mutate(input: I, callbacks: { onSuccess: (data: D) => void; onError: (error: unknown) => void }): void;
}

interface ConfirmedMutationOptions<I, D> {
  input: I;
  /** After the mutation, once the question has closed: the toast, and whatever else follows. */
  onDone: (data: D) => void;
  /** The title of the toast that says the mutation failed. */
  failed: string;
  /** A failure closes the question too, instead of leaving it open to try again. */
  closeOnFailure?: boolean;
}

/**
 * Asks before one mutation (withdraw a claim, block a conversation, sign out other sessions):
 * `ask` opens the question; `dialog` are the ConfirmDialog's props, which run the mutation, close
 * the question once it succeeds and toast a failure.
 */
export function useConfirmedMutation<I, D>(
  mutation: Mutation<I, D>,
  { input, onDone, failed, closeOnFailure = false }: ConfirmedMutationOptions<I, D>,
) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const confirm = () =>
    mutation.mutate(input, {
      onSuccess: (data) => {
        close();
        onDone(data);
      },
      onError: (error) => {
        if (closeOnFailure) close();
        toast.failed(failed, error);
      },
    });
  return {
    ask: () => setOpen(true),
    dialog: { open, onClose: close, pending: mutation.isPending, onConfirm: confirm },
  };
}
