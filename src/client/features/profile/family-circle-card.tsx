import {
  Avatar,
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  List,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { CopyIcon, QrIcon, UsersIcon } from '../../components/icons';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { InviteQrDialog } from './invite-qr-dialog';
import { cardStyle } from './profile-styles';
import { inviteLinkFor, useFamilyMembers } from './use-profile';

interface FamilyCircleCardProps {
  familyLabel: string | null;
  /** Opens the profile form at the family label field. */
  onSetLabel: () => void;
}

/** The family circle: its members, the invite link and its QR code; or how to join one. */
export function FamilyCircleCard({ familyLabel, onSetLabel }: FamilyCircleCardProps) {
  return (
    <Box {...cardStyle} p={{ base: '5', md: '8' }} as="section" aria-labelledby="family-heading">
      <Heading
        id="family-heading"
        as="h2"
        fontSize="lg"
        color="brand.950"
        display="flex"
        alignItems="center"
        gap="2"
      >
        <UsersIcon boxSize="5" color="gold.fg" />
        Family Circle
      </Heading>
      {familyLabel ? <CircleDetails label={familyLabel} /> : <NoCircle onSetLabel={onSetLabel} />}
    </Box>
  );
}

function CircleDetails({ label }: { label: string }) {
  const members = useFamilyMembers(label);
  const [qrOpen, setQrOpen] = useState(false);
  const link = inviteLinkFor(label);

  const copy = async () => {
    if (await copyText(link)) toast.success('Invite link copied to clipboard');
    else toast.error('Could not copy the invite link', link);
  };

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
      <Text mt="1" fontSize="sm" color="fg.muted">
        Members see each other's upcoming events on their calendars.
      </Text>

      <Heading as="h3" fontSize="sm" color="fg.muted" mt="6" mb="3" fontWeight="semibold">
        Members
      </Heading>
      {members.isPending ? (
        <Stack gap="3">
          <Skeleton h="10" rounded="lg" />
          <Skeleton h="10" rounded="lg" />
        </Stack>
      ) : members.isError ? (
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted">
            The members could not be loaded.
          </Text>
          <Button size="xs" variant="outline" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </HStack>
      ) : (
        <List.Root variant="plain" gap="3" data-testid="family-members">
          {members.data.map((member) => (
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

      <Field.Root mt="6">
        <Field.Label>Invite link</Field.Label>
        <Input value={link} readOnly onFocus={(e) => e.currentTarget.select()} fontSize="sm" />
        <Field.HelperText>Anyone with this link can join the circle after signing up or in.</Field.HelperText>
      </Field.Root>
      <Flex gap="3" mt="4" direction={{ base: 'column', sm: 'row' }}>
        <Button
          onClick={() => {
            void copy();
          }}
        >
          <CopyIcon boxSize="4" />
          Copy invite link
        </Button>
        <Button variant="outline" onClick={() => setQrOpen(true)}>
          <QrIcon boxSize="4" />
          Show QR code
        </Button>
      </Flex>
      <InviteQrDialog open={qrOpen} onClose={() => setQrOpen(false)} label={label} link={link} />
    </>
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
        <List.Item>Everyone who enters exactly the same family label belongs to the same circle.</List.Item>
        <List.Item>
          To start a circle, set a label such as "The Cohen Family" and share the invite link.
        </List.Item>
        <List.Item>To join one, enter the label your relative uses, or open their invite link.</List.Item>
      </List.Root>
      <Box>
        <Button variant="outline" onClick={onSetLabel}>
          Set a family label
        </Button>
      </Box>
    </Stack>
  );
}
