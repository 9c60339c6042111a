import type { ComponentType } from 'react';
import { lazyWithPreload } from '../../lib/lazy-with-preload';

/** The props of the dialog a module exports under `name`. */
type DialogProps<M, K extends keyof M> = M[K] extends ComponentType<infer P> ? P : never;

/** A dialog that `load`'s module exports under `name`, loaded lazily with a preload. */
function dialog<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyWithPreload(load, (module) => module[name] as ComponentType<DialogProps<M, K>>);
}

// The dialogs of the marketplace and a vendor's profile. Each one's code (and the form schemas it
// validates with) loads when it is first opened, or when the pointer or the focus reaches a button
// that opens it. The message dialog is part of the messages feature's chunk.
export const RequestAvailabilityDialog = dialog(
  () => import('./request-dialog'),
  'RequestAvailabilityDialog',
);
export const LoginToContactDialog = dialog(() => import('./prompt-dialogs'), 'LoginToContactDialog');
export const ListYourBusinessDialog = dialog(() => import('./prompt-dialogs'), 'ListYourBusinessDialog');
export const VendorFormDialog = dialog(() => import('./vendor-form-dialog'), 'VendorFormDialog');
export const LocationDialog = dialog(() => import('./location-dialog'), 'LocationDialog');
export const StartThreadDialog = dialog(() => import('../messages/start-thread-dialog'), 'StartThreadDialog');
// A profile's Reviews, loaded as they come near the screen (listed here, its files share one list).
export const VendorReviews = dialog(() => import('../reviews/vendor-reviews'), 'VendorReviews');
export const KashrutFilterDialog = dialog(() => import('./kashrut-filter-dialog'), 'KashrutFilterDialog');
