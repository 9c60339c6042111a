import { Button, Dialog, Icon, IconButton, Menu, Stack, Text } from '@chakra-ui/react';
import {
  BellRing,
  Copy,
  Ellipsis,
  Link2Off,
  Mail,
  MessageCircle,
  Pencil,
  Trash2,
  UserRoundPlus,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { HouseholdDto } from '../../../shared/schemas/guests';
import { ActionMenu } from '../../components/action-menu';
import { DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { ConfirmDialog } from '../../components/form-dialog';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { absoluteUrl, type HouseholdGroup, invitationText, whatsappLink } from './format';
import { useGuestRefresh } from './use-guests';

export interface HouseholdMenuHandlers {
  addGuest: (household: HouseholdDto) => void;
  edit: (household: HouseholdDto) => void;
  remove: (household: HouseholdDto) => void;
}

/**
 * Links made in this tab, per household: a link is shown only when it is made (only its hash is
 * kept) and a new one replaces the last, so Copy link and WhatsApp reuse the one made or mailed
 * here rather than replacing it each time.
 */
export const madeLinks = new Map<string, string>();

function useInvitationLink() {
  const t = useT();
  const refresh = useGuestRefresh();
  const create = trpc.invitations.createLink.useMutation({ onSuccess: () => refresh() });
  const linkOf = async (household: HouseholdDto): Promise<string | null> => {
    const known = household.hasLink ? madeLinks.get(household.id) : undefined;
    if (known) return known;
    try {
      const { url } = await create.mutateAsync({ id: household.id });
      const absolute = absoluteUrl(url, window.location.origin);
      madeLinks.set(household.id, absolute);
      return absolute;
    } catch (error) {
      toast.failed(t('guests.actions.linkFailed'), error);
      return null;
    }
  };
  return { linkOf, pending: create.isPending };
}

function MenuLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <Icon boxSize="4">{icon}</Icon>
      {children}
    </>
  );
}

/** One household's invitation and list actions, in a menu beside its name. */
export function HouseholdActions({
  group,
  title,
  handlers,
}: {
  group: HouseholdGroup;
  title: string;
  handlers: HouseholdMenuHandlers;
}) {
  const { household } = group;
  const t = useT();
  const iso = useIsolate();
  const utils = trpc.useUtils();
  const refresh = useGuestRefresh();
  const { linkOf } = useInvitationLink();
  const send = trpc.invitations.send.useMutation({ onSuccess: () => refresh() });
  const revoke = trpc.invitations.revokeLink.useMutation({ onSuccess: () => refresh() });
  const remind = trpc.invitations.remindHousehold.useMutation({ onSuccess: () => refresh() });
  const [whatsapp, setWhatsapp] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const hasEmail = group.guests.some((guest) => guest.email);
  const sentTo = (addresses: string[]) =>
    t('guests.actions.sentTo', { to: addresses.map((address) => iso(address)).join(', ') });

  const onSelect = async (value: string) => {
    switch (value) {
      case 'send':
        send.mutate(
          { id: household.id },
          {
            onSuccess: ({ url, sentTo: addresses }) => {
              // Sending makes a new link: Copy link and WhatsApp give that one from now on.
              madeLinks.set(household.id, absoluteUrl(url, window.location.origin));
              toast.success(t('guests.actions.sent'), sentTo(addresses));
            },
            onError: (error) => toast.failed(t('guests.actions.sendFailed'), error),
          },
        );
        return;
      case 'copy': {
        const link = await linkOf(household);
        if (!link) return;
        if (await copyText(link))
          toast.success(
            t('guests.actions.copied'),
            t('guests.actions.copiedHint', { name: iso(household.name) }),
          );
        else toast.error(t('guests.actions.copyFailed'), link);
        return;
      }
      case 'whatsapp': {
        const link = await linkOf(household);
        if (!link) return;
        // The server's words for the invitation (events, dates, the deadline), else a short line.
        const words = await utils.client.invitations.message
          .query({ id: household.id })
          .then(({ text }) =>
            text.includes('{link}') ? text.replaceAll('{link}', link) : `${text}\n\n${link}`,
          )
          .catch(() => invitationText(t, { title: iso(title), household: iso(household.name), url: link }));
        setWhatsapp(words);
        return;
      }
      case 'revoke':
        setRevoking(true);
        return;
      case 'remind':
        remind.mutate(
          { id: household.id },
          {
            onSuccess: ({ url, sentTo: addresses }) => {
              madeLinks.set(household.id, absoluteUrl(url, window.location.origin));
              toast.success(t('guests.actions.reminded'), sentTo(addresses));
            },
            onError: (error) => toast.failed(t('guests.actions.remindFailed'), error),
          },
        );
        return;
      case 'add':
        handlers.addGuest(household);
        return;
      case 'edit':
        handlers.edit(household);
        return;
      case 'delete':
        handlers.remove(household);
        return;
    }
  };

  return (
    <>
      <ActionMenu
        positioning={{ placement: 'bottom-end' }}
        onSelect={(details) => void onSelect(details.value)}
        trigger={
          <IconButton
            aria-label={t('guests.actions.label', { name: iso(household.name) })}
            size="sm"
            variant="ghost"
          >
            <Ellipsis />
          </IconButton>
        }
        content={{ minW: '52' }}
      >
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>{t('guests.actions.invitation')}</Menu.ItemGroupLabel>
          <Menu.Item value="send" disabled={!hasEmail}>
            <MenuLine icon={<Mail />}>{t('guests.actions.send')}</MenuLine>
          </Menu.Item>
          <Menu.Item value="copy">
            <MenuLine icon={<Copy />}>{t('guests.actions.copy')}</MenuLine>
          </Menu.Item>
          <Menu.Item value="whatsapp">
            <MenuLine icon={<MessageCircle />}>{t('guests.actions.whatsapp')}</MenuLine>
          </Menu.Item>
          <Menu.Item value="remind" disabled={!hasEmail || household.answeredAt !== null}>
            <MenuLine icon={<BellRing />}>{t('guests.actions.remind')}</MenuLine>
          </Menu.Item>
          <Menu.Item value="revoke" disabled={!household.hasLink}>
            <MenuLine icon={<Link2Off />}>{t('guests.actions.revoke')}</MenuLine>
          </Menu.Item>
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>{t('guests.field.household')}</Menu.ItemGroupLabel>
          <Menu.Item value="add">
            <MenuLine icon={<UserRoundPlus />}>{t('guests.actions.addGuest')}</MenuLine>
          </Menu.Item>
          <Menu.Item value="edit">
            <MenuLine icon={<Pencil />}>{t('guests.actions.edit')}</MenuLine>
          </Menu.Item>
          <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
            <MenuLine icon={<Trash2 />}>{t('guests.actions.remove')}</MenuLine>
          </Menu.Item>
        </Menu.ItemGroup>
      </ActionMenu>
      <WhatsappDialog text={whatsapp} onClose={() => setWhatsapp(null)} householdName={household.name} />
      <ConfirmDialog
        open={revoking}
        onClose={() => setRevoking(false)}
        title={t('guests.actions.revokeTitle')}
        confirmLabel={t('guests.actions.revokeConfirm')}
        pendingLabel={t('guests.actions.revoking')}
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(
            { id: household.id },
            {
              onSuccess: () => {
                madeLinks.delete(household.id);
                setRevoking(false);
                toast.success(t('guests.actions.revoked'));
              },
              onError: (error) => toast.failed(t('guests.actions.revokeFailed'), error),
            },
          )
        }
      >
        <FormattedMessage id="guests.actions.revokeText" values={{ name: <bdi>{household.name}</bdi> }} />
      </ConfirmDialog>
    </>
  );
}

/**
 * The invitation as a WhatsApp message: the text with the household's link, and a button that opens
 * WhatsApp with it typed in (a link the family follows, so no pop-up is blocked).
 */
function WhatsappDialog({
  text,
  onClose,
  householdName,
}: {
  text: string | null;
  onClose: () => void;
  householdName: string;
}) {
  const t = useT();
  const iso = useIsolate();
  const [shown, setShown] = useState(text);
  if (text !== null && text !== shown) setShown(text);
  return (
    <DialogShell open={text !== null} onClose={onClose} size={{ base: 'xs', sm: 'md' }} inset>
      <Dialog.Content>
        <DialogHeading
          title={t('guests.whatsapp.title')}
          description={t('guests.whatsapp.description', { name: iso(householdName) })}
        />
        <Dialog.Body pb="6">
          <Stack gap="4">
            <Text
              fontSize="sm"
              bg="bg.muted"
              rounded="md"
              px="3"
              py="2"
              wordBreak="break-word"
              whiteSpace="pre-wrap"
              data-testid="whatsapp-message"
            >
              {shown}
            </Text>
            <Button asChild colorPalette="green">
              <a href={whatsappLink(shown ?? '')} target="_blank" rel="noopener noreferrer">
                <MessageCircle />
                {t('guests.whatsapp.open')}
              </a>
            </Button>
          </Stack>
        </Dialog.Body>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
