import { lazyWithPreload } from '../../lib/lazy-with-preload';

// The report and reply dialogs (and their form schemas) load when first opened or pointed at.
export const ReportReviewDialog = lazyWithPreload(
  () => import('./review-dialogs'),
  (module) => module.ReportReviewDialog,
);
export const ReplyDialog = lazyWithPreload(
  () => import('./review-dialogs'),
  (module) => module.ReplyDialog,
);
