import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { claimBadgePalette, type MyClaimDto } from '../../../shared/schemas/claims';
import { formatDateTime, statusLabel } from './format';

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
  return (
    <Stack as="ol" gap={gap} mt={mt} ps="3" borderStartWidth="2px" borderColor="border" listStyleType="none">
      {history.map((entry) => (
        <Box as="li" key={`${entry.at.getTime()}-${entry.toStatus}`} fontSize="sm">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={claimBadgePalette(entry.toStatus)} variant="subtle" size="sm">
              {statusLabel(entry.toStatus)}
            </Badge>
            <Text color="fg.muted">
              {entry.actor}, <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at)}</time>
            </Text>
          </HStack>
          {entry.note ? (
            <Text mt="1" whiteSpace="pre-line" wordBreak="break-word">
              {entry.note}
            </Text>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
