import { Box, Button, Dialog, Flex, Heading, Icon, Stack, Switch, Text } from '@chakra-ui/react';
import { Copy, LinkIcon, QrCode } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { DialogShell } from '../../components/dialog-parts';
import { QrCodePicture, QrDialogFooter, useQrDownload } from '../../components/qr-code';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { copyText } from '../../lib/clipboard';
import { pageOrigin } from '../../lib/page-origin';
import { toast } from '../../lib/toast';
import { useUpdateEvent } from './use-events';

export function shareLinkOf(event: EventDto): string {
  return `${pageOrigin()}/share/${event.shareId}`;
}

/** The public read-only link of an event: on/off, copy, and a QR code to print or send. */
export function ShareCard({ event }: { event: EventDto }) {
  const update = useUpdateEvent();
  const [qrOpen, setQrOpen] = useState(false);
  const t = useT();
  const link = shareLinkOf(event);

  const setPublic = async (isPublic: boolean, quiet = false): Promise<boolean> => {
    try {
      await update.mutateAsync({ id: event.id, version: event.version, isPublic });
      if (!quiet) toast.success(t(isPublic ? 'events.share.turnedOn' : 'events.share.turnedOff'));
      return true;
    } catch (error) {
      toast.failed(t('events.share.failed'), error);
      return false;
    }
  };

  // A link or code only helps once the event is shared, so both turn sharing on first.
  const ensurePublic = async () => event.isPublic || (await setPublic(true, true));

  const copy = async () => {
    if (!(await ensurePublic())) return;
    if (await copyText(link)) toast.success(t('events.share.copied'));
    else toast.error(t('events.share.copyFailed'), link);
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
          {t('events.share.heading')}
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
          <Switch.Label fontSize="sm">{t('events.share.publicLink')}</Switch.Label>
        </Switch.Root>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {t(event.isPublic ? 'events.share.publicText' : 'events.share.privateText')}
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
        dir="ltr"
      >
        {link}
      </Text>
      <Flex gap="3" mt="3" wrap="wrap">
        <Button size="sm" onClick={() => void copy()} disabled={update.isPending}>
          <Copy />
          {t('events.share.copy')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void openQr()} disabled={update.isPending}>
          <QrCode />
          {t('events.share.qr')}
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
  return `${slug || /* value: a file name, kept in English */ 'event'}-share-qr.png`;
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
  const t = useT();
  const iso = useIsolate();

  return (
    <DialogShell open={open} onClose={onClose} size="sm" inset>
      <Dialog.Content>
        <Dialog.Header pe="14">
          <Dialog.Title color="brand.950">{t('events.share.qr')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack align="center" gap="4">
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              <FormattedMessage id="events.share.qrText" values={{ title: <bdi>{event.title}</bdi> }} />
            </Text>
            <QrCodePicture
              canvasRef={canvasRef}
              link={link}
              label={t('events.share.qrLabel', { title: iso(event.title) })}
              borderColor="border"
            />
            <Text textStyle="caption" wordBreak="break-all" textAlign="center" dir="ltr">
              {link}
            </Text>
          </Stack>
        </Dialog.Body>
        <QrDialogFooter onDownload={() => download(fileNameOf(event.title))} />
      </Dialog.Content>
    </DialogShell>
  );
}
