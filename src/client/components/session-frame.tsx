import { type ReactNode, useEffect } from 'react';
import { useCurrentUser } from '../lib/session';
import { FullScreenSpinner } from './full-screen-spinner';

/**
 * Whether this browser was signed in when it last asked. The session cookie is HttpOnly, so before the
 * session answers the page cannot know; this remembered answer decides what to show meanwhile.
 */
const HINT_KEY = 'simchahub:signed-in';

function readHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

function writeHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(HINT_KEY, '1');
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused (private mode, quota): the hint only saves a flash of the visitor's frame.
  }
}

/** Keeps the hint in step with the session's answers; mounted once, in the providers. */
export function SignedInHint() {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (!isLoading) writeHint(user !== null);
  }, [user, isLoading]);
  return null;
}

/**
 * Pages open to everyone (the marketplace, a vendor's profile) in the frame of whoever looks: the
 * signed-in user keeps the app's navigation, a visitor gets the public header. A visitor is drawn at
 * once, without waiting for the session; a browser that was signed in last time waits for it (as
 * the signed-in pages do) rather than flashing the public header first.
 */
export function SessionFrame({ visitor, member }: { visitor: ReactNode; member: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (user) return <>{member}</>;
  if (isLoading && readHint()) return <FullScreenSpinner />;
  return <>{visitor}</>;
}
