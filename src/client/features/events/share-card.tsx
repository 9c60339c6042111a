import { Box, Button, Dialog, Flex, Heading, Icon, Stack, Switch, Text } from '@chakra-ui/react';
import { Copy, LinkIcon, QrCode } from 'lucide-react';
import { useState } from 'react';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { DialogShell } from '../../components/dialog-parts';
import { QrCodePicture, QrDialogFooter, useQrDownload } from '../../components/qr-code';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { useUpdateEvent } from './use-events';

export function shareLinkOf(event: EventDto): string {
  return `${window.location.origin}/share/${event.shareId}`;
}

/** The public read-only link of an event: on/off, copy, and a QR code to print or send. */
export function ShareCard({ event }: { event: EventDto }) {
  const update = useUpdateEvent();
  const [qrOpen, setQrOpen] = useState(false);
  const link = shareLinkOf(event);

  const setPublic = async (isPublic: boolean, quiet = false): Promise<boolean> => {
    try {
      await update.mutateAsync({ id: event.id, version: event.version, isPublic });
      if (!quiet) toast.success(isPublic ? 'Public link turned on' : 'Public link turned off');
      return true;
    } catch (error) {
      toast.failed('Failed to update sharing', error);
      return false;
    }
  };

  // A link or code only helps once the event is shared, so both turn sharing on first.
  const ensurePublic = async () => event.isPublic || (await setPublic(true, true));

  const copy = async () => {
    if (!(await ensurePublic())) return;
    if (await copyText(link)) toast.success('Share link copied to clipboard');
    else toast.error('Could not copy the link', link);
  };

  const openQr = async () => {
    if (await ensurePublic()) setQrOpen(true);
  };

  return (
    <Box layerStyle="softPanel" rounded="xl" p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="center" gap="4">
        <Heading as="h3" fontSize="md" color="brand.950" display="flex" alignItems="center" gap="2">
          <Icon boxSize="4" color="brand.fg">
            <LinkIcon />
          </Icon>
          Share this event
        </Heading>
        <Switch.Root
          checked={event.isPublic}
          onCheckedChange={(details) => {
            void setPublic(details.checked);
          }}
          disabled={update.isPending}
          colorPalette="green"
          flexShrink="0"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label fontSize="sm">Public link</Switch.Label>
        </Switch.Root>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {event.isPublic
          ? 'Anyone with the link sees the title, date, time, venue and picture; never your tasks, deposits or memos.'
          : 'Only you can see this event. Copy Link or QR Code turns the public link on.'}
      </Text>
      <Text
        mt="3"
        fontSize="sm"
        fontFamily="mono"
        bg="bg.muted"
        color={event.isPublic ? 'fg' : 'fg.subtle'}
        px="3"
        py="2"
        rounded="md"
        truncate
        title={link}
      >
        {link}
      </Text>
      <Flex gap="3" mt="3" wrap="wrap">
        <Button size="sm" onClick={() => void copy()} disabled={update.isPending}>
          <Copy />
          Copy Link
        </Button>
        <Button size="sm" variant="outline" onClick={() => void openQr()} disabled={update.isPending}>
          <QrCode />
          QR Code
        </Button>
      </Flex>
      <QrDialog event={event} link={link} open={qrOpen} onClose={() => setQrOpen(false)} />
    </Box>
  );
}

function fileNameOf(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'event'}-share-qr.png`;
}

function QrDialog({
  event,
  link,
  open,
  onClose,
}: {
  event: EventDto;
  link: string;
  open: boolean;
  onClose: () => void;
}) {
  const { canvasRef, download } = useQrDownload();

  return (
    <DialogShell open={open} onClose={onClose} size="sm" inset>
      <Dialog.Content>
        <Dialog.Header pe="14">
          <Dialog.Title color="brand.950">QR Code</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack align="center" gap="4">
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              Scanning it opens the public page of {event.title}.
            </Text>
            <QrCodePicture
              canvasRef={canvasRef}
              link={link}
              label={`QR code of the share link for ${event.title}`}
              borderColor="border"
            />
            <Text textStyle="caption" wordBreak="break-all" textAlign="center">
              {link}
            </Text>
          </Stack>
        </Dialog.Body>
        <QrDialogFooter onDownload={() => download(fileNameOf(event.title))} />
      </Dialog.Content>
    </DialogShell>
  );
}
