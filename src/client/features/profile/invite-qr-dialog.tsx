import { Dialog, Text } from '@chakra-ui/react';
import { DialogHeading, DialogShell } from '../../components/dialog-parts';
import { QrCodePicture, QrDialogFooter, useQrDownload } from '../../components/qr-code';
import { toast } from '../../lib/toast';

interface InviteQrDialogProps {
  open: boolean;
  onClose: () => void;
  label: string;
  link: string;
}

/** File name of the downloaded code, e.g. 'simchahub-invite-goldberg-family.png'. */
function fileNameFor(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `simchahub-invite-${slug || 'family'}.png`;
}

/** A scannable code of the invite link, to show on a phone or print on an invitation. */
export function InviteQrDialog({ open, onClose, label, link }: InviteQrDialogProps) {
  const { canvasRef, download } = useQrDownload();

  const save = () => {
    try {
      download(fileNameFor(label));
    } catch {
      toast.error('Could not download the QR code', 'Please try again.');
    }
  };

  return (
    <DialogShell open={open} onClose={onClose} size="sm">
      <Dialog.Content>
        <DialogHeading
          title="Invite QR code"
          description={<>Scanning it opens the invitation to the {label} family circle.</>}
        />
        <Dialog.Body display="flex" flexDirection="column" alignItems="center" gap="4">
          <QrCodePicture
            canvasRef={canvasRef}
            link={link}
            label={`QR code of the invite link to the ${label} family circle`}
            borderColor="border.muted"
            testId="invite-qr"
          />
          <Text fontSize="sm" color="fg.muted" textAlign="center" wordBreak="break-all">
            {link}
          </Text>
        </Dialog.Body>
        <QrDialogFooter onDownload={save} smallIcon />
      </Dialog.Content>
    </DialogShell>
  );
}
