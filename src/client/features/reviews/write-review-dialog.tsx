import { Box, Button, chakra, Field, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Camera, Star, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '../../../shared/schemas/reviews';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
import { UploadedImage } from '../../components/uploaded-image';
import type { MessageId } from '../../i18n/catalogue';
import { useIsolate } from '../../i18n/use-isolate';
import { useMessageText, useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { uploadImageWithToasts } from '../../lib/upload-image';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { type ReviewFormValues, reviewForm } from './review-form';

const EMPTY: ReviewFormValues = { rating: 0, text: '' };
/** What each number of stars says, from one star to five. */
const STAR_WORDS: readonly MessageId[] = [
  'reviews.write.star1',
  'reviews.write.star2',
  'reviews.write.star3',
  'reviews.write.star4',
  'reviews.write.star5',
];

export interface WriteReviewDialogProps {
  open: boolean;
  onClose: () => void;
  bookingId: string;
  businessName: string;
}

/** The family reviews a vendor they booked, after the event: stars, words and up to 6 photos. */
export function WriteReviewDialog({ open, onClose, bookingId, businessName }: WriteReviewDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const messageText = useMessageText();
  const starWord = (n: number) => {
    const id = STAR_WORDS[n - 1];
    return id ? t(id) : '';
  };
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
      toast.success(t('reviews.write.thanks'), t('reviews.write.published', { business: iso(businessName) }));
      onClose();
    } catch (error) {
      if (!form.applyServerErrors(error)) setProblem(serverMessage(error) ?? t('reviews.write.failed'));
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('reviews.write.title', { business: iso(businessName) })}
      description={t('reviews.write.description', { brand: PRODUCT_NAME })}
      submitLabel={t('reviews.write.submit')}
      pendingLabel={t('reviews.publishing')}
      pending={pending}
      submitDisabled={uploading}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid="write-review-dialog">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <Field.Root invalid={Boolean(ratingError)} required>
          <Field.Label id={ratingLabelId}>
            {t('reviews.write.rating')}
            <Field.RequiredIndicator />
          </Field.Label>
          <HStack gap="1" role="radiogroup" aria-labelledby={ratingLabelId}>
            {[1, 2, 3, 4, 5].map((n) => (
              <IconButton
                key={n}
                role="radio"
                aria-checked={rating === n}
                aria-label={t('reviews.write.starLabel', { count: n, word: starWord(n) })}
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
              {starWord(rating)}
            </Text>
          </HStack>
          {ratingError ? <Field.ErrorText>{messageText(ratingError)}</Field.ErrorText> : null}
        </Field.Root>
        <FormTextarea
          form={form}
          name="text"
          label={t('reviews.write.text')}
          required
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          placeholder={t('reviews.write.placeholder')}
          hint={t('common.field.minLength', { min: REVIEW_TEXT_MIN })}
        />
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="2">
            {t('reviews.write.photos', { max: REVIEW_PHOTOS_MAX })}
          </Text>
          {photos.length > 0 ? (
            <SimpleGrid columns={{ base: 3, sm: 6 }} gap="2" mb="2">
              {photos.map((url, i) => (
                <Box key={url} position="relative">
                  <UploadedImage
                    src={url}
                    sizes="96px"
                    alt={t('reviews.write.photoAlt', { number: i + 1 })}
                    aspectRatio="1"
                    objectFit="cover"
                    rounded="md"
                    w="full"
                  />
                  <IconButton
                    aria-label={t('reviews.write.removePhoto', { number: i + 1 })}
                    size="2xs"
                    colorPalette="red"
                    position="absolute"
                    top="1"
                    insetEnd="1"
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
            loadingText={t('common.state.uploading')}
            disabled={pending || photos.length >= REVIEW_PHOTOS_MAX}
            onClick={() => fileInput.current?.click()}
          >
            <Camera />
            {t('reviews.write.addPhotos')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}
