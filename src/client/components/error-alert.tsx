import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Why a form's request failed, when it is about no one field; shown above the fields. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="error" rounded="lg" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
