import { Badge, Box, Button, Flex, Heading, Icon, List, Stack, Text } from '@chakra-ui/react';
import { LaptopMinimal, Smartphone } from 'lucide-react';
import type { AccountSessionDto } from '../../../shared/schemas/auth';
import { ConfirmDialog } from '../../components/form-dialog';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { dateFormat } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { LoadedList } from './load-failed';
import { timeAgo } from './relative-time';

const PHONE_SYSTEMS = /android|ios|iphone|ipad|mobile/i;

/** This device first, then the most recently used. */
function ordered(sessions: AccountSessionDto[]): AccountSessionDto[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
  );
}

function endedMessage(ended: number): string {
  if (ended === 0) return 'No other sessions were signed in.';
  return `${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`;
}

/** Where the account is signed in, with a way to sign out everywhere else. */
export function ActiveSessions() {
  const utils = trpc.useUtils();
  const sessions = trpc.auth.sessions.useQuery();
  const signOutOthers = trpc.auth.signOutOtherSessions.useMutation({
    onSuccess: () => utils.auth.sessions.invalidate(),
  });
  const list = sessions.data ? ordered(sessions.data.sessions) : [];
  const others = list.filter((session) => !session.current).length;
  const now = new Date();

  const signingOut = useConfirmedMutation(signOutOthers, {
    input: undefined,
    onDone: ({ ended }) => toast.success('Signed out of other sessions', endedMessage(ended)),
    failed: 'Failed to sign out other sessions',
    closeOnFailure: true,
  });

  return (
    <Stack gap="4">
      <Box>
        <Heading id="sessions-heading" as="h3" fontSize="md" color="brand.950">
          Where you're signed in
        </Heading>
        <Text mt="1" fontSize="sm" color="fg.muted">
          Sessions end after a period without use. Sign out any you do not recognise.
        </Text>
      </Box>

      <LoadedList query={sessions} rowHeight="14" failure="Your sessions could not be loaded.">
        {() => (
          <List.Root variant="plain" gap="0" aria-labelledby="sessions-heading" data-testid="sessions">
            {list.map((session) => (
              <List.Item
                key={session.id}
                display="flex"
                alignItems="flex-start"
                gap="3"
                py="3"
                layerStyle="dividedRow"
                data-current={session.current || undefined}
              >
                <Flex
                  flexShrink="0"
                  boxSize="9"
                  rounded="lg"
                  align="center"
                  justify="center"
                  bg={session.current ? 'brand.subtle' : 'bg.muted'}
                  color={session.current ? 'brand.fg' : 'fg.muted'}
                >
                  <Icon boxSize="5" aria-hidden>
                    {PHONE_SYSTEMS.test(session.device) ? <Smartphone /> : <LaptopMinimal />}
                  </Icon>
                </Flex>
                <Box minW="0" flex="1">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="medium" overflowWrap="anywhere">
                      {session.device}
                    </Text>
                    {session.current ? (
                      <Badge colorPalette="green" variant="subtle" rounded="full">
                        This device
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    {session.current ? 'Active now' : 'Last active '}
                    {session.current ? null : (
                      <time
                        dateTime={session.lastSeenAt.toISOString()}
                        title={dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(
                          session.lastSeenAt,
                        )}
                      >
                        {timeAgo(session.lastSeenAt, now)}
                      </time>
                    )}
                    {session.ipAddress ? ` · ${session.ipAddress}` : null}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle">
                    Signed in{' '}
                    {dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(
                      session.createdAt,
                    )}
                  </Text>
                </Box>
              </List.Item>
            ))}
          </List.Root>
        )}
      </LoadedList>

      <Box>
        <Button
          variant="outline"
          colorPalette="red"
          onClick={signingOut.ask}
          disabled={!sessions.data || others === 0}
        >
          Sign out other sessions
        </Button>
        {sessions.data && others === 0 ? (
          <Text mt="2" fontSize="sm" color="fg.muted">
            This is the only device signed in to your account.
          </Text>
        ) : null}
      </Box>

      <ConfirmDialog
        {...signingOut.dialog}
        title="Sign out other sessions?"
        confirmLabel="Sign out others"
        pendingLabel="Signing out..."
      >
        {others === 1 ? 'The other device' : `The ${others} other devices`} signed in to your account will
        have to sign in again. This device stays signed in.
      </ConfirmDialog>
    </Stack>
  );
}
