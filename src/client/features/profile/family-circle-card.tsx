import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Icon,
  List,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Hourglass, LogOut, Users } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { FamilyCircleDto } from '../../../shared/schemas/family';
import { CardHeading } from '../../components/card-heading';
import { ConfirmDialog } from '../../components/form-dialog';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { useFamilyCircle } from '../../lib/family';
import { dateFormat } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { FamilyInvites } from './family-invites';
import { FamilyRequests } from './family-requests';
import { LoadedList, LoadFailed } from './load-failed';
import { ProfileCard } from './profile-card';
import { useLeaveCircle } from './use-family';
import { useFamilyMembers } from './use-profile';

interface FamilyCircleCardProps {
  familyLabel: string | null;
  /** Opens the profile form at the family label field. */
  onSetLabel: () => void;
}

const LONG_DAY: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };

/**
 * The family circle (decision 007): for an active member its members, requests to join and invite
 * links; for someone waiting, that they wait; for a declined request, what they can do; else how to
 * start or join one.
 */
export function FamilyCircleCard({ familyLabel, onSetLabel }: FamilyCircleCardProps) {
  const t = useT();
  return (
    <ProfileCard headingId="family-heading" data-testid="family-circle-card">
      <CardHeading id="family-heading" icon={Users} iconColor="gold.fg">
        {t('profile.family.title')}
      </CardHeading>
      {familyLabel ? (
        <CircleOfLabel label={familyLabel} onSetLabel={onSetLabel} />
      ) : (
        <NoCircle onSetLabel={onSetLabel} />
      )}
    </ProfileCard>
  );
}

function CircleOfLabel({ label, onSetLabel }: { label: string; onSetLabel: () => void }) {
  const t = useT();
  const circle = useFamilyCircle(label);
  return (
    <>
      <Text
        mt="3"
        fontFamily="heading"
        fontSize="xl"
        fontWeight="bold"
        color="brand.950"
        wordBreak="break-word"
      >
        <bdi>{label}</bdi>
      </Text>
      {circle.isPending ? (
        <Stack gap="3" mt="4">
          <Skeleton h="5" w="70%" />
          <Skeleton h="10" rounded="lg" />
        </Stack>
      ) : circle.isLoadingError ? (
        <LoadFailed mt="3" message={t('profile.family.loadFailed')} onRetry={() => void circle.refetch()} />
      ) : circle.data.status === 'active' ? (
        <ActiveCircle label={label} memberCount={circle.data.memberCount} />
      ) : circle.data.status === 'pending' ? (
        <WaitingForApproval circle={circle.data} />
      ) : (
        <NotAMember label={label} onSetLabel={onSetLabel} />
      )}
    </>
  );
}

function ActiveCircle({ label, memberCount }: { label: string; memberCount: number }) {
  const t = useT();
  const members = useFamilyMembers(label);
  return (
    <>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {t('profile.family.count', { count: memberCount })}
      </Text>

      <FamilyRequests />

      <Heading as="h3" fontSize="sm" color="fg.muted" mt="6" mb="3" fontWeight="semibold">
        {t('profile.family.members')}
      </Heading>
      <LoadedList query={members} rowHeight="10" failure={t('profile.family.membersFailed')}>
        {(list) => (
          <List.Root variant="plain" gap="3" data-testid="family-members">
            {list.map((member) => (
              <List.Item key={member.id} display="flex" alignItems="center" gap="3">
                <Avatar.Root size="sm" colorPalette={member.isYou ? 'gold' : 'brand'} variant="subtle">
                  <Avatar.Fallback name={member.name} />
                </Avatar.Root>
                <Text flex="1" minW="0" fontWeight="medium" truncate>
                  <bdi>{member.name}</bdi>
                  {member.isYou ? (
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {' '}
                      {t('profile.family.you')}
                    </Text>
                  ) : null}
                </Text>
                <Badge colorPalette={member.isYou ? 'gold' : 'gray'} variant="subtle" rounded="full">
                  {member.isYou ? t('profile.family.admin') : t('profile.family.member')}
                </Badge>
              </List.Item>
            ))}
          </List.Root>
        )}
      </LoadedList>

      <FamilyInvites label={label} />
      <LeaveCircle label={label} />
    </>
  );
}

function LeaveCircle({ label }: { label: string }) {
  const t = useT();
  const iso = useIsolate();
  const leave = useLeaveCircle();
  const leaving = useConfirmedMutation(leave, {
    input: undefined,
    onDone: () => toast.success(t('profile.family.left'), t('profile.family.labelCleared')),
    failed: t('profile.family.leaveFailed'),
  });
  return (
    <Box mt="6" pt="5" borderTopWidth="1px" borderColor="border.muted">
      <Button size="sm" variant="ghost" colorPalette="red" onClick={leaving.ask}>
        <Icon boxSize="4" aria-hidden>
          <LogOut />
        </Icon>
        {t('profile.family.leave')}
      </Button>
      <ConfirmDialog
        {...leaving.dialog}
        title={t('profile.family.leaveTitle', { label: iso(label) })}
        confirmLabel={t('profile.family.leave')}
        pendingLabel={t('profile.family.leaving')}
      >
        {t('profile.family.leaveBody')}
      </ConfirmDialog>
    </Box>
  );
}

function WaitingForApproval({ circle }: { circle: FamilyCircleDto }) {
  const t = useT();
  const leave = useLeaveCircle();
  return (
    <Stack gap="4" mt="4" data-testid="family-pending">
      <Alert.Root status="warning" variant="subtle" rounded="lg" alignItems="flex-start">
        <Alert.Indicator>
          <Hourglass />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>{t('profile.family.waiting')}</Alert.Title>
          <Alert.Description>
            {circle.requestedAt
              ? t('profile.family.waitingBodyOn', { date: dateFormat(LONG_DAY).format(circle.requestedAt) })
              : t('profile.family.waitingBody')}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box>
        <Button
          size="sm"
          variant="outline"
          loading={leave.isPending}
          loadingText={t('profile.family.withdrawing')}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success(t('profile.family.withdrawn'), t('profile.family.labelCleared')),
              onError: (error) => toast.failed(t('profile.family.withdrawFailed'), error),
            })
          }
        >
          {t('profile.family.withdraw')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A declined request, or a circle whose members have all left: the label stays, the circle is closed. */
function NotAMember({ label, onSetLabel }: { label: string; onSetLabel: () => void }) {
  const t = useT();
  const leave = useLeaveCircle();
  return (
    <Stack gap="4" mt="3" data-testid="family-not-member">
      <Text color="fg.muted">
        <FormattedMessage id="profile.family.notMember" values={{ label: <bdi>{label}</bdi> }} />
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Button variant="outline" onClick={onSetLabel}>
          {t('profile.family.changeLabel')}
        </Button>
        <Button
          variant="ghost"
          loading={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success(t('profile.page.updated')),
              onError: (error) => toast.failed(t('profile.page.updateFailed'), error),
            })
          }
        >
          {t('profile.family.clearLabel')}
        </Button>
      </Flex>
    </Stack>
  );
}

function NoCircle({ onSetLabel }: { onSetLabel: () => void }) {
  const t = useT();
  return (
    <Stack gap="4" mt="3">
      <Text color="fg.muted">{t('profile.family.intro')}</Text>
      <List.Root gap="2" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>{t('profile.family.howStart')}</List.Item>
        <List.Item>{t('profile.family.howInvite')}</List.Item>
        <List.Item>{t('profile.family.howWait')}</List.Item>
      </List.Root>
      <Box>
        <Button variant="outline" onClick={onSetLabel}>
          {t('profile.family.setLabel')}
        </Button>
      </Box>
    </Stack>
  );
}
