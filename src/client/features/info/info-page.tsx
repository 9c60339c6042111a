import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { starPattern } from '../../components/star-pattern';
import { useDocumentTitle } from '../../components/use-document-title';
import type { MessageId } from '../../i18n/catalogue';

/** The frame of the footer pages: a title band, then readable sections. */
export function InfoPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <>
      <Box
        color="white"
        bgColor="brand.900"
        bgImage={`${starPattern('#ffffff', 0.06, 56)}, linear-gradient(150deg, #1e3a8a, #152456)`}
      >
        <Container maxW="4xl" px={{ base: '4', md: '8' }} py={{ base: '12', md: '16' }}>
          <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} letterSpacing="-0.01em">
            {title}
          </Heading>
          <Text mt="4" fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900" maxW="2xl">
            {intro}
          </Text>
        </Container>
      </Box>
      <Container maxW="4xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '10', md: '12' }}>{children}</Stack>
      </Container>
    </>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h2" fontSize={{ base: 'xl', md: '2xl' }} color="brand.950">
        {title}
      </Heading>
      <Stack gap="3" mt="3" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

/**
 * A paragraph from the catalogue: `{brand}` is the product's name, and `<link>…</link>`,
 * `<link2>…</link2>` are in-app links to `links[0]` and `links[1]`.
 */
export function MessageParagraph({
  id,
  links = [],
  values,
}: {
  id: MessageId;
  links?: readonly string[];
  values?: Record<string, ReactNode>;
}) {
  return (
    <Text>
      <FormattedMessage
        id={id}
        values={{
          brand: PRODUCT_NAME,
          link: (chunks: ReactNode[]) => <TextLink to={links[0] ?? '/'}>{chunks}</TextLink>,
          link2: (chunks: ReactNode[]) => <TextLink to={links[1] ?? '/'}>{chunks}</TextLink>,
          ...values,
        }}
      />
    </Text>
  );
}

/** An in-app link inside running text. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" textDecoration="underline" textUnderlineOffset="3px">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A mail link inside running text. */
export function MailLink({ address }: { address: string }) {
  return (
    <Link
      href={`mailto:${address}`}
      color="brand.fg"
      fontWeight="medium"
      textDecoration="underline"
      textUnderlineOffset="3px"
    >
      <bdi>{address}</bdi>
    </Link>
  );
}
