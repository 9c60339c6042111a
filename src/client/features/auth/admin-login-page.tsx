import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { SignInForm } from './account-forms';
import { AuthShell } from './auth-shell';
import { useAuthPage } from './use-auth-page';

interface AdminLoginPageProps {
  /** Shown in place of the admin dashboard, at its address. */
  inPlace?: boolean;
  notice?: ReactNode;
}

const ADMIN_PANEL = {
  heading: 'SimchaHub administration',
  points: [
    'Review vendor ownership claims',
    'Follow users, vendors and platform health',
    'Keep the marketplace trustworthy for families',
  ],
};

/** /admin-login: sign-in only, for administrators. */
export function AdminLoginPage({ inPlace = false, notice }: AdminLoginPageProps) {
  const { prefill, proceed } = useAuthPage(inPlace);
  return (
    <AuthShell
      title="Admin sign in"
      subtitle="For SimchaHub administrators."
      notice={notice}
      panel={ADMIN_PANEL}
    >
      <SignInForm
        portal="admin"
        prefill={prefill}
        onSignedIn={() => {
          toast.success('Welcome back!');
          proceed('/admin-dashboard');
        }}
      />
    </AuthShell>
  );
}
