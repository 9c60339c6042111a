import { Badge, Box, Button, Flex, Heading, Icon, List, Stack, Text } from '@chakra-ui/react';
import { LaptopMinimal, Smartphone } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { AccountSessionDto } from '../../../shared/schemas/auth';

import { ConfirmDialog } from '../../components/form-dialog';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { type Translate, useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { pageNow } from '../../lib/page-clock';
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

function endedMessage(t: Translate, ended: number): string {
  return t('profile.sessions.ended', { count: ended });
}

/** Where the account is signed in, with a way to sign out everywhere else. */
export function ActiveSessions() {
  const t = useT();
  const utils = trpc.useUtils();
  const sessions = trpc.auth.sessions.useQuery();
  const signOutOthers = trpc.auth.signOutOtherSessions.useMutation({
    onSuccess: () => utils.auth.sessions.invalidate(),
  });
  const list = sessions.data ? ordered(sessions.data.sessions) : [];
  const others = list.filter((session) => !session.current).length;
  const now = pageNow();

  const signingOut = useConfirmedMutation(signOutOthers, {
    input: undefined,
    onDone: ({ ended }) => toast.success(t('profile.sessions.done'), endedMessage(t, ended)),
    failed: t('profile.sessions.failed'),
    closeOnFailure: true,
  });

  return (
    <Stack gap="4">
      <Box>
        <Heading id="sessions-heading" as="h3" fontSize="md" color="brand.950">
          {t('profile.sessions.title')}
        </Heading>
        <Text mt="1" fontSize="sm" color="fg.muted">
          {t('profile.sessions.description')}
        </Text>
      </Box>

      <LoadedList query={sessions} rowHeight="14" failure={t('profile.sessions.loadFailed')}>
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
                      <bdi>{session.device}</bdi>
                    </Text>
                    {session.current ? (
                      <Badge colorPalette="green" variant="subtle" rounded="full">
                        {t('profile.sessions.thisDevice')}
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    {session.current ? (
                      t('profile.sessions.activeNow')
                    ) : (
                      <FormattedMessage
                        id="profile.sessions.lastActive"
                        values={{
                          ago: (
                            <time
                              dateTime={session.lastSeenAt.toISOString()}
                              title={dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(
                                session.lastSeenAt,
                              )}
                            >
                              {timeAgo(session.lastSeenAt, now, t)}
                            </time>
                          ),
                        }}
                      />
                    )}
                    {session.ipAddress ? (
                      <FormattedMessage
                        id="profile.sessions.ip"
                        values={{ ip: <bdi>{session.ipAddress}</bdi> }}
                      />
                    ) : null}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle">
                    {t('profile.sessions.signedIn', {
                      date: dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(
                        session.createdAt,
                      ),
                    })}
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
          {t('profile.sessions.signOutOthers')}
        </Button>
        {sessions.data && others === 0 ? (
          <Text mt="2" fontSize="sm" color="fg.muted">
            {t('profile.sessions.onlyDevice')}
          </Text>
        ) : null}
      </Box>

      <ConfirmDialog
        {...signingOut.dialog}
        title={t('profile.sessions.confirmTitle')}
        confirmLabel={t('profile.sessions.confirm')}
        pendingLabel={t('profile.sessions.pending')}
      >
        {t('profile.sessions.confirmBody', { count: others })}
      </ConfirmDialog>
    </Stack>
  );
}
