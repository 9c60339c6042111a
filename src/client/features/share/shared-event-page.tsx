import { Button, Container } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { LinkIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** /share/:shareId: the read-only view of an event its family shared. */
export function SharedEventPage() {
  return (
    <Container maxW="4xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <PageFrame
        title="Shared event"
        description="A read-only view of an event that a family shared with you."
      >
        <EmptyPanel
          icon={<LinkIcon boxSize="8" />}
          title="This event is not available"
          description="The link may be incomplete, or the family may have stopped sharing the event. Ask them to send the link again."
        >
          <Button asChild variant="outline">
            <RouterLink to="/">Discover SimchaHub</RouterLink>
          </Button>
        </EmptyPanel>
      </PageFrame>
    </Container>
  );
}
