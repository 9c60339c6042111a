import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { type ClaimActorKind, claimBadgePalette, type MyClaimDto } from '../../../shared/schemas/claims';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { claimStatusLabel, formatDateTime } from './format';

/**
 * Who moved a claim, by the kind the server says it is: the submitter, an administrator (to the
 * submitter), or someone gone; a person's or the brand's name is shown as it is.
 */
const ACTORS: Partial<Record<ClaimActorKind, MessageId>> = {
  you: 'claims.actor.you',
  admin: 'claims.actor.admin',
  formerAdmin: 'claims.actor.formerAdmin',
  deleted: 'claims.actor.deleted',
};

/** A claim's steps, oldest first: each status it took, who moved it there and when, and their note. */
export function ClaimHistoryList({
  history,
  gap,
  mt,
}: {
  history: MyClaimDto['history'];
  gap: string;
  mt?: string;
}) {
  const t = useT();
  return (
    <Stack as="ol" gap={gap} mt={mt} ps="3" borderStartWidth="2px" borderColor="border" listStyleType="none">
      {history.map((entry) => {
        const actor = entry.actorKind ? ACTORS[entry.actorKind] : undefined;
        return (
          <Box as="li" key={`${entry.at.getTime()}-${entry.toStatus}`} fontSize="sm">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={claimBadgePalette(entry.toStatus)} variant="subtle" size="sm">
                {claimStatusLabel(t, entry.toStatus)}
              </Badge>
              <Text color="fg.muted">
                {actor ? t(actor) : <bdi>{entry.actor}</bdi>},{' '}
                <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at)}</time>
              </Text>
            </HStack>
            {entry.note ? (
              <Text mt="1" whiteSpace="pre-line" wordBreak="break-word">
                {entry.note}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
