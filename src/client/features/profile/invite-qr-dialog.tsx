import { Dialog, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { DialogHeading, DialogShell } from '../../components/dialog-parts';
import { QrCodePicture, QrDialogFooter, useQrDownload } from '../../components/qr-code';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
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
  return /* value: a file name, the same in every language */ `simchahub-invite-${slug || 'family'}.png`;
}

/** A scannable code of the invite link, to show on a phone or print on an invitation. */
export function InviteQrDialog({ open, onClose, label, link }: InviteQrDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const { canvasRef, download } = useQrDownload();

  const save = () => {
    try {
      download(fileNameFor(label));
    } catch {
      toast.error(t('profile.qr.downloadFailed'), t('profile.qr.tryAgain'));
    }
  };

  return (
    <DialogShell open={open} onClose={onClose} size="sm">
      <Dialog.Content>
        <DialogHeading
          title={t('profile.qr.title')}
          description={
            <FormattedMessage id="profile.qr.description" values={{ label: <bdi>{label}</bdi> }} />
          }
        />
        <Dialog.Body display="flex" flexDirection="column" alignItems="center" gap="4">
          <QrCodePicture
            canvasRef={canvasRef}
            link={link}
            label={t('profile.qr.label', { label: iso(label) })}
            borderColor="border.muted"
            testId="invite-qr"
          />
          <Text fontSize="sm" color="fg.muted" textAlign="center" wordBreak="break-all" dir="ltr">
            {link}
          </Text>
        </Dialog.Body>
        <QrDialogFooter onDownload={save} smallIcon />
      </Dialog.Content>
    </DialogShell>
  );
}
