import { Badge, useBreakpointValue } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import { PageFrame } from '../../components/page-frame';
import { useUnreadCount } from '../../components/use-unread-count';
import { ConversationsView } from './conversations-view';

/** /messages: the customer's conversations with vendors (spec section 2). */
export function MessagesPage() {
  const unread = useUnreadCount();
  const [params] = useSearchParams();
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  // On a phone an open conversation gets the room the description would take.
  const compact = !wide && params.has('thread');
  return (
    <PageFrame
      title="Messages"
      description={compact ? undefined : 'Your conversations with vendors about your events.'}
      badge={
        unread > 0 ? (
          <Badge
            colorPalette="red"
            variant="solid"
            rounded="full"
            fontSize="sm"
            px="2.5"
            aria-label={`${unread} unread`}
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
          description:
            'Find a vendor in the marketplace and send an availability request or a message; the conversation continues here.',
          action: <LinkButton to="/marketplace">Browse the marketplace</LinkButton>,
        }}
      />
    </PageFrame>
  );
}
