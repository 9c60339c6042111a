import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { homePathFor } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SignInForm, SignUpForm } from './account-forms';
import { DEMO_PASSWORD, DemoAccounts, ModeToggleLink, OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

interface CustomerLoginPageProps {
  /** Shown in place of a signed-in page, at that page's address. */
  inPlace?: boolean;
  notice?: ReactNode;
}

/** /login-customer: customer sign-in and sign-up (spec section 2); accepts customers and admins. */
export function CustomerLoginPage({ inPlace = false, notice }: CustomerLoginPageProps) {
  const t = useT();
  const { mode, prefill, fillDemo, proceed } = useAuthPage(inPlace);
  const signUp = mode === 'signUp';

  return (
    <AuthShell
      title={signUp ? t('auth.customer.signUpTitle') : t('auth.customer.signInTitle')}
      subtitle={signUp ? t('auth.customer.signUpSubtitle') : t('auth.customer.signInSubtitle')}
      notice={notice}
      footer={
        <>
          <ModeToggleLink mode={mode} />
          <OtherPortalLink
            prompt={t('auth.customer.areYouVendor')}
            to="/login-vendor"
            label={t('auth.portal.vendorLogin')}
          />
          {signUp ? null : (
            <DemoAccounts
              accounts={[
                { role: 'customer', email: 'customer@simchahub.com', password: DEMO_PASSWORD },
                { role: 'admin', email: 'admin@simchahub.com', password: DEMO_PASSWORD },
              ]}
              onUse={fillDemo}
            />
          )}
        </>
      }
    >
      {signUp ? (
        <SignUpForm
          accountRole="customer"
          failureTitle={t('auth.signUpFailed')}
          withFamilyLabel
          onSignedUp={() => {
            toast.success(
              t('auth.customer.created'),
              t('auth.customer.createdDescription', { brand: PRODUCT_NAME }),
            );
            proceed('/dashboard');
          }}
        />
      ) : (
        <SignInForm
          portal="customer"
          prefill={prefill}
          onSignedIn={(user) => {
            toast.success(t('auth.welcomeBack'));
            proceed(homePathFor(user.role));
          }}
        />
      )}
    </AuthShell>
  );
}
