import { Button } from '@chakra-ui/react';
import { STALE_WRITE_MESSAGE } from '../../shared/schemas/common';
import { useMessageText, useT } from '../i18n/use-t';
import { FormAlert } from './error-alert';

/**
 * Shown in a form whose save was refused because the row changed elsewhere since the form opened.
 * Reload replaces what the form shows with the latest version, from which the next save is made.
 */
export function StaleWriteAlert({ onReload }: { onReload: () => void }) {
  const t = useT();
  // The shared sentence the server sends with the refusal, in the page's language.
  const messageText = useMessageText();
  return (
    <FormAlert
      status="warning"
      alignItems="center"
      action={
        <Button type="button" size="sm" variant="outline" flexShrink="0" onClick={onReload}>
          {t('common.action.reload')}
        </Button>
      }
    >
      {messageText(STALE_WRITE_MESSAGE)}
    </FormAlert>
  );
}
