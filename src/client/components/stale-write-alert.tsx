import { Alert, Button } from '@chakra-ui/react';
import { STALE_WRITE_MESSAGE } from '../../shared/schemas/common';

/**
 * Shown in a form whose save was refused because the row changed elsewhere since the form opened.
 * Reload replaces what the form shows with the latest version, from which the next save is made.
 */
export function StaleWriteAlert({ onReload }: { onReload: () => void }) {
  return (
    <Alert.Root status="warning" rounded="lg" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{STALE_WRITE_MESSAGE}</Alert.Description>
      </Alert.Content>
      <Button type="button" size="sm" variant="outline" flexShrink="0" onClick={onReload}>
        Reload
      </Button>
    </Alert.Root>
  );
}
