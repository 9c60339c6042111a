import { EmptyPanel } from '../../components/empty-panel';
import { ShieldIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** /admin-dashboard: vendor claim review and platform statistics. */
export function AdminDashboardPage() {
  return (
    <PageFrame
      title="Admin Dashboard"
      description="Review vendor ownership claims and keep an eye on the platform."
    >
      <EmptyPanel
        icon={<ShieldIcon boxSize="8" />}
        title="No claims to review"
        description="Vendor ownership claims waiting for a decision appear here, with their business details."
      />
    </PageFrame>
  );
}
