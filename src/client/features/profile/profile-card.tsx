import { Box, type BoxProps } from '@chakra-ui/react';

/** The card every profile section sits in, named by its heading. */
export function ProfileCard({ headingId, ...props }: BoxProps & { headingId: string }) {
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="bg"
      rounded="2xl"
      borderWidth="1px"
      borderColor="border.muted"
      p={{ base: '5', md: '8' }}
      {...props}
    />
  );
}
