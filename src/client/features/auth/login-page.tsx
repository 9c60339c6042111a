import { homePathFor } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SignInForm } from './account-forms';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

/** /login: the generic sign-in for any role; each lands on its own home. */
export function LoginPage() {
  const { proceed } = useAuthPage(false);
  return (
    <AuthShell
      title="Sign in to SimchaHub"
      subtitle="Families, vendors and administrators all sign in here."
      footer={
        <>
          <OtherPortalLink prompt="New to SimchaHub?" to="/register" label="Create an account" />
          <OtherPortalLink prompt="Signing in for a business?" to="/login-vendor" label="Vendor login" />
        </>
      }
    >
      <SignInForm
        onSignedIn={(user) => {
          toast.success('Welcome back!');
          proceed(homePathFor(user.role));
        }}
      />
    </AuthShell>
  );
}
