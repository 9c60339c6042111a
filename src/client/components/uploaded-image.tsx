import { Image, type ImageProps } from '@chakra-ui/react';
import { uploadedImageProps } from '../lib/upload-image';

interface UploadedImageProps extends Omit<ImageProps, 'src' | 'srcSet' | 'sizes'> {
  /** The stored image's URL; without one nothing is drawn. */
  src: string | null | undefined;
  /** How wide the image is shown ('100vw', '56px', ...), so the browser fetches the smallest copy that fills it. */
  sizes: string;
  alt: string;
}

/** An uploaded image covering its box, offering the stored smaller copies where the upload has them. */
export function UploadedImage({ src, sizes, ...props }: UploadedImageProps) {
  if (!src) return null;
  return (
    <Image src={src} {...uploadedImageProps(src, sizes)} objectFit="cover" decoding="async" {...props} />
  );
}
