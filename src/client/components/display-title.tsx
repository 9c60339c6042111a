import { Heading, type HeadingProps, type SystemStyleObject } from '@chakra-ui/react';

/** The display sizes of a page's h1 set large on a dark, starred banner. */
const DISPLAY_TITLES = {
  // The landing page's promise: the largest words of the site, set tight.
  hero: { fontSize: { base: '4xl', md: '6xl' }, lineHeight: '1.05', letterSpacing: '-0.02em' },
  // A shared invitation's event title: a step smaller, and a long name wraps.
  invitation: { fontSize: { base: '3xl', md: '5xl' }, lineHeight: '1.15', wordBreak: 'break-word' },
} satisfies Record<string, SystemStyleObject>;

/** A page's h1 in display size on a dark banner: the landing hero's promise, an invitation's title. */
export function DisplayTitle({ kind, ...props }: HeadingProps & { kind: keyof typeof DISPLAY_TITLES }) {
  return <Heading as="h1" {...DISPLAY_TITLES[kind]} {...props} />;
}
