import {
  Alert,
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Heading,
  Icon,
  List,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Calendar, Check, Lock, Users } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import type { UserDto } from '../../../shared/schemas/auth';
import { FAMILY_INVITE_VALID_DAYS, inviteTokenFromHash } from '../../../shared/schemas/family';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { IconBadge } from '../../components/icon-badge';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { LinkButton } from '../../components/link-button';
import { PageTitle } from '../../components/page-title';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorCode, serverMessage } from '../../lib/errors';
import { useFamilyCircle } from '../../lib/family';
import { homePathFor, useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { InviteSignInForm } from './invite-sign-in-form';
import { InviteSignUpForm } from './invite-sign-up-form';

/**
 * /invite/:familyLabel#token=...: an invitation to a family circle (decision 007). The label is
 * URL-encoded in the path; the secret token sits in the fragment, which browsers never send.
 */
export function InvitePage() {
  // The router hands the parameter over already decoded: 'Goldberg%20Family' is 'Goldberg Family'.
  const { familyLabel = '' } = useParams();
  const { hash } = useLocation();
  const label = familyLabel.trim();
  const token = inviteTokenFromHash(hash);
  const valid = label.length > 0 && label.length <= LIMITS.familyLabelMax;
  useDocumentTitle(valid ? `Join the ${label} family circle` : 'Family circle invitation');

  return (
    <Box bg="canvas" minH="full">
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '14' }}>
        {!valid ? (
          <EmptyPanel
            icon={<PanelIcon icon={Users} />}
            title="This invitation has no family label"
            description="Ask the relative who invited you to copy the invite link again."
          >
            <LinkButton to="/" variant="outline">
              Go to SimchaHub
            </LinkButton>
          </EmptyPanel>
        ) : token ? (
          <CheckedInvitation label={label} token={token} />
        ) : (
          <EmptyPanel
            icon={<PanelIcon icon={Lock} />}
            title="This invite link is incomplete"
            description={`The link to the ${label} family circle is missing its invitation code. Ask the relative who invited you to copy the invite link again; it works for ${FAMILY_INVITE_VALID_DAYS} days. You can also sign up with this family label and wait for a member to approve you.`}
          >
            <LinkButton to="/register" variant="outline">
              Sign up
            </LinkButton>
          </EmptyPanel>
        )}
      </Container>
    </Box>
  );
}

/** Asks the server whether the link still works before offering to join through it. */
function CheckedInvitation({ label, token }: { label: string; token: string }) {
  const utils = trpc.useUtils();
  // A mutation on the server (the token travels in a body, never in a logged URL), read like a query.
  const check = useQuery({
    queryKey: ['family-invite-check', label, token],
    queryFn: () => utils.client.family.checkInvite.mutate({ label, token }),
  });

  if (check.isPending) {
    return (
      <Stack gap="6" aria-busy>
        <Skeleton h="6" w="40%" />
        <Skeleton h="12" w="80%" />
        <Skeleton h="40" />
      </Stack>
    );
  }
  if (check.isError || !check.data.valid) {
    return (
      <EmptyPanel
        icon={<PanelIcon icon={Lock} />}
        title={
          check.isError ? 'The invitation could not be checked' : 'This invite link is invalid or has expired'
        }
        description={
          check.isError
            ? 'Please check your connection and try again.'
            : `Invite links work for ${FAMILY_INVITE_VALID_DAYS} days, and a member of the circle can revoke them. Please ask a family member for a new one.`
        }
      >
        {check.isError ? (
          <Button variant="outline" onClick={() => void check.refetch()}>
            Try again
          </Button>
        ) : (
          <LinkButton to="/" variant="outline">
            Go to SimchaHub
          </LinkButton>
        )}
      </EmptyPanel>
    );
  }
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 28rem)' }}
      gap={{ base: '8', lg: '12' }}
      alignItems="start"
    >
      <Invitation label={label} invitedBy={check.data.invitedBy} />
      <InviteAction label={label} token={token} />
    </Grid>
  );
}

function Invitation({ label, invitedBy }: { label: string; invitedBy: string | null }) {
  const shares = [
    {
      icon: Calendar,
      text: "Everyone's upcoming events (title, date, time and venue) in the family list on each member's calendar.",
    },
    { icon: Users, text: "Who is in the circle, on each member's Profile Settings." },
    {
      icon: Lock,
      text: 'Tasks, deposits, memos and messages with vendors stay private to each member.',
    },
  ];
  return (
    <Stack gap="6">
      <IconEyebrow icon={Users} iconSize="5" fontSize="sm">
        Family circle invitation
      </IconEyebrow>
      <PageTitle size={{ base: '2xl', md: '4xl' }} lineHeight="1.15" wordBreak="break-word">
        You're invited to join the {label} family circle on SimchaHub
      </PageTitle>
      <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
        {invitedBy ? (
          <>
            <strong>{invitedBy}</strong> invited you.{' '}
          </>
        ) : null}
        SimchaHub helps families plan weddings, bar and bat mitzvahs and every simcha together. This link lets
        you into the <strong>{label}</strong> circle as soon as you sign up or sign in.
      </Text>
      <Box layerStyle="softPanel" rounded="2xl" p={{ base: '5', md: '6' }}>
        <Heading as="h2" fontSize="md" color="brand.950">
          What the circle shares
        </Heading>
        <List.Root variant="plain" gap="3" mt="4">
          {shares.map(({ icon: ShareIcon, text }) => (
            <List.Item key={text} alignItems="flex-start" gap="3" color="fg.muted">
              <IconBadge icon={ShareIcon} iconSize="4" boxSize="8" rounded="lg" tone="brand" />
              <Text pt="1">{text}</Text>
            </List.Item>
          ))}
        </List.Root>
        <Text mt="4" fontSize="sm" color="fg.subtle">
          You can leave the circle at any time from Profile Settings.
        </Text>
      </Box>
    </Stack>
  );
}

function InviteAction({ label, token }: { label: string; token: string }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  // Set when this page signed the person up or in: their home opens next, not the "already in" panel.
  const [joined, setJoined] = useState(false);
  const onJoined = (joinedUser: UserDto, created: boolean) => {
    setJoined(true);
    toast.success(
      created ? 'Account created!' : 'Welcome back!',
      `${created ? 'Welcome to SimchaHub! ' : ''}You are now in the ${label} family circle.`,
    );
    navigate(homePathFor(joinedUser.role));
  };
  return (
    <SectionCard labelledBy="invite-action-heading" p={{ base: '5', md: '8' }} shadow="sm">
      {joined ? (
        <Stack gap="4" align="center" textAlign="center" py="6" aria-live="polite">
          <Spinner size="lg" color="brand.fg" />
          <Text id="invite-action-heading" fontWeight="semibold" color="brand.950">
            You're in. Opening your dashboard…
          </Text>
        </Stack>
      ) : isLoading ? (
        <Stack gap="4" aria-busy>
          <Skeleton h="6" w="60%" />
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : user ? (
        <JoinCircle user={user} label={label} token={token} />
      ) : (
        <VisitorJoin label={label} token={token} onJoined={onJoined} />
      )}
    </SectionCard>
  );
}

function VisitorJoin({
  label,
  token,
  onJoined,
}: {
  label: string;
  token: string;
  onJoined: (user: UserDto, created: boolean) => void;
}) {
  const [mode, setMode] = useState<'sign-up' | 'sign-in'>('sign-up');
  const signUp = mode === 'sign-up';
  return (
    <>
      <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
        {signUp ? 'Create your account' : 'Sign in to join'}
      </Heading>
      <Text mt="1" mb="6" fontSize="sm" color="fg.muted">
        {signUp
          ? 'Sign up to join the circle. It is free for families.'
          : `Sign in and you join the ${label} circle at once.`}
      </Text>
      {signUp ? (
        <InviteSignUpForm label={label} token={token} onJoined={(user) => onJoined(user, true)} />
      ) : (
        <InviteSignInForm label={label} token={token} onJoined={(user) => onJoined(user, false)} />
      )}
      <Text mt="6" fontSize="sm" color="fg.muted" textAlign="center">
        {signUp ? 'Already have an account? ' : 'New to SimchaHub? '}
        <Button
          variant="plain"
          size="sm"
          h="auto"
          p="0"
          color="brand.fg"
          fontWeight="semibold"
          onClick={() => setMode(signUp ? 'sign-in' : 'sign-up')}
        >
          {signUp ? 'Sign in' : 'Create an account'}
        </Button>
      </Text>
    </>
  );
}

function JoinCircle({ user, label, token }: { user: UserDto; label: string; token: string }) {
  const utils = trpc.useUtils();
  const circle = useFamilyCircle(user.familyLabel);
  const join = trpc.family.acceptInvite.useMutation({
    onSuccess: async ({ user: updated }) => {
      utils.auth.session.setData(undefined, { user: updated });
      await Promise.all([utils.auth.session.invalidate(), utils.family.invalidate()]);
    },
  });
  const sameLabel = user.familyLabel === label;
  const firstName = user.name.split(' ')[0] ?? user.name;

  if (sameLabel && circle.isPending) {
    return (
      <Stack gap="4" aria-busy>
        <Skeleton h="6" w="60%" />
        <Skeleton h="10" />
      </Stack>
    );
  }

  if (sameLabel && circle.data?.status === 'active') {
    return (
      <Stack gap="4" data-testid="invite-member">
        <Flex boxSize="12" rounded="full" bg="green.subtle" color="green.fg" align="center" justify="center">
          <Icon boxSize="6">
            <Check />
          </Icon>
        </Flex>
        <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
          You are already in this circle
        </Heading>
        <Text color="fg.muted">
          {firstName}, you belong to the {label} family circle. Its upcoming events are on your calendar.
        </Text>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          <LinkButton to="/calendar">Open Calendar</LinkButton>
          <LinkButton to="/profile" variant="outline">
            See the members
          </LinkButton>
        </Flex>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
        Join as {user.name}
      </Heading>
      <Text color="fg.muted" overflowWrap="anywhere">
        You are signed in as {user.email}. Joining sets your family label to <strong>{label}</strong>.
      </Text>
      {sameLabel ? (
        <Text color="fg.muted">
          Your request to join is waiting for approval; this invitation lets you in now.
        </Text>
      ) : user.familyLabel ? (
        <Alert.Root status="warning" variant="subtle" rounded="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              Your family label is {user.familyLabel} now. An account belongs to one circle at a time, so
              joining {label} replaces it.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Button
        size="lg"
        loading={join.isPending}
        loadingText="Joining..."
        onClick={() =>
          join.mutate(
            { label, token },
            {
              onSuccess: () =>
                toast.success('Welcome to the family circle', `You joined the ${label} family circle.`),
              onError: (error) =>
                toast.error(
                  'Could not join the family circle',
                  serverMessage(error) ??
                    (errorCode(error) === 'UNAUTHORIZED' ? 'Please sign in again.' : 'Please try again.'),
                ),
            },
          )
        }
      >
        Join {label}
      </Button>
    </Stack>
  );
}
