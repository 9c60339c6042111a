import { Box, Button, Dialog, Icon } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { type RefObject, useRef } from 'react';
import { useT } from '../i18n/use-t';
import { DialogCloseX, DialogDismiss } from './dialog-parts';

/** The canvas a QR code is drawn on, and a download of it as a PNG under the given file name. */
export function useQrDownload() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const download = (fileName: string) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = fileName;
    anchor.click();
  };
  return { canvasRef, download };
}

interface QrCodePictureProps {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  link: string;
  /** What a screen reader says of the picture. */
  label: string;
  borderColor: string;
  testId?: string;
}

/** A link drawn as a QR code in the brand's navy, on a white card so that it scans on any background. */
export function QrCodePicture({ canvasRef, link, label, borderColor, testId }: QrCodePictureProps) {
  return (
    <Box p="3" bg="white" rounded="xl" borderWidth="1px" borderColor={borderColor}>
      <QRCodeCanvas
        ref={canvasRef}
        value={link}
        size={240}
        level="M"
        marginSize={2}
        fgColor="#152456"
        role="img"
        aria-label={label}
        data-testid={testId}
      />
    </Box>
  );
}

/** Close and Download PNG under a QR code, and the X in the corner. */
export function QrDialogFooter({ onDownload, smallIcon }: { onDownload: () => void; smallIcon?: boolean }) {
  const t = useT();
  return (
    <>
      <Dialog.Footer gap="3">
        <DialogDismiss>{t('common.action.close')}</DialogDismiss>
        <Button onClick={onDownload}>
          {smallIcon ? (
            <Icon boxSize="4">
              <Download />
            </Icon>
          ) : (
            <Download />
          )}
          {t('common.qr.downloadPng')}
        </Button>
      </Dialog.Footer>
      <DialogCloseX />
    </>
  );
}
