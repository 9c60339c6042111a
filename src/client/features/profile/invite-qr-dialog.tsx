import { Box, Button, CloseButton, Dialog, Icon, Portal, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
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
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const download = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    try {
      const anchor = document.createElement('a');
      anchor.href = canvas.toDataURL('image/png');
      anchor.download = fileNameFor(label);
      anchor.click();
    } catch {
      toast.error('Could not download the QR code', 'Please try again.');
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title color="brand.950" fontSize="xl">
                Invite QR code
              </Dialog.Title>
              <Dialog.Description color="fg.muted" fontSize="sm">
                Scanning it opens the invitation to the {label} family circle.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" alignItems="center" gap="4">
              <Box p="3" bg="white" rounded="xl" borderWidth="1px" borderColor="border.muted">
                <QRCodeCanvas
                  ref={canvasRef}
                  value={link}
                  size={240}
                  level="M"
                  marginSize={2}
                  fgColor="#152456"
                  role="img"
                  aria-label={`QR code of the invite link to the ${label} family circle`}
                  data-testid="invite-qr"
                />
              </Box>
              <Text fontSize="sm" color="fg.muted" textAlign="center" wordBreak="break-all">
                {link}
              </Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
              <Button onClick={download}>
                <Icon boxSize="4">
                  <Download />
                </Icon>
                Download PNG
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Close dialog" size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
