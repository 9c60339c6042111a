import { Flex, type FlexProps } from '@chakra-ui/react';

/**
 * A card of the public and home pages (a figure, a reply, a plan): the soft-bordered `softPanel`
 * surface with its usual round and padding, laid out as a row unless told otherwise.
 */
export function SoftPanel(props: FlexProps) {
  return <Flex layerStyle="softPanel" rounded="xl" p={{ base: '4', md: '5' }} data-card="" {...props} />;
}
