import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

interface PageFrameProps {
  title: string;
  /** One line on what the page is for. */
  description?: ReactNode;
  /** Buttons at the right of the title (below it on a phone). */
  actions?: ReactNode;
  children?: ReactNode;
  /** Tab title when it should differ from the heading (e.g. a greeting). */
  documentTitle?: string;
  /** Shown beside the title, e.g. an unread badge. */
  badge?: ReactNode;
}

/** The title block every page starts with, and the tab title that goes with it. */
export function PageFrame({ title, description, actions, children, documentTitle, badge }: PageFrameProps) {
  useDocumentTitle(documentTitle ?? title);
  const heading = (
    <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.950" letterSpacing="-0.01em">
      {title}
    </Heading>
  );
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <Flex
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
      >
        <Box minW="0">
          {badge ? (
            <Flex align="center" gap="3" wrap="wrap">
              {heading}
              {badge}
            </Flex>
          ) : (
            heading
          )}
          {description ? (
            <Text mt="2" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <Flex gap="3" wrap="wrap" flexShrink="0">
            {actions}
          </Flex>
        ) : null}
      </Flex>
      {children}
    </Stack>
  );
}
