import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { homePathFor } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SignInForm, SignUpForm } from './account-forms';
import { DEMO_PASSWORD, DemoAccounts, ModeToggleLink, OtherPortalLink, VendorBenefits } from './auth-extras';
import { type AuthPanel, AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

interface VendorLoginPageProps {
  /** Shown in place of the vendor dashboard, at its address. */
  inPlace?: boolean;
  notice?: ReactNode;
}

const VENDOR_PANEL: AuthPanel = {
  heading: 'auth.vendor.panelHeading',
  points: ['auth.vendor.panelReach', 'auth.vendor.panelClaim', 'auth.vendor.panelInbox'],
};

/** /login-vendor: vendor sign-in and sign-up (spec section 2); accepts vendors and admins. */
export function VendorLoginPage({ inPlace = false, notice }: VendorLoginPageProps) {
  const t = useT();
  const { mode, prefill, fillDemo, proceed, navigate } = useAuthPage(inPlace);
  const signUp = mode === 'signUp';

  return (
    <AuthShell
      title={signUp ? t('auth.vendor.signUpTitle') : t('auth.vendor.signInTitle')}
      subtitle={
        signUp ? t('auth.vendor.signUpSubtitle', { brand: PRODUCT_NAME }) : t('auth.vendor.signInSubtitle')
      }
      notice={notice}
      panel={VENDOR_PANEL}
      footer={
        <>
          <ModeToggleLink mode={mode} />
          <OtherPortalLink
            prompt={t('auth.vendor.planningEvent')}
            to="/login-customer"
            label={t('auth.portal.customerLogin')}
          />
          {signUp ? (
            <VendorBenefits />
          ) : (
            <DemoAccounts
              accounts={[{ role: 'vendor', email: 'vendor@simchahub.com', password: DEMO_PASSWORD }]}
              onUse={fillDemo}
            />
          )}
        </>
      }
    >
      {signUp ? (
        <SignUpForm
          accountRole="vendor"
          failureTitle={t('auth.signUpFailed')}
          nameHint={t('auth.vendor.nameHint')}
          phoneLabel={t('auth.vendor.phoneLabel')}
          withFamilyLabel={false}
          onSignedUp={() => {
            toast.success(
              t('auth.vendor.created'),
              t('auth.vendor.createdDescription', { brand: PRODUCT_NAME }),
            );
            proceed('/vendor-dashboard');
          }}
        />
      ) : (
        <SignInForm
          portal="vendor"
          prefill={prefill}
          onSignedIn={(user) => {
            if (user.role === 'vendor') {
              toast.success(t('auth.vendor.welcomeBack'));
              proceed('/vendor-dashboard');
            } else {
              // An admin may use this page too; the vendor dashboard is not theirs.
              toast.success(t('auth.welcomeBack'));
              navigate(homePathFor(user.role));
            }
          }}
        />
      )}
    </AuthShell>
  );
}
