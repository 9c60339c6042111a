import { Box, Button, Code, Container, Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { UsersIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';
import { useCurrentUser } from '../../lib/session';

/** /invite/:familyLabel: an invitation to a family circle (the label is URL-encoded in the link). */
export function InvitePage() {
  const { familyLabel = '' } = useParams();
  const { user } = useCurrentUser();
  const label = familyLabel.trim();

  return (
    <Container maxW="3xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <PageFrame
        title="Family circle invitation"
        description="Family circles let relatives plan their celebrations together on SimchaHub."
      >
        {label ? (
          <Box bg="bg" rounded="2xl" borderWidth="1px" borderColor="border.muted" p={{ base: '6', md: '8' }}>
            <Text color="fg.muted">You have been invited to join the family circle</Text>
            <Text
              mt="2"
              fontFamily="heading"
              fontSize="2xl"
              fontWeight="bold"
              color="brand.950"
              wordBreak="break-word"
            >
              {label}
            </Text>
            <Text mt="4" color="fg.muted">
              Everyone who enters exactly the same family label belongs to the same circle. Use this label:{' '}
              <Code wordBreak="break-word">{label}</Code>
            </Text>
            {user ? (
              user.familyLabel === label ? (
                <Text mt="6" fontWeight="medium" color="green.fg">
                  You are already a member of this family circle.
                </Text>
              ) : (
                <Flex mt="6" gap="3" direction={{ base: 'column', sm: 'row' }}>
                  <Button asChild>
                    <RouterLink to="/profile">Set your family label in Profile Settings</RouterLink>
                  </Button>
                </Flex>
              )
            ) : (
              <Flex mt="6" gap="3" direction={{ base: 'column', sm: 'row' }}>
                <Button asChild>
                  <RouterLink to="/login-customer?mode=signup">Create an account</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/login-customer">Sign in</RouterLink>
                </Button>
              </Flex>
            )}
          </Box>
        ) : (
          <EmptyPanel
            icon={<UsersIcon boxSize="8" />}
            title="This invitation has no family label"
            description="Ask the relative who invited you to copy the invite link again."
          />
        )}
      </PageFrame>
    </Container>
  );
}
