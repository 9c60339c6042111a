import { useSyncExternalStore } from 'react';

/**
 * True while a sign-out is on its way to the server. Until it is answered the signed-in screens stay
 * mounted, so whatever would read the server in that moment (a batch of refetches asked for by the
 * live stream, the stream reconnecting, the unread poll) would reach it after the session ended and
 * be refused with 401: the live stream, its refetches and every read (lib/trpc.ts, a screen that mounts in that moment) hold
 * still while this is true. It stays true
 * after a sign-out succeeds (the signed-in screens unmount a moment later, and a re-render of theirs
 * in between would otherwise start the unread poll) until someone signs in again.
 */
let signingOut = false;
const listeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  if (signingOut === value) return;
  signingOut = value;
  for (const listener of listeners) listener();
}

export function isSigningOut(): boolean {
  return signingOut;
}

/** Calls `listener` each time signing out starts or ends; returns how to stop. */
export function onSigningOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Nobody is signing out on a page the server draws, nor while the browser takes it over. */
const notSigningOut = () => false;

export function useSigningOut(): boolean {
  return useSyncExternalStore(onSigningOut, isSigningOut, notSigningOut);
}
