import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { SignUpForm } from './account-forms';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

/** /register: generic account creation (a customer account); on success back to '/'. */
export function RegisterPage() {
  const t = useT();
  const { proceed } = useAuthPage(false);
  return (
    <AuthShell
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle', { brand: PRODUCT_NAME })}
      footer={
        <OtherPortalLink prompt={t('auth.register.haveAccount')} to="/" label={t('auth.register.signIn')} />
      }
    >
      <SignUpForm
        accountRole="customer"
        failureTitle={t('auth.register.failed')}
        withFamilyLabel
        onSignedUp={() => {
          toast.success(t('auth.register.created'));
          proceed('/');
        }}
      />
    </AuthShell>
  );
}
