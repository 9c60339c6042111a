import { Alert, Box, Button, Flex } from '@chakra-ui/react';
import { MailCheck } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { UserDto } from '../../shared/schemas/auth';
import { useIsolate } from '../i18n/use-isolate';
import { useT } from '../i18n/use-t';
import { serverMessage } from '../lib/errors';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { TruncatedText } from './truncated-text';

/** "20 MB": the small quota as people read it. */
function megabytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;
}

/**
 * Above every signed-in page while the account's address is not confirmed (decision 030): where the
 * link went, what waits on it, and a new link on request.
 */
export function EmailConfirmationBanner({ user }: { user: UserDto }) {
  const utils = trpc.useUtils();
  const t = useT();
  const iso = useIsolate();
  const config = trpc.meta.clientConfig.useQuery(undefined, {
    enabled: user.emailConfirmedAt === null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const resend = trpc.auth.resendEmailConfirmation.useMutation({
    onSuccess: ({ sentTo, alreadyConfirmed }) => {
      if (alreadyConfirmed) toast.success(t('common.emailConfirm.already'));
      else
        toast.success(
          t('common.emailConfirm.resent'),
          t('common.emailConfirm.resentHint', { email: iso(sentTo ?? user.email) }),
        );
      void utils.auth.session.invalidate();
    },
    onError: (error) =>
      toast.error(
        t('common.emailConfirm.resendFailed'),
        serverMessage(error) ?? t('common.error.tryAgainPlease'),
      ),
  });
  if (user.emailConfirmedAt !== null) return null;
  // The address reads as one word: on a screen too narrow for it, it takes its own line and ends in
  // an ellipsis (the whole address on hover and focus) rather than breaking in two.
  const email = (
    <TruncatedText as="bdi" display="inline-block" maxW="full" verticalAlign="bottom">
      {user.email}
    </TruncatedText>
  );
  return (
    <Box as="section" aria-label={t('common.emailConfirm.region')}>
      <Alert.Root
        role="presentation"
        status="warning"
        variant="subtle"
        rounded="none"
        borderBottomWidth="1px"
        borderColor="border.warning"
        px={{ base: '4', md: '8', xl: '12' }}
        py="3"
        data-testid="email-confirmation-banner"
      >
        <Alert.Indicator>
          <MailCheck aria-hidden />
        </Alert.Indicator>
        {/* minW 0: a long address is cut inside the screen instead of widening the page. */}
        <Flex
          flex="1"
          minW="0"
          gap="3"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <Alert.Content flex="1" minW="0">
            <Alert.Title>{t('common.emailConfirm.title')}</Alert.Title>
            <Alert.Description>
              {config.data ? (
                <FormattedMessage
                  id="common.emailConfirm.sentWithQuota"
                  values={{ email, size: iso(megabytes(config.data.unconfirmedQuotaBytes)) }}
                />
              ) : (
                <FormattedMessage id="common.emailConfirm.sent" values={{ email }} />
              )}
            </Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            bg="bg"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            alignSelf={{ base: 'flex-start', md: 'center' }}
          >
            {t('common.emailConfirm.sendAgain')}
          </Button>
        </Flex>
      </Alert.Root>
    </Box>
  );
}
