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
import type { FamilyCircleDto } from '../../../shared/schemas/family';
import { CardHeading } from '../../components/card-heading';
import { ConfirmDialog } from '../../components/form-dialog';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { useFamilyCircle } from '../../lib/family';
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

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The family circle (decision 007): for an active member its members, requests to join and invite
 * links; for someone waiting, that they wait; for a declined request, what they can do; else how to
 * start or join one.
 */
export function FamilyCircleCard({ familyLabel, onSetLabel }: FamilyCircleCardProps) {
  return (
    <ProfileCard headingId="family-heading" data-testid="family-circle-card">
      <CardHeading id="family-heading" icon={Users} iconColor="gold.fg">
        Family Circle
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
        {label}
      </Text>
      {circle.isPending ? (
        <Stack gap="3" mt="4">
          <Skeleton h="5" w="70%" />
          <Skeleton h="10" rounded="lg" />
        </Stack>
      ) : circle.isLoadingError ? (
        <LoadFailed
          mt="3"
          message="The family circle could not be loaded."
          onRetry={() => void circle.refetch()}
        />
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
  const members = useFamilyMembers(label);
  return (
    <>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {memberCount === 1 ? 'Just you so far. ' : `${memberCount} members. `}
        Members see each other's upcoming events on their calendars.
      </Text>

      <FamilyRequests />

      <Heading as="h3" fontSize="sm" color="fg.muted" mt="6" mb="3" fontWeight="semibold">
        Members
      </Heading>
      <LoadedList query={members} rowHeight="10" failure="The members could not be loaded.">
        {(list) => (
          <List.Root variant="plain" gap="3" data-testid="family-members">
            {list.map((member) => (
              <List.Item key={member.id} display="flex" alignItems="center" gap="3">
                <Avatar.Root size="sm" colorPalette={member.isYou ? 'gold' : 'brand'} variant="subtle">
                  <Avatar.Fallback name={member.name} />
                </Avatar.Root>
                <Text flex="1" minW="0" fontWeight="medium" truncate>
                  {member.name}
                  {member.isYou ? (
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {' '}
                      (you)
                    </Text>
                  ) : null}
                </Text>
                <Badge colorPalette={member.isYou ? 'gold' : 'gray'} variant="subtle" rounded="full">
                  {member.isYou ? 'Admin' : 'Member'}
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
  const leave = useLeaveCircle();
  const leaving = useConfirmedMutation(leave, {
    input: undefined,
    onDone: () => toast.success('You left the family circle', 'Your family label was cleared.'),
    failed: 'Could not leave the family circle',
  });
  return (
    <Box mt="6" pt="5" borderTopWidth="1px" borderColor="border.muted">
      <Button size="sm" variant="ghost" colorPalette="red" onClick={leaving.ask}>
        <Icon boxSize="4" aria-hidden>
          <LogOut />
        </Icon>
        Leave circle
      </Button>
      <ConfirmDialog
        {...leaving.dialog}
        title={`Leave the ${label} circle?`}
        confirmLabel="Leave circle"
        pendingLabel="Leaving..."
      >
        You stop seeing its members and events at once, and they stop seeing yours. To come back you need a
        member's approval or a new invite link.
      </ConfirmDialog>
    </Box>
  );
}

function WaitingForApproval({ circle }: { circle: FamilyCircleDto }) {
  const leave = useLeaveCircle();
  return (
    <Stack gap="4" mt="4" data-testid="family-pending">
      <Alert.Root status="warning" variant="subtle" rounded="lg" alignItems="flex-start">
        <Alert.Indicator>
          <Hourglass />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>Waiting for approval</Alert.Title>
          <Alert.Description>
            You asked to join this circle
            {circle.requestedAt ? ` on ${dateFormat.format(circle.requestedAt)}` : ''}. A member of the circle
            needs to approve you; until then you don't see its members or events. An invite link from a
            relative lets you in at once.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box>
        <Button
          size="sm"
          variant="outline"
          loading={leave.isPending}
          loadingText="Withdrawing..."
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success('Request withdrawn', 'Your family label was cleared.'),
              onError: (error) => toast.failed('Could not withdraw the request', error),
            })
          }
        >
          Withdraw request
        </Button>
      </Box>
    </Stack>
  );
}

/** A declined request, or a circle whose members have all left: the label stays, the circle is closed. */
function NotAMember({ label, onSetLabel }: { label: string; onSetLabel: () => void }) {
  const leave = useLeaveCircle();
  return (
    <Stack gap="4" mt="3" data-testid="family-not-member">
      <Text color="fg.muted">
        You are not a member of the {label} circle, so you don't see its members or events. A member can let
        you in by sending you an invite link. To start your own circle, choose another family label.
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Button variant="outline" onClick={onSetLabel}>
          Change family label
        </Button>
        <Button
          variant="ghost"
          loading={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success('Profile updated successfully'),
              onError: (error) => toast.failed('Failed to update profile', error),
            })
          }
        >
          Clear family label
        </Button>
      </Flex>
    </Stack>
  );
}

function NoCircle({ onSetLabel }: { onSetLabel: () => void }) {
  return (
    <Stack gap="4" mt="3">
      <Text color="fg.muted">
        A family circle lets relatives plan together: everyone in it sees the circle's upcoming events on
        their calendar.
      </Text>
      <List.Root gap="2" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>
          To start a circle, set a family label such as "The Cohen Family": the first person to use a label
          starts its circle.
        </List.Item>
        <List.Item>Then invite relatives with an invite link; they join as soon as they open it.</List.Item>
        <List.Item>
          Someone who types the same label without a link waits until a member approves them.
        </List.Item>
      </List.Root>
      <Box>
        <Button variant="outline" onClick={onSetLabel}>
          Set a family label
        </Button>
      </Box>
    </Stack>
  );
}
