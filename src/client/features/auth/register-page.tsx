import { toast } from '../../lib/toast';
import { SignUpForm } from './account-forms';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

/** /register: generic account creation (a customer account); on success back to '/'. */
export function RegisterPage() {
  const { proceed } = useAuthPage(false);
  return (
    <AuthShell
      title="Create your account"
      subtitle="Join SimchaHub to plan your celebrations and connect with trusted vendors."
      footer={<OtherPortalLink prompt="Already have an account?" to="/" label="Sign in" />}
    >
      <SignUpForm
        accountRole="customer"
        failureTitle="Registration failed"
        withFamilyLabel
        onSignedUp={() => {
          toast.success('Account created successfully');
          proceed('/');
        }}
      />
    </AuthShell>
  );
}
