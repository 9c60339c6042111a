import {
  Alert,
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Heading,
  HStack,
  Link,
  List,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import type { UserDto } from '../../../shared/schemas/auth';
import { EmptyPanel } from '../../components/empty-panel';
import { CalendarIcon, CheckIcon, LockIcon, UsersIcon } from '../../components/icons';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorCode, serverMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { InviteSignUpForm } from './invite-sign-up-form';

const cardStyle = {
  bg: 'bg',
  rounded: '2xl',
  borderWidth: '1px',
  borderColor: 'border.muted',
} as const;

/** /invite/:familyLabel: an invitation to a family circle (the label is URL-encoded in the link). */
export function InvitePage() {
  // The router hands the parameter over already decoded: 'Goldberg%20Family' is 'Goldberg Family'.
  const { familyLabel = '' } = useParams();
  const label = familyLabel.trim();
  const valid = label.length > 0 && label.length <= LIMITS.familyLabelMax;
  useDocumentTitle(valid ? `Join the ${label} family circle` : 'Family circle invitation');

  return (
    <Box bg="canvas" minH="full">
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '14' }}>
        {valid ? (
          <Grid
            templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 28rem)' }}
            gap={{ base: '8', lg: '12' }}
            alignItems="start"
          >
            <Invitation label={label} />
            <InviteAction label={label} />
          </Grid>
        ) : (
          <EmptyPanel
            icon={<UsersIcon boxSize="8" />}
            title="This invitation has no family label"
            description="Ask the relative who invited you to copy the invite link again."
          >
            <Button asChild variant="outline">
              <RouterLink to="/">Go to SimchaHub</RouterLink>
            </Button>
          </EmptyPanel>
        )}
      </Container>
    </Box>
  );
}

function Invitation({ label }: { label: string }) {
  const shares = [
    {
      icon: CalendarIcon,
      text: "Everyone's upcoming events (title, date, time and venue) in the family list on each member's calendar.",
    },
    { icon: UsersIcon, text: "Who is in the circle, on each member's Profile Settings." },
    {
      icon: LockIcon,
      text: 'Tasks, deposits, memos and messages with vendors stay private to each member.',
    },
  ];
  return (
    <Stack gap="6">
      <HStack gap="2" color="gold.fg">
        <UsersIcon boxSize="5" />
        <Text fontSize="sm" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
          Family circle invitation
        </Text>
      </HStack>
      <Heading
        as="h1"
        size={{ base: '2xl', md: '4xl' }}
        color="brand.950"
        letterSpacing="-0.01em"
        lineHeight="1.15"
        wordBreak="break-word"
      >
        You're invited to join the {label} family circle on SimchaHub
      </Heading>
      <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
        SimchaHub helps families plan weddings, bar and bat mitzvahs and every simcha together. A family
        circle is everyone who uses exactly the same family label, here <strong>{label}</strong>.
      </Text>
      <Box {...cardStyle} p={{ base: '5', md: '6' }}>
        <Heading as="h2" fontSize="md" color="brand.950">
          What the circle shares
        </Heading>
        <List.Root variant="plain" gap="3" mt="4">
          {shares.map(({ icon: Icon, text }) => (
            <List.Item key={text} alignItems="flex-start" gap="3" color="fg.muted">
              <Flex
                boxSize="8"
                flexShrink="0"
                rounded="lg"
                bg="brand.subtle"
                color="brand.fg"
                align="center"
                justify="center"
              >
                <Icon boxSize="4" />
              </Flex>
              <Text pt="1">{text}</Text>
            </List.Item>
          ))}
        </List.Root>
        <Text mt="4" fontSize="sm" color="fg.subtle">
          You can leave the circle at any time by clearing your family label in Profile Settings.
        </Text>
      </Box>
    </Stack>
  );
}

function InviteAction({ label }: { label: string }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  // Set when this page created the account: the dashboard opens next, not the "already in" panel.
  const [created, setCreated] = useState(false);
  return (
    <Box
      {...cardStyle}
      p={{ base: '5', md: '8' }}
      shadow="sm"
      as="section"
      aria-labelledby="invite-action-heading"
    >
      {created ? (
        <Stack gap="4" align="center" textAlign="center" py="6" aria-live="polite">
          <Spinner size="lg" color="brand.fg" />
          <Text id="invite-action-heading" fontWeight="semibold" color="brand.950">
            Account created. Opening your dashboard…
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
        <JoinCircle user={user} label={label} />
      ) : (
        <VisitorSignUp
          label={label}
          onSignedUp={() => {
            setCreated(true);
            toast.success(
              'Account created!',
              `Welcome to SimchaHub! You are now in the ${label} family circle.`,
            );
            navigate('/dashboard');
          }}
        />
      )}
    </Box>
  );
}

function VisitorSignUp({ label, onSignedUp }: { label: string; onSignedUp: () => void }) {
  return (
    <>
      <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
        Create your account
      </Heading>
      <Text mt="1" mb="6" fontSize="sm" color="fg.muted">
        Sign up to join the circle. It is free for families.
      </Text>
      <InviteSignUpForm label={label} onSignedUp={onSignedUp} />
      <Text mt="6" fontSize="sm" color="fg.muted" textAlign="center">
        Already have an account?{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/login-customer">Sign in</RouterLink>
        </Link>
        , then open this invite link again to join.
      </Text>
    </>
  );
}

function JoinCircle({ user, label }: { user: UserDto; label: string }) {
  const utils = trpc.useUtils();
  const join = trpc.profile.update.useMutation({
    onSuccess: async ({ user: updated }) => {
      utils.auth.session.setData(undefined, { user: updated });
      await Promise.all([
        utils.auth.session.invalidate(),
        utils.family.members.invalidate(),
        utils.family.events.invalidate(),
      ]);
    },
  });
  const member = user.familyLabel === label;
  const firstName = user.name.split(' ')[0] ?? user.name;

  if (member) {
    return (
      <Stack gap="4" data-testid="invite-member">
        <Flex boxSize="12" rounded="full" bg="green.subtle" color="green.fg" align="center" justify="center">
          <CheckIcon boxSize="6" />
        </Flex>
        <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
          You are already in this circle
        </Heading>
        <Text color="fg.muted">
          {firstName}, you belong to the {label} family circle. Its upcoming events are on your calendar.
        </Text>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Button asChild>
            <RouterLink to="/calendar">Open Calendar</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/profile">See the members</RouterLink>
          </Button>
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
      {user.familyLabel ? (
        <Alert.Root status="warning" variant="subtle" rounded="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              You are in the {user.familyLabel} family circle now. An account belongs to one circle at a time,
              so joining {label} replaces it.
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
            { familyLabel: label },
            {
              onSuccess: () =>
                toast.success('Profile updated successfully', `You joined the ${label} family circle.`),
              onError: (error) =>
                toast.error(
                  'Failed to update profile',
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
