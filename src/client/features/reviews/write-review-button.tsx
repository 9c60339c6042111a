import { Button, type ButtonProps } from '@chakra-ui/react';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { lazyWithPreload, preloadOn, WhenOpened } from '../../lib/lazy-with-preload';

// The dialog, its form schema and the photo uploads load when it is first opened (or pointed at).
const WriteReviewDialog = lazyWithPreload(
  () => import('./write-review-dialog'),
  (module) => module.WriteReviewDialog,
);

export interface WriteReviewButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** A completed booking of the caller or their family circle, not yet reviewed. */
  bookingId: string;
  businessName: string;
}

/**
 * "Write a review" for one completed booking, with its dialog. For the event's Vendors tab and the
 * vendor's profile; the server decides who may review, so showing it to others only ends in a refusal.
 */
export function WriteReviewButton({ bookingId, businessName, ...button }: WriteReviewButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" {...button} {...preloadOn(WriteReviewDialog)} onClick={() => setOpen(true)}>
        <PenLine />
        {t('reviews.write.button')}
      </Button>
      <WhenOpened open={open}>
        <WriteReviewDialog
          open={open}
          onClose={() => setOpen(false)}
          bookingId={bookingId}
          businessName={businessName}
        />
      </WhenOpened>
    </>
  );
}
