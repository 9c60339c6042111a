import { useAdoptSignedInUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Sign-in: on success the current-user query shows the new user at once and is refetched. */
export function useSignIn() {
  const adopt = useAdoptSignedInUser();
  return trpc.auth.login.useMutation({ onSuccess: ({ user }) => adopt(user) });
}

/** Sign-up signs the new user in, so it refreshes the current user the same way. */
export function useSignUp() {
  const adopt = useAdoptSignedInUser();
  return trpc.auth.register.useMutation({ onSuccess: ({ user }) => adopt(user) });
}
