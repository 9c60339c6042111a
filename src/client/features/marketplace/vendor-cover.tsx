import { Box, type BoxProps } from '@chakra-ui/react';
import { useState } from 'react';
import { CategoryArt } from '../../components/category-art';
import { UploadedImage } from '../../components/uploaded-image';

interface VendorCoverProps extends Omit<BoxProps, 'children'> {
  vendor: { imageUrl: string | null; category: string };
  /** How wide the cover is shown, for the browser's choice among the stored sizes. */
  sizes: string;
  /** Text for a cover photo that says something the page does not; '' when the name beside it says it all. */
  alt: string;
  /** Above the fold: fetched at once and first, instead of when scrolled near. */
  priority?: boolean;
  iconSize?: BoxProps['boxSize'];
  ringPadding?: BoxProps['p'];
}

/**
 * A listing's cover filling its box (the box fixes the shape, so nothing moves when the photo
 * arrives). The category's art lies underneath: it is the picture of a listing without a cover, and
 * what shows while a cover loads or if it cannot be loaded, never an empty block.
 */
export function VendorCover({
  vendor,
  sizes,
  alt,
  priority = false,
  iconSize,
  ringPadding,
  ...props
}: VendorCoverProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = vendor.imageUrl && vendor.imageUrl !== failedUrl ? vendor.imageUrl : null;
  return (
    <Box position="relative" overflow="hidden" {...props}>
      <CategoryArt
        category={vendor.category}
        iconSize={iconSize}
        ringPadding={ringPadding}
        position="absolute"
        inset="0"
      />
      {url ? (
        <UploadedImage
          src={url}
          sizes={sizes}
          alt={alt}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          onError={() => setFailedUrl(url)}
        />
      ) : null}
    </Box>
  );
}
