import {
  Box,
  Button,
  Flex,
  HStack,
  Icon,
  IconButton,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, ImageIcon, ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { UploadedImage } from '../../components/uploaded-image';
import { DirectionalIcon } from '../../i18n/bidi';
import { useIsolate } from '../../i18n/use-isolate';
import { useMessageText, useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { uploadImageWithToasts } from '../../lib/upload-image';

/** A hidden file input behind a button, so the button carries the visible words and the focus. */
function useFilePicker(onFiles: (files: File[]) => void) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return { input, onChange, open: () => input.current?.click() };
}

interface SingleImageFieldProps {
  /** 'Logo' or 'Cover image', in the page's language. */
  label: string;
  url: string | null | undefined;
  /** How wide the preview is shown, for the uploaded image's srcset. */
  sizes: string;
  previewHeight: string;
  disabled: boolean;
  error?: string;
  testId: string;
  onChange: (url: string | null) => void;
  /** Tells the form an upload is under way, so it is not saved half done. */
  onBusy: (busy: boolean) => void;
}

/** A form's message for a field (a shared schema's, or a catalogue id), in the page's language. */
function FieldMessage({ id, error }: { id?: string; error: string }) {
  const messageText = useMessageText();
  return (
    <Text id={id} fontSize="sm" color="fg.error">
      {messageText(error)}
    </Text>
  );
}

/** The listing's logo or cover image: upload, replace or remove (spec section 5's image checks). */
export function SingleImageField({
  label,
  url,
  sizes,
  previewHeight,
  disabled,
  error,
  testId,
  onChange,
  onBusy,
}: SingleImageFieldProps) {
  const t = useT();
  const labelId = useId();
  const errorId = useId();
  const [uploading, setUploading] = useState(false);
  const picker = useFilePicker(async ([file]) => {
    if (!file) return;
    setUploading(true);
    onBusy(true);
    const uploaded = await uploadImageWithToasts(file);
    setUploading(false);
    onBusy(false);
    if (uploaded) onChange(uploaded);
  });
  const noun = label.toLowerCase();

  return (
    <Stack gap="2" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <Text fontWeight="medium" fontSize="sm" id={labelId}>
        {label}
      </Text>
      <Box
        layerStyle="framed"
        borderColor={error ? 'border.error' : undefined}
        bg="bg.muted"
        h={previewHeight}
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        {url ? (
          <UploadedImage
            src={url}
            sizes={sizes}
            alt={t('vendorDashboard.image.preview', { label })}
            w="full"
            h="full"
          />
        ) : (
          <Stack align="center" gap="1" textStyle="caption">
            <Icon boxSize="6" aria-hidden>
              <ImageIcon />
            </Icon>
            <Text>{t('vendorDashboard.image.none', { noun })}</Text>
          </Stack>
        )}
      </Box>
      <input
        ref={picker.input}
        type="file"
        accept="image/*"
        hidden
        aria-labelledby={labelId}
        data-testid={`${testId}-file-input`}
        onChange={picker.onChange}
      />
      <Flex gap="2" wrap="wrap">
        <Button
          variant="outline"
          size="sm"
          onClick={picker.open}
          loading={uploading}
          loadingText={t('common.state.uploading')}
          disabled={disabled}
          data-testid={`${testId}-upload`}
        >
          <ImageIcon />
          {url ? t('vendorDashboard.image.replace', { noun }) : t('vendorDashboard.image.upload', { noun })}
        </Button>
        {url ? (
          <Button
            variant="ghost"
            size="sm"
            colorPalette="red"
            onClick={() => onChange(null)}
            disabled={disabled || uploading}
          >
            {t('vendorDashboard.image.remove', { noun })}
          </Button>
        ) : null}
      </Flex>
      {error ? <FieldMessage id={errorId} error={error} /> : null}
    </Stack>
  );
}

interface GalleryEditorProps {
  images: string[];
  /** Changes the list from its latest value (uploads finish one after the other). */
  update: (change: (images: string[]) => string[]) => void;
  businessName: string;
  disabled: boolean;
  error?: string;
  onBusy: (busy: boolean) => void;
}

/** Buttons to focus after a change, first one present and enabled wins. */
type FocusTarget = string[] | null;

/**
 * Up to 12 photos in the order the public profile shows them. Each photo has move-left,
 * move-right and remove buttons (no dragging needed), and a polite announcement says where a
 * moved photo now is.
 */
export function GalleryEditor({ images, update, businessName, disabled, error, onBusy }: GalleryEditorProps) {
  const t = useT();
  const iso = useIsolate();
  const headingId = useId();
  const hintId = useId();
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const room = LIMITS.galleryImagesMax - images.length;
  const busy = disabled || uploading !== null;

  // After a move the focus follows the photo to its new place (its button of the same direction,
  // or the other one when the photo reached an end); after a removal it goes to a neighbour.
  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget
      .map((key) => buttons.current.get(key))
      .find((el) => el !== undefined && !el.disabled);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const picker = useFilePicker(async (files) => {
    const taken = files.slice(0, Math.max(0, room));
    if (taken.length < files.length) {
      toast.error(
        t('vendorDashboard.gallery.full', { max: LIMITS.galleryImagesMax }),
        taken.length === 0
          ? t('vendorDashboard.gallery.removeFirst')
          : t('vendorDashboard.gallery.partlyAdded', { taken: taken.length, total: files.length }),
      );
    }
    if (taken.length === 0) return;
    onBusy(true);
    for (const [i, file] of taken.entries()) {
      setUploading({ done: i, total: taken.length });
      const url = await uploadImageWithToasts(file);
      if (url)
        update((list) =>
          list.includes(url) || list.length >= LIMITS.galleryImagesMax ? list : [...list, url],
        );
    }
    setUploading(null);
    onBusy(false);
  });

  const move = (index: number, direction: 'left' | 'right') => {
    const target = direction === 'left' ? index - 1 : index + 1;
    const src = images[index];
    if (src === undefined || target < 0 || target >= images.length) return;
    update((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item !== undefined) next.splice(target, 0, item);
      return next;
    });
    setAnnouncement(t('vendorDashboard.gallery.moved', { position: target + 1, count: images.length }));
    setFocusTarget([`${src}:${direction}`, `${src}:${direction === 'left' ? 'right' : 'left'}`]);
  };

  const remove = (index: number) => {
    const after = images[index + 1];
    const before = images[index - 1];
    update((list) => list.filter((_, i) => i !== index));
    setAnnouncement(t('vendorDashboard.gallery.removed', { n: index + 1, left: images.length - 1 }));
    setFocusTarget([`${after}:remove`, `${before}:remove`, 'add']);
  };

  const register = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  return (
    <Stack
      gap="3"
      role="group"
      aria-labelledby={headingId}
      aria-describedby={hintId}
      data-testid="gallery-editor"
    >
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" wrap="wrap">
        <Box>
          <Text fontWeight="medium" fontSize="sm" id={headingId}>
            {t('vendorDashboard.gallery.title')}
          </Text>
          <Text textStyle="caption" id={hintId}>
            {t('vendorDashboard.gallery.hint', { count: images.length, max: LIMITS.galleryImagesMax })}
          </Text>
        </Box>
        <input
          ref={picker.input}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label={t('vendorDashboard.gallery.input')}
          data-testid="gallery-file-input"
          onChange={picker.onChange}
        />
        <Button
          ref={register('add')}
          variant="outline"
          size="sm"
          onClick={picker.open}
          disabled={busy || room <= 0}
          loading={uploading !== null}
          loadingText={
            uploading
              ? t('vendorDashboard.gallery.uploading', {
                  current: uploading.done + 1,
                  total: uploading.total,
                })
              : undefined
          }
          data-testid="gallery-upload"
        >
          <ImagePlus aria-hidden />
          {t('vendorDashboard.gallery.add')}
        </Button>
      </Flex>
      {images.length === 0 ? (
        <Box layerStyle="dashedOutline" rounded="lg" p="6" textAlign="center" fontSize="sm" color="fg.muted">
          {t('vendorDashboard.gallery.empty', { max: LIMITS.galleryImagesMax })}
        </Box>
      ) : (
        <SimpleGrid as="ol" columns={{ base: 2, sm: 3, lg: 4 }} gap="3" listStyleType="none">
          {images.map((src, i) => (
            <Box
              as="li"
              key={src}
              aria-label={t('vendorDashboard.gallery.item', { n: i + 1, count: images.length })}
              layerStyle="panel"
              rounded="lg"
              overflow="hidden"
              data-testid="gallery-item"
            >
              <UploadedImage
                src={src}
                sizes="(min-width: 62em) 12rem, (min-width: 30em) 30vw, 45vw"
                alt={t('vendorDashboard.gallery.alt', { name: iso(businessName), n: i + 1 })}
                w="full"
                aspectRatio={4 / 3}
                loading="lazy"
              />
              <HStack justify="space-between" gap="1" p="1">
                <HStack gap="1">
                  <IconButton
                    ref={register(`${src}:left`)}
                    aria-label={t('vendorDashboard.gallery.moveEarlier', { n: i + 1 })}
                    size="xs"
                    variant="ghost"
                    disabled={busy || i === 0}
                    onClick={() => move(i, 'left')}
                  >
                    <DirectionalIcon>
                      <ArrowLeft />
                    </DirectionalIcon>
                  </IconButton>
                  <IconButton
                    ref={register(`${src}:right`)}
                    aria-label={t('vendorDashboard.gallery.moveLater', { n: i + 1 })}
                    size="xs"
                    variant="ghost"
                    disabled={busy || i === images.length - 1}
                    onClick={() => move(i, 'right')}
                  >
                    <DirectionalIcon>
                      <ArrowRight />
                    </DirectionalIcon>
                  </IconButton>
                </HStack>
                <IconButton
                  ref={register(`${src}:remove`)}
                  aria-label={t('vendorDashboard.gallery.remove', { n: i + 1 })}
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  disabled={busy}
                  onClick={() => remove(i)}
                >
                  <Trash2 />
                </IconButton>
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {error ? <FieldMessage error={error} /> : null}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
