import { Badge } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import { PageFrame } from '../../components/page-frame';
import { useUnreadCount } from '../../components/use-unread-count';
import { useT } from '../../i18n/use-t';
import { useWiderThan } from '../../lib/viewport';
import { ConversationsView } from './conversations-view';

/** /messages: the customer's conversations with vendors (spec section 2). */
export function MessagesPage() {
  const t = useT();
  const unread = useUnreadCount();
  const [params] = useSearchParams();
  const wide = useWiderThan('md');
  // On a phone an open conversation gets the room the description would take.
  const compact = !wide && params.has('thread');
  return (
    <PageFrame
      title={t('messages.page.title')}
      description={compact ? undefined : t('messages.page.description')}
      badge={
        unread > 0 ? (
          <Badge
            colorPalette="red"
            variant="solid"
            rounded="full"
            fontSize="sm"
            px="2.5"
            aria-label={t('messages.page.unread', { count: unread })}
            data-testid="messages-page-unread-badge"
          >
            {unread}
          </Badge>
        ) : null
      }
    >
      <ConversationsView
        height={{ base: 'calc(100dvh - 15.75rem)', md: 'min(42rem, calc(100dvh - 15rem))' }}
        empty={{
          description: t('messages.page.empty'),
          action: <LinkButton to="/marketplace">{t('messages.page.browse')}</LinkButton>,
        }}
      />
    </PageFrame>
  );
}
