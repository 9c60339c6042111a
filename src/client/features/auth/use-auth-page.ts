import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Credentials, Prefill } from './account-forms';
import { type AuthMode, modeFromSearch } from './auth-extras';

/**
 * State shared by the sign-in pages: the mode from the URL, demo credentials to prefill, and where
 * to go afterwards. A screen shown in place of a guarded page stays at that page's address.
 */
export function useAuthPage(inPlace: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const mode: AuthMode = modeFromSearch(location.search);
  const [prefill, setPrefill] = useState<Prefill>({ key: 0 });

  const fillDemo = (credentials: Credentials) => {
    setPrefill((p) => ({ key: p.key + 1, credentials }));
    if (mode === 'signUp') navigate({ pathname: location.pathname }, { replace: true });
  };

  /** Go to `target`, or, in place, stay where the guard is (dropping ?mode). */
  const proceed = (target: string) => {
    if (inPlace) navigate({ pathname: location.pathname }, { replace: true });
    else navigate(target);
  };

  return { mode, prefill, fillDemo, proceed, navigate };
}
