import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { MessageIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** /messages: the customer's conversations with vendors. */
export function MessagesPage() {
  return (
    <PageFrame title="Messages" description="Your conversations with vendors about your events.">
      <EmptyPanel
        icon={<MessageIcon boxSize="8" />}
        title="No messages yet"
        description="Find a vendor in the marketplace and send an availability request; the conversation continues here."
      >
        <Button asChild>
          <RouterLink to="/marketplace">Browse the marketplace</RouterLink>
        </Button>
      </EmptyPanel>
    </PageFrame>
  );
}
