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
import type { HouseholdDto } from '../../../shared/schemas/guests';
import { ActionMenu } from '../../components/action-menu';
import { DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';
import { ConfirmDialog } from '../../components/form-dialog';
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
      toast.failed('Failed to make the invitation link', error);
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
  const utils = trpc.useUtils();
  const refresh = useGuestRefresh();
  const { linkOf } = useInvitationLink();
  const send = trpc.invitations.send.useMutation({ onSuccess: () => refresh() });
  const revoke = trpc.invitations.revokeLink.useMutation({ onSuccess: () => refresh() });
  const remind = trpc.invitations.remindHousehold.useMutation({ onSuccess: () => refresh() });
  const [whatsapp, setWhatsapp] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const hasEmail = group.guests.some((guest) => guest.email);

  const onSelect = async (value: string) => {
    switch (value) {
      case 'send':
        send.mutate(
          { id: household.id },
          {
            onSuccess: ({ url, sentTo }) => {
              // Sending makes a new link: Copy link and WhatsApp give that one from now on.
              madeLinks.set(household.id, absoluteUrl(url, window.location.origin));
              toast.success('Invitation sent', `Sent to ${sentTo.join(', ')}.`);
            },
            onError: (error) => toast.failed('Failed to send the invitation', error),
          },
        );
        return;
      case 'copy': {
        const link = await linkOf(household);
        if (!link) return;
        if (await copyText(link))
          toast.success('Invitation link copied', `Paste it into a message to ${household.name}.`);
        else toast.error('Could not copy the link', link);
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
          .catch(() => invitationText(title, household.name, link));
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
            onSuccess: ({ url, sentTo }) => {
              madeLinks.set(household.id, absoluteUrl(url, window.location.origin));
              toast.success('Reminder sent', `Sent to ${sentTo.join(', ')}.`);
            },
            onError: (error) => toast.failed('Failed to send the reminder', error),
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
          <IconButton aria-label={`Actions for household ${household.name}`} size="sm" variant="ghost">
            <Ellipsis />
          </IconButton>
        }
        content={{ minW: '52' }}
      >
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>Invitation</Menu.ItemGroupLabel>
          <Menu.Item value="send" disabled={!hasEmail}>
            <MenuLine icon={<Mail />}>Send invitation</MenuLine>
          </Menu.Item>
          <Menu.Item value="copy">
            <MenuLine icon={<Copy />}>Copy link</MenuLine>
          </Menu.Item>
          <Menu.Item value="whatsapp">
            <MenuLine icon={<MessageCircle />}>WhatsApp</MenuLine>
          </Menu.Item>
          <Menu.Item value="remind" disabled={!hasEmail || household.answeredAt !== null}>
            <MenuLine icon={<BellRing />}>Send reminder</MenuLine>
          </Menu.Item>
          <Menu.Item value="revoke" disabled={!household.hasLink}>
            <MenuLine icon={<Link2Off />}>Revoke link</MenuLine>
          </Menu.Item>
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>Household</Menu.ItemGroupLabel>
          <Menu.Item value="add">
            <MenuLine icon={<UserRoundPlus />}>Add guest</MenuLine>
          </Menu.Item>
          <Menu.Item value="edit">
            <MenuLine icon={<Pencil />}>Edit household</MenuLine>
          </Menu.Item>
          <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
            <MenuLine icon={<Trash2 />}>Remove household</MenuLine>
          </Menu.Item>
        </Menu.ItemGroup>
      </ActionMenu>
      <WhatsappDialog text={whatsapp} onClose={() => setWhatsapp(null)} householdName={household.name} />
      <ConfirmDialog
        open={revoking}
        onClose={() => setRevoking(false)}
        title="Revoke the invitation link?"
        confirmLabel="Revoke Link"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(
            { id: household.id },
            {
              onSuccess: () => {
                madeLinks.delete(household.id);
                setRevoking(false);
                toast.success('Invitation link revoked');
              },
              onError: (error) => toast.failed('Failed to revoke the link', error),
            },
          )
        }
      >
        The link sent to {household.name} will stop working at once. A new link can be made later.
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
  const [shown, setShown] = useState(text);
  if (text !== null && text !== shown) setShown(text);
  return (
    <DialogShell open={text !== null} onClose={onClose} size={{ base: 'xs', sm: 'md' }} inset>
      <Dialog.Content>
        <DialogHeading
          title="Send by WhatsApp"
          description={`The invitation for ${householdName}, with their personal link.`}
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
                Open WhatsApp
              </a>
            </Button>
          </Stack>
        </Dialog.Body>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
