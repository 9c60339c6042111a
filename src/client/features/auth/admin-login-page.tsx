import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { SignInForm } from './account-forms';
import { type AuthPanel, AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

interface AdminLoginPageProps {
  /** Shown in place of the admin dashboard, at its address. */
  inPlace?: boolean;
  notice?: ReactNode;
}

const ADMIN_PANEL: AuthPanel = {
  heading: 'auth.admin.panelHeading',
  points: ['auth.admin.panelClaims', 'auth.admin.panelHealth', 'auth.admin.panelTrust'],
};

/** /admin-login: sign-in only, for administrators. */
export function AdminLoginPage({ inPlace = false, notice }: AdminLoginPageProps) {
  const t = useT();
  const { prefill, proceed } = useAuthPage(inPlace);
  return (
    <AuthShell
      title={t('auth.admin.title')}
      subtitle={t('auth.admin.subtitle', { brand: PRODUCT_NAME })}
      notice={notice}
      panel={ADMIN_PANEL}
    >
      <SignInForm
        portal="admin"
        prefill={prefill}
        onSignedIn={() => {
          toast.success(t('auth.welcomeBack'));
          proceed('/admin-dashboard');
        }}
      />
    </AuthShell>
  );
}
