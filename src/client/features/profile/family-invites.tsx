import { Box, Button, Field, Flex, Heading, Icon, Input, Stack, Text } from '@chakra-ui/react';
import { Copy, QrCode } from 'lucide-react';
import { useState } from 'react';
import { FAMILY_INVITE_VALID_DAYS, type FamilyInviteDto } from '../../../shared/schemas/family';
import { OutlinedRow } from '../../components/outlined-row';
import { useT } from '../../i18n/use-t';
import { type CreatedInviteLink, copyInviteLink, useCreateInviteLink } from '../../lib/family';
import { toast } from '../../lib/toast';
import { InviteQrDialog } from './invite-qr-dialog';
import { useFamilyInvites, useRevokeInvite } from './use-family';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * Invite links (decision 007): each carries a secret that lets its holder in at once, for
 * FAMILY_INVITE_VALID_DAYS days or until a member revokes it. The secret is shown only right after
 * the link is made, so this card keeps the link it made; the list shows every live link to revoke.
 */
export function FamilyInvites({ label }: { label: string }) {
  const { create, isPending } = useCreateInviteLink();
  const t = useT();
  const [made, setMade] = useState<CreatedInviteLink | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const invites = useFamilyInvites(true);
  // The link made here stops being offered once it is revoked (here or by another member).
  const live = made && (invites.data ?? []).some((i) => i.id === made.id) ? made : null;
  const current = invites.isFetching ? made : live;

  const ensureLink = async (): Promise<CreatedInviteLink | null> => {
    if (current) return current;
    try {
      const invite = await create();
      setMade(invite);
      return invite;
    } catch (error) {
      toast.failed('Could not create an invite link', error);
      return null;
    }
  };

  return (
    <Box as="section" aria-labelledby="family-invite-heading" mt="6">
      <Heading id="family-invite-heading" as="h3" fontSize="sm" color="fg.muted" fontWeight="semibold">
        Invite family
      </Heading>
      <Field.Root mt="3">
        <Field.Label>Invite link</Field.Label>
        <Input
          value={current?.link ?? ''}
          placeholder="Copy a new link to see it here"
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          fontSize="sm"
          data-testid="invite-link"
        />
        <Field.HelperText>
          Whoever opens this link joins the circle at once after signing up or in. It works for{' '}
          {FAMILY_INVITE_VALID_DAYS} days; send it only to family.
        </Field.HelperText>
      </Field.Root>
      <Flex gap="3" mt="4" direction={{ base: 'column', sm: 'row' }} wrap="wrap">
        <Button
          loading={isPending}
          loadingText="Creating link..."
          onClick={() => {
            void ensureLink().then((invite) => (invite ? copyInviteLink(t, invite.link) : undefined));
          }}
        >
          <Icon boxSize="4">
            <Copy />
          </Icon>
          Copy invite link
        </Button>
        <Button
          variant="outline"
          disabled={isPending}
          onClick={() => {
            void ensureLink().then((invite) => {
              if (invite) setQrOpen(true);
            });
          }}
        >
          <Icon boxSize="4">
            <QrCode />
          </Icon>
          Show QR code
        </Button>
      </Flex>
      {current ? (
        <InviteQrDialog open={qrOpen} onClose={() => setQrOpen(false)} label={label} link={current.link} />
      ) : null}
      <LiveInvites invites={invites.data ?? []} madeId={current?.id ?? null} />
    </Box>
  );
}

function LiveInvites({ invites, madeId }: { invites: FamilyInviteDto[]; madeId: string | null }) {
  const revoke = useRevokeInvite();
  if (invites.length === 0) return null;
  return (
    <Box mt="5">
      <Text fontSize="sm" fontWeight="semibold" color="brand.950">
        Active invite links
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" mt="2" data-testid="family-invites">
        {invites.map((invite) => (
          <OutlinedRow key={invite.id} marked={invite.id === madeId}>
            <Text flex="1" minW="0" fontSize="sm" color="fg.muted">
              {invite.isYours ? 'Yours' : `By ${invite.createdByName}`}
              {invite.id === madeId ? ' (shown above)' : ''} · made {dateFormat.format(invite.createdAt)},
              works until {dateFormat.format(invite.expiresAt)}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              loading={revoke.isPending && revoke.variables?.id === invite.id}
              onClick={() =>
                revoke.mutate(
                  { id: invite.id },
                  {
                    onSuccess: () =>
                      toast.success('Invite link revoked', 'Nobody can join with it any more.'),
                    onError: (error) => toast.failed('Could not revoke the invite link', error),
                  },
                )
              }
            >
              Revoke
            </Button>
          </OutlinedRow>
        ))}
      </Stack>
    </Box>
  );
}
