import { Heading, type HeadingProps } from '@chakra-ui/react';

/** A page's own title (its h1), in the size and tracking of the app's page headings. */
export function PageTitle(props: HeadingProps) {
  return (
    <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.950" letterSpacing="-0.01em" {...props} />
  );
}
