import { Button, type ButtonProps } from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { useT } from '../i18n/use-t';

interface UploadButtonProps extends ButtonProps {
  /** True while the chosen picture is being sent: the button says so and waits. */
  uploading: boolean;
}

/** The small button that opens the file chooser for a picture. */
export function UploadButton({ uploading, children, ...rest }: UploadButtonProps) {
  const t = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      loading={uploading}
      loadingText={t('common.state.uploading')}
      {...rest}
    >
      <ImageIcon />
      {children}
    </Button>
  );
}
