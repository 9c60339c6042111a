import { Button, Icon } from '@chakra-ui/react';
import { CalendarCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { serverMessage } from '../lib/errors';
import { EmptyPanel } from './empty-panel';

/** In place of a list of events: there are none yet, or they could not be loaded. */
export function EventsEmpty({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <EmptyPanel
      icon={
        <Icon boxSize="8">
          <CalendarCheck />
        </Icon>
      }
      title={title}
      description={description}
    >
      {children}
    </EmptyPanel>
  );
}

/** The events could not be loaded: why, when the server said, and another try. */
export function EventsLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EventsEmpty
      title="Could not load your events"
      description={serverMessage(error) ?? 'Check your connection and try again.'}
    >
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </EventsEmpty>
  );
}
