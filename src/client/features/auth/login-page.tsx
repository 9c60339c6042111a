import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { homePathFor } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SignInForm } from './account-forms';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

/** /login: the generic sign-in for any role; each lands on its own home. */
export function LoginPage() {
  const t = useT();
  const { proceed } = useAuthPage(false);
  return (
    <AuthShell
      title={t('auth.login.title', { brand: PRODUCT_NAME })}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          <OtherPortalLink
            prompt={t('auth.login.newTo', { brand: PRODUCT_NAME })}
            to="/register"
            label={t('auth.login.createAccount')}
          />
          <OtherPortalLink
            prompt={t('auth.login.forBusiness')}
            to="/login-vendor"
            label={t('auth.portal.vendorLogin')}
          />
        </>
      }
    >
      <SignInForm
        onSignedIn={(user) => {
          toast.success(t('auth.welcomeBack'));
          proceed(homePathFor(user.role));
        }}
      />
    </AuthShell>
  );
}
