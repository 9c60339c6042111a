import { lazyWithPreload } from '../../lib/lazy-with-preload';

// The dialogs of the marketplace and a vendor's profile. Each one's code (and the form schemas it
// validates with) loads when it is first opened, or when the pointer or the focus reaches a button
// that opens it. The message dialog is part of the messages feature's chunk.
export const RequestAvailabilityDialog = lazyWithPreload(
  () => import('./request-dialog'),
  (m) => m.RequestAvailabilityDialog,
);
export const LoginToContactDialog = lazyWithPreload(
  () => import('./prompt-dialogs'),
  (m) => m.LoginToContactDialog,
);
export const ListYourBusinessDialog = lazyWithPreload(
  () => import('./prompt-dialogs'),
  (m) => m.ListYourBusinessDialog,
);
export const VendorFormDialog = lazyWithPreload(
  () => import('./vendor-form-dialog'),
  (m) => m.VendorFormDialog,
);
export const LocationDialog = lazyWithPreload(
  () => import('./location-dialog'),
  (m) => m.LocationDialog,
);
export const StartThreadDialog = lazyWithPreload(
  () => import('../messages/start-thread-dialog'),
  (m) => m.StartThreadDialog,
);
