import type { ReactNode } from 'react';
import { homePathFor } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SignInForm, SignUpForm } from './account-forms';
import { DEMO_PASSWORD, DemoAccounts, ModeToggleLink, OtherPortalLink, VendorBenefits } from './auth-extras';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

interface VendorLoginPageProps {
  /** Shown in place of the vendor dashboard, at its address. */
  inPlace?: boolean;
  notice?: ReactNode;
}

const VENDOR_PANEL = {
  heading: 'Grow your business with SimchaHub',
  points: [
    'Reach families planning weddings and bar and bat mitzvahs',
    'Claim your existing listing and keep it up to date',
    'Answer availability requests and messages in one inbox',
  ],
};

/** /login-vendor: vendor sign-in and sign-up (spec section 2); accepts vendors and admins. */
export function VendorLoginPage({ inPlace = false, notice }: VendorLoginPageProps) {
  const { mode, prefill, fillDemo, proceed, navigate } = useAuthPage(inPlace);
  const signUp = mode === 'signUp';

  return (
    <AuthShell
      title={signUp ? 'Create your vendor account' : 'Vendor sign in'}
      subtitle={
        signUp
          ? 'List your business on SimchaHub and connect with families planning their simcha.'
          : 'Manage your listing and answer families’ requests.'
      }
      notice={notice}
      panel={VENDOR_PANEL}
      footer={
        <>
          <ModeToggleLink mode={mode} />
          <OtherPortalLink prompt="Planning an event?" to="/login-customer" label="Customer login" />
          {signUp ? (
            <VendorBenefits />
          ) : (
            <DemoAccounts
              accounts={[{ role: 'Vendor', email: 'vendor@simchahub.com', password: DEMO_PASSWORD }]}
              onUse={fillDemo}
            />
          )}
        </>
      }
    >
      {signUp ? (
        <SignUpForm
          accountRole="vendor"
          failureTitle="Sign up failed"
          nameHint="The business owner’s full name."
          phoneLabel="Business phone"
          withFamilyLabel={false}
          onSignedUp={() => {
            toast.success(
              'Vendor account created!',
              'Welcome to SimchaHub! Set up your business profile to start connecting with families.',
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
              toast.success('Welcome back to your vendor dashboard!');
              proceed('/vendor-dashboard');
            } else {
              // An admin may use this page too; the vendor dashboard is not theirs.
              toast.success('Welcome back!');
              navigate(homePathFor(user.role));
            }
          }}
        />
      )}
    </AuthShell>
  );
}
