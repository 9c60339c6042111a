import type { ReactNode } from 'react';
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
  const { mode, prefill, fillDemo, proceed } = useAuthPage(inPlace);
  const signUp = mode === 'signUp';

  return (
    <AuthShell
      title={signUp ? 'Create your customer account' : 'Welcome back'}
      subtitle={
        signUp
          ? 'Plan events, find vendors and share the joy with your family circle.'
          : 'Sign in to plan your simcha with your family.'
      }
      notice={notice}
      footer={
        <>
          <ModeToggleLink mode={mode} />
          <OtherPortalLink prompt="Are you a vendor?" to="/login-vendor" label="Vendor login" />
          {signUp ? null : (
            <DemoAccounts
              accounts={[
                { role: 'Customer', email: 'customer@simchahub.com', password: DEMO_PASSWORD },
                { role: 'Admin', email: 'admin@simchahub.com', password: DEMO_PASSWORD },
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
          failureTitle="Sign up failed"
          withFamilyLabel
          onSignedUp={() => {
            toast.success('Account created!', 'Welcome to SimchaHub! Start planning your simcha.');
            proceed('/dashboard');
          }}
        />
      ) : (
        <SignInForm
          portal="customer"
          prefill={prefill}
          onSignedIn={(user) => {
            toast.success('Welcome back!');
            proceed(homePathFor(user.role));
          }}
        />
      )}
    </AuthShell>
  );
}
