import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type FormAlertProps = Omit<Alert.RootProps, 'children'> & {
  children: ReactNode;
  /** A button after the message, e.g. Reload. */
  action?: ReactNode;
};

/** A message of a form as a whole, not of one field: its status icon, the text, and an action if any. */
export function FormAlert({ children, action, ...root }: FormAlertProps) {
  return (
    <Alert.Root rounded="lg" {...root}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
      {action}
    </Alert.Root>
  );
}

/** Why a form's request failed, when it is about no one field; shown above the fields. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <FormAlert status="error" variant="subtle">
      {children}
    </FormAlert>
  );
}
