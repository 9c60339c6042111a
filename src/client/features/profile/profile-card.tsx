import type { BoxProps } from '@chakra-ui/react';
import { Panel } from '../../components/panel';

/** The card every profile section sits in, named by its heading. */
export function ProfileCard({ headingId, ...props }: BoxProps & { headingId: string }) {
  return (
    <Panel
      as="section"
      aria-labelledby={headingId}
      borderColor="border.muted"
      p={{ base: '5', md: '8' }}
      {...props}
    />
  );
}
