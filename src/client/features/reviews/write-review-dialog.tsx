import { Box, Button, chakra, Field, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Camera, Star, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX } from '../../../shared/schemas/reviews';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
import { UploadedImage } from '../../components/uploaded-image';
import { serverMessage } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { uploadImageWithToasts } from '../../lib/upload-image';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { type ReviewFormValues, reviewForm } from './review-form';

const EMPTY: ReviewFormValues = { rating: 0, text: '' };
const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

export interface WriteReviewDialogProps {
  open: boolean;
  onClose: () => void;
  bookingId: string;
  businessName: string;
}

/** The family reviews a vendor they booked, after the event: stars, words and up to 6 photos. */
export function WriteReviewDialog({ open, onClose, bookingId, businessName }: WriteReviewDialogProps) {
  const utils = trpc.useUtils();
  const create = useIdempotentCreate(trpc.reviews.create.useMutation());
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = create.isPending;
  const form = useZodForm(reviewForm, { defaultValues: EMPTY, pending });
  const { reset, setValue, watch } = form;
  const rating = watch('rating');
  const ratingError = form.formState.errors.rating?.message;
  const ratingLabelId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  useWhenOpened(open, () => {
    reset(EMPTY);
    setPhotos([]);
    setProblem(null);
  });

  const pickPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).slice(0, REVIEW_PHOTOS_MAX - photos.length);
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    try {
      for (const file of files) {
        const url = await uploadImageWithToasts(file);
        if (url) setPhotos((list) => (list.length < REVIEW_PHOTOS_MAX ? [...list, url] : list));
      }
    } finally {
      setUploading(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await create.mutateAsync({ bookingId, rating: values.rating, text: values.text, imageUrls: photos });
      await Promise.all([utils.reviews.forVendor.invalidate(), utils.reviews.reviewable.invalidate()]);
      toast.success('Thank you for your review', `Your review of ${businessName} is published.`);
      onClose();
    } catch (error) {
      if (!form.applyServerErrors(error))
        setProblem(serverMessage(error) ?? 'Your review could not be sent.');
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Review ${businessName}`}
      description="Your review appears on the vendor's profile with your first name. Only families who booked through SimchaHub can review."
      submitLabel="Publish review"
      pendingLabel="Publishing..."
      pending={pending}
      submitDisabled={uploading}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid="write-review-dialog">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <Field.Root invalid={Boolean(ratingError)} required>
          <Field.Label id={ratingLabelId}>
            Your rating
            <Field.RequiredIndicator />
          </Field.Label>
          <HStack gap="1" role="radiogroup" aria-labelledby={ratingLabelId}>
            {[1, 2, 3, 4, 5].map((n) => (
              <IconButton
                key={n}
                role="radio"
                aria-checked={rating === n}
                aria-label={`${n} star${n === 1 ? '' : 's'}: ${STAR_WORDS[n]}`}
                variant="ghost"
                size="sm"
                disabled={pending}
                onClick={() => setValue('rating', n, { shouldValidate: form.formState.isSubmitted })}
              >
                <Star
                  color="var(--chakra-colors-gold-500)"
                  fill={n <= rating ? 'var(--chakra-colors-gold-400)' : 'none'}
                />
              </IconButton>
            ))}
            <Text fontSize="sm" color="fg.muted" ms="2" aria-live="polite">
              {STAR_WORDS[rating] ?? ''}
            </Text>
          </HStack>
          {ratingError ? <Field.ErrorText>{ratingError}</Field.ErrorText> : null}
        </Field.Root>
        <FormTextarea
          form={form}
          name="text"
          label="Your review"
          required
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          placeholder="What was it like to work with them? How did the day go?"
          hint="At least 30 characters."
        />
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="2">
            Photos (optional, up to {REVIEW_PHOTOS_MAX})
          </Text>
          {photos.length > 0 ? (
            <SimpleGrid columns={{ base: 3, sm: 6 }} gap="2" mb="2">
              {photos.map((url, i) => (
                <Box key={url} position="relative">
                  <UploadedImage
                    src={url}
                    sizes="96px"
                    alt={`Photo ${i + 1} of your review`}
                    aspectRatio="1"
                    objectFit="cover"
                    rounded="md"
                    w="full"
                  />
                  <IconButton
                    aria-label={`Remove photo ${i + 1}`}
                    size="2xs"
                    colorPalette="red"
                    position="absolute"
                    top="1"
                    right="1"
                    disabled={pending}
                    onClick={() => setPhotos((list) => list.filter((u) => u !== url))}
                  >
                    <Trash2 />
                  </IconButton>
                </Box>
              ))}
            </SimpleGrid>
          ) : null}
          <chakra.input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            hidden
            onChange={(e) => void pickPhotos(e)}
          />
          <Button
            variant="outline"
            size="sm"
            loading={uploading}
            loadingText="Uploading..."
            disabled={pending || photos.length >= REVIEW_PHOTOS_MAX}
            onClick={() => fileInput.current?.click()}
          >
            <Camera />
            Add photos
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}
