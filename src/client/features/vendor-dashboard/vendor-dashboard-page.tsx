import { EmptyPanel } from '../../components/empty-panel';
import { BriefcaseIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** /vendor-dashboard: the vendor's listing, messages and claims. */
export function VendorDashboardPage() {
  return (
    <PageFrame
      title="Vendor Dashboard"
      description="Manage your listing, answer customers and follow your vendor claims."
    >
      <EmptyPanel
        icon={<BriefcaseIcon boxSize="8" />}
        title="No listing connected to your account"
        description="Once an administrator approves your vendor claim, your listing profile and customer messages appear here."
      />
    </PageFrame>
  );
}
