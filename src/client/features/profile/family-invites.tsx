import { Box, Button, Field, Flex, Heading, Icon, Input, Stack, Text } from '@chakra-ui/react';
import { Copy, QrCode } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { FAMILY_INVITE_VALID_DAYS, type FamilyInviteDto } from '../../../shared/schemas/family';
import { OutlinedRow } from '../../components/outlined-row';
import { useT } from '../../i18n/use-t';
import { type CreatedInviteLink, copyInviteLink, useCreateInviteLink } from '../../lib/family';
import { dateFormat } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { InviteQrDialog } from './invite-qr-dialog';
import { useFamilyInvites, useRevokeInvite } from './use-family';

const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/**
 * Invite links (decision 007): each carries a secret that lets its holder in at once, for
 * FAMILY_INVITE_VALID_DAYS days or until a member revokes it. The secret is shown only right after
 * the link is made, so this card keeps the link it made; the list shows every live link to revoke.
 */
export function FamilyInvites({ label }: { label: string }) {
  const t = useT();
  const { create, isPending } = useCreateInviteLink();
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
      toast.failed(t('profile.invites.createFailed'), error);
      return null;
    }
  };

  return (
    <Box as="section" aria-labelledby="family-invite-heading" mt="6">
      <Heading id="family-invite-heading" as="h3" fontSize="sm" color="fg.muted" fontWeight="semibold">
        {t('profile.invites.title')}
      </Heading>
      <Field.Root mt="3">
        <Field.Label>{t('profile.invites.link')}</Field.Label>
        <Input
          value={current?.link ?? ''}
          placeholder={t('profile.invites.placeholder')}
          dir={current ? 'ltr' : undefined}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          fontSize="sm"
          data-testid="invite-link"
        />
        <Field.HelperText>{t('profile.invites.hint', { days: FAMILY_INVITE_VALID_DAYS })}</Field.HelperText>
      </Field.Root>
      <Flex gap="3" mt="4" direction={{ base: 'column', sm: 'row' }} wrap="wrap">
        <Button
          loading={isPending}
          loadingText={t('profile.invites.creating')}
          onClick={() => {
            void ensureLink().then((invite) => (invite ? copyInviteLink(t, invite.link) : undefined));
          }}
        >
          <Icon boxSize="4">
            <Copy />
          </Icon>
          {t('profile.invites.copy')}
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
          {t('profile.invites.showQr')}
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
  const t = useT();
  const revoke = useRevokeInvite();
  if (invites.length === 0) return null;
  const day = dateFormat(SHORT_DAY);
  return (
    <Box mt="5">
      <Text fontSize="sm" fontWeight="semibold" color="brand.950">
        {t('profile.invites.active')}
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" mt="2" data-testid="family-invites">
        {invites.map((invite) => (
          <OutlinedRow key={invite.id} marked={invite.id === madeId}>
            <Text flex="1" minW="0" fontSize="sm" color="fg.muted">
              {invite.isYours ? (
                t('profile.invites.yours')
              ) : (
                <FormattedMessage
                  id="profile.invites.by"
                  values={{ name: <bdi>{invite.createdByName}</bdi> }}
                />
              )}
              {invite.id === madeId ? t('profile.invites.shownAbove') : null}
              {t('profile.invites.dates', {
                made: day.format(invite.createdAt),
                until: day.format(invite.expiresAt),
              })}
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
                      toast.success(t('profile.invites.revoked'), t('profile.invites.revokedHint')),
                    onError: (error) => toast.failed(t('profile.invites.revokeFailed'), error),
                  },
                )
              }
            >
              {t('profile.invites.revoke')}
            </Button>
          </OutlinedRow>
        ))}
      </Stack>
    </Box>
  );
}
