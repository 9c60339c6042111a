import { Alert, Box, Button, Flex } from '@chakra-ui/react';
import { MailCheck } from 'lucide-react';
import type { UserDto } from '../../shared/schemas/auth';
import { serverMessage } from '../lib/errors';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';

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
  const config = trpc.meta.clientConfig.useQuery(undefined, {
    enabled: user.emailConfirmedAt === null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const resend = trpc.auth.resendEmailConfirmation.useMutation({
    onSuccess: ({ sentTo, alreadyConfirmed }) => {
      if (alreadyConfirmed) toast.success('Your e-mail address is confirmed already');
      else toast.success('We sent you a new link', `Open the mail we sent to ${sentTo} and click the link.`);
      void utils.auth.session.invalidate();
    },
    onError: (error) => toast.error('No new link was sent', serverMessage(error) ?? 'Please try again.'),
  });
  if (user.emailConfirmedAt !== null) return null;
  const quota = config.data
    ? ` Until then, you can store up to ${megabytes(config.data.unconfirmedQuotaBytes)} of images and files.`
    : '';
  return (
    <Box as="section" aria-label="E-mail confirmation">
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
        <Flex
          flex="1"
          gap="3"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <Alert.Content flex="1">
            <Alert.Title>Please confirm your e-mail address</Alert.Title>
            <Alert.Description overflowWrap="anywhere">
              We sent a link to {user.email}.{quota}
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
            Send the link again
          </Button>
        </Flex>
      </Alert.Root>
    </Box>
  );
}
