import { ShieldCheck } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import type { VendorView } from '../../../shared/schemas/vendors';
import { EmptyPanel } from '../../components/empty-panel';
import { LinkButton } from '../../components/link-button';
import { PageFrame } from '../../components/page-frame';
import { useT } from '../../i18n/use-t';
import { useCurrentUser } from '../../lib/session';
import { ClaimsTab } from './claims-tab';

/** What a listing's page hands over when it leads here: the listing to claim. */
export interface ClaimListingState {
  listing: VendorView;
}

function listingOf(state: unknown): VendorView | undefined {
  if (typeof state !== 'object' || state === null || !('listing' in state)) return undefined;
  const { listing } = state as { listing: unknown };
  if (typeof listing !== 'object' || listing === null) return undefined;
  const { id, businessName } = listing as Partial<VendorView>;
  return typeof id === 'string' && typeof businessName === 'string' ? (listing as VendorView) : undefined;
}

/**
 * /claim-listing: the vendor dashboard's Claims tab for any signed-in user, so that a customer
 * reaches the claim form without a vendor account (the server takes a claim from any role but admin,
 * and its approval makes the account a vendor account).
 */
export function ClaimListingPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const { state } = useLocation();
  if (!user) return null;
  if (user.role === 'admin') {
    return (
      <PageFrame title={t('vendorDashboard.claimPage.title')}>
        <EmptyPanel
          icon={<ShieldCheck />}
          title={t('vendorDashboard.claimPage.adminTitle')}
          description={t('vendorDashboard.claimPage.adminDescription')}
        >
          <LinkButton to="/admin-dashboard?tab=claims">{t('vendorDashboard.claimPage.review')}</LinkButton>
        </EmptyPanel>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={t('vendorDashboard.claimPage.title')}
      description={t('vendorDashboard.claimPage.description')}
      actions={
        user.role === 'vendor' ? (
          <LinkButton to="/vendor-dashboard" variant="outline" bg="bg">
            {t('vendorDashboard.claimPage.openDashboard')}
          </LinkButton>
        ) : null
      }
    >
      <ClaimsTab listing={listingOf(state)} />
    </PageFrame>
  );
}
