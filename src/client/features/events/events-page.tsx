import { EmptyPanel } from '../../components/empty-panel';
import { EventsIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** /events: the user's events with their tasks, deposits and memos. */
export function EventsPage() {
  return (
    <PageFrame
      title="My Events"
      description="Plan each celebration with its tasks, vendor deposits and memos in one place."
    >
      <EmptyPanel
        icon={<EventsIcon boxSize="8" />}
        title="No events yet"
        description="Your events appear here with their task progress, budget and upcoming deposit deadlines."
      />
    </PageFrame>
  );
}
