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
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { LIMITS, PRODUCT_NAME } from '../../../shared/constants';
import type { UserDto } from '../../../shared/schemas/auth';
import { FAMILY_INVITE_VALID_DAYS, inviteTokenFromHash } from '../../../shared/schemas/family';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { IconBadge } from '../../components/icon-badge';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { LinkButton } from '../../components/link-button';
import { PageTitle } from '../../components/page-title';
import { SectionCard } from '../../components/section-card';
import { TruncatedText } from '../../components/truncated-text';
import { useDocumentTitle } from '../../components/use-document-title';
import type { MessageId } from '../../i18n/catalogue';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const iso = useIsolate();
  useDocumentTitle(
    valid ? t('family.invite.documentTitle', { label: iso(label) }) : t('family.invite.eyebrow'),
  );

  return (
    <Box bg="canvas" minH="full">
      <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '14' }}>
        {!valid ? (
          <EmptyPanel
            icon={<PanelIcon icon={Users} />}
            title={t('family.invite.noLabel')}
            description={t('family.invite.noLabelText')}
          >
            <LinkButton to="/" variant="outline">
              {t('family.invite.goHome', { brand: PRODUCT_NAME })}
            </LinkButton>
          </EmptyPanel>
        ) : token ? (
          <CheckedInvitation label={label} token={token} />
        ) : (
          <EmptyPanel
            icon={<PanelIcon icon={Lock} />}
            title={t('family.invite.incomplete')}
            description={
              <FormattedMessage
                id="family.invite.incompleteText"
                values={{ label: <bdi>{label}</bdi>, days: FAMILY_INVITE_VALID_DAYS }}
              />
            }
          >
            <LinkButton to="/register" variant="outline">
              {t('family.invite.signUp')}
            </LinkButton>
          </EmptyPanel>
        )}
      </Container>
    </Box>
  );
}

/** Asks the server whether the link still works before offering to join through it. */
function CheckedInvitation({ label, token }: { label: string; token: string }) {
  const t = useT();
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
        title={check.isError ? t('family.invite.checkFailed') : t('family.invite.invalid')}
        description={
          check.isError
            ? t('family.invite.checkFailedText')
            : t('family.invite.invalidText', { days: FAMILY_INVITE_VALID_DAYS })
        }
      >
        {check.isError ? (
          <Button variant="outline" onClick={() => void check.refetch()}>
            {t('common.action.tryAgain')}
          </Button>
        ) : (
          <LinkButton to="/" variant="outline">
            {t('family.invite.goHome', { brand: PRODUCT_NAME })}
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

const SHARES: { icon: typeof Users; text: MessageId }[] = [
  { icon: Calendar, text: 'family.invite.sharesEvents' },
  { icon: Users, text: 'family.invite.sharesMembers' },
  { icon: Lock, text: 'family.invite.sharesPrivate' },
];

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

function Invitation({ label, invitedBy }: { label: string; invitedBy: string | null }) {
  const t = useT();
  return (
    <Stack gap="6">
      <IconEyebrow icon={Users} iconSize="5" fontSize="sm">
        {t('family.invite.eyebrow')}
      </IconEyebrow>
      <PageTitle size={{ base: '2xl', md: '4xl' }} lineHeight="1.15" wordBreak="break-word">
        <FormattedMessage
          id="family.invite.title"
          values={{ label: <bdi>{label}</bdi>, brand: PRODUCT_NAME }}
        />
      </PageTitle>
      <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
        {invitedBy ? (
          <>
            <FormattedMessage
              id="family.invite.invitedBy"
              values={{ name: <bdi>{invitedBy}</bdi>, strong }}
            />{' '}
          </>
        ) : null}
        <FormattedMessage
          id="family.invite.about"
          values={{ label: <bdi>{label}</bdi>, brand: PRODUCT_NAME, strong }}
        />
      </Text>
      <Box layerStyle="softPanel" rounded="2xl" p={{ base: '5', md: '6' }}>
        <Heading as="h2" fontSize="md" color="brand.950">
          {t('family.invite.sharesTitle')}
        </Heading>
        <List.Root variant="plain" gap="3" mt="4">
          {SHARES.map(({ icon: ShareIcon, text }) => (
            <List.Item key={text} alignItems="flex-start" gap="3" color="fg.muted">
              <IconBadge icon={ShareIcon} iconSize="4" boxSize="8" rounded="lg" tone="brand" />
              <Text pt="1">{t(text)}</Text>
            </List.Item>
          ))}
        </List.Root>
        <Text mt="4" fontSize="sm" color="fg.subtle">
          {t('family.invite.leaveAnyTime')}
        </Text>
      </Box>
    </Stack>
  );
}

function InviteAction({ label, token }: { label: string; token: string }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const t = useT();
  const iso = useIsolate();
  // Set when this page signed the person up or in: their home opens next, not the "already in" panel.
  const [joined, setJoined] = useState(false);
  const onJoined = (joinedUser: UserDto, created: boolean) => {
    setJoined(true);
    toast.success(
      created ? t('auth.customer.created') : t('auth.welcomeBack'),
      created
        ? t('family.invite.joinedNew', { brand: PRODUCT_NAME, label: iso(label) })
        : t('family.invite.joinedBack', { label: iso(label) }),
    );
    navigate(homePathFor(joinedUser.role));
  };
  return (
    <SectionCard labelledBy="invite-action-heading" p={{ base: '5', md: '8' }} shadow="sm">
      {joined ? (
        <Stack gap="4" align="center" textAlign="center" py="6" aria-live="polite">
          <Spinner size="lg" color="brand.fg" />
          <Text id="invite-action-heading" fontWeight="semibold" color="brand.950">
            {t('family.invite.opening')}
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
  const t = useT();
  const iso = useIsolate();
  return (
    <>
      <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
        {signUp ? t('family.join.signUpTitle') : t('family.join.signInTitle')}
      </Heading>
      <Text mt="1" mb="6" fontSize="sm" color="fg.muted">
        {signUp ? t('family.join.signUpText') : t('family.join.signInText', { label: iso(label) })}
      </Text>
      {signUp ? (
        <InviteSignUpForm label={label} token={token} onJoined={(user) => onJoined(user, true)} />
      ) : (
        <InviteSignInForm label={label} token={token} onJoined={(user) => onJoined(user, false)} />
      )}
      <Text mt="6" fontSize="sm" color="fg.muted" textAlign="center">
        {signUp ? t('auth.register.haveAccount') : t('auth.login.newTo', { brand: PRODUCT_NAME })}{' '}
        <Button
          variant="plain"
          size="sm"
          h="auto"
          p="0"
          color="brand.fg"
          fontWeight="semibold"
          onClick={() => setMode(signUp ? 'sign-in' : 'sign-up')}
        >
          {signUp ? t('auth.register.signIn') : t('auth.login.createAccount')}
        </Button>
      </Text>
    </>
  );
}

function JoinCircle({ user, label, token }: { user: UserDto; label: string; token: string }) {
  const t = useT();
  const iso = useIsolate();
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
          {t('family.join.alreadyIn')}
        </Heading>
        <Text color="fg.muted">
          <FormattedMessage
            id="family.join.alreadyInText"
            values={{ name: <bdi>{firstName}</bdi>, label: <bdi>{label}</bdi> }}
          />
        </Text>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          <LinkButton to="/calendar">{t('family.join.openCalendar')}</LinkButton>
          <LinkButton to="/profile" variant="outline">
            {t('family.join.seeMembers')}
          </LinkButton>
        </Flex>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Heading id="invite-action-heading" as="h2" fontSize="xl" color="brand.950">
        <FormattedMessage id="family.join.joinAs" values={{ name: <bdi>{user.name}</bdi> }} />
      </Heading>
      <Text color="fg.muted" overflowWrap="anywhere">
        <FormattedMessage
          id="family.join.signedInAs"
          values={{
            email: (
              // One word, its end cut short with an ellipsis (whole on hover and focus) when wider than the card.
              <TruncatedText as="bdi" dir="ltr" display="inline-block" maxW="full" verticalAlign="bottom">
                {user.email}
              </TruncatedText>
            ),
            label: <bdi>{label}</bdi>,
            strong,
          }}
        />
      </Text>
      {sameLabel ? (
        <Text color="fg.muted">{t('family.join.waiting')}</Text>
      ) : user.familyLabel ? (
        <Alert.Root status="warning" variant="subtle" rounded="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <FormattedMessage
                id="family.join.replaces"
                values={{ current: <bdi>{user.familyLabel}</bdi>, label: <bdi>{label}</bdi> }}
              />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Button
        size="lg"
        loading={join.isPending}
        loadingText={t('family.join.joining')}
        onClick={() =>
          join.mutate(
            { label, token },
            {
              onSuccess: () =>
                toast.success(t('family.join.welcome'), t('family.join.joined', { label: iso(label) })),
              onError: (error) =>
                toast.error(
                  t('family.join.failed'),
                  serverMessage(error) ??
                    (errorCode(error) === 'UNAUTHORIZED'
                      ? t('family.join.signInAgain')
                      : t('common.error.tryAgainPlease')),
                ),
            },
          )
        }
      >
        {/* One flex item: the button's gap would otherwise part the words from the name ('ל־ Levy'). */}
        <span>
          <FormattedMessage id="family.join.submit" values={{ label: <bdi>{label}</bdi> }} />
        </span>
      </Button>
    </Stack>
  );
}
