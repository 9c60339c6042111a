import { Button, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { ErrorAlert } from './error-alert';

interface ScreenFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  /** The words of the submit button. */
  submitLabel: ReactNode;
  /** Its words while the form is being sent. */
  pendingLabel?: string;
  /** Why the last try failed, shown above the fields. */
  failure?: string | null;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * The form of a sign-in, sign-up or password screen: the fields (checked by the form, not the
 * browser), the last failure above them and one wide submit button under them.
 */
export function ScreenForm({
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  failure,
  children,
  ...label
}: ScreenFormProps) {
  const t = useT();
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending} {...label}>
      <Stack gap="5">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {children}
        <Button
          type="submit"
          size="lg"
          w="full"
          loading={pending}
          loadingText={pendingLabel ?? t('common.state.pleaseWait')}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
