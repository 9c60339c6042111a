import { CalendarCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyPanel, LoadFailedPanel, PanelIcon } from './empty-panel';

/** In place of a list of events: there are none yet, or they could not be loaded. */
interface EventsEmptyProps {
  title: string;
  description: string;
  children?: ReactNode;
}

export function EventsEmpty({ title, description, children }: EventsEmptyProps) {
  return (
    <EmptyPanel icon={<PanelIcon icon={CalendarCheck} />} title={title} description={description}>
      {children}
    </EmptyPanel>
  );
}

/** The events could not be loaded: why, when the server said, and another try. */
export function EventsLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <LoadFailedPanel what="your events" icon={CalendarCheck} error={error} onRetry={onRetry} />;
}
