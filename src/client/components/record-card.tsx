import { Badge, Box, Button, Collapsible, Flex, Heading, Text } from '@chakra-ui/react';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Panel } from './panel';

interface RecordCardProps {
  title: ReactNode;
  /** The line under the title: when it came, what it is about. */
  subtitle: ReactNode;
  /** The status badge at the title's end. */
  status: { label: string; palette: string; testId?: string };
  testId: string;
  children: ReactNode;
}

/**
 * One record of a list as a card (a report, a vendor's claim): its title, a line under it and its
 * status badge, then the details. The list item is named by its title.
 */
export function RecordCard({ title, subtitle, status, testId, children }: RecordCardProps) {
  const titleId = useId();
  return (
    <Panel as="li" aria-labelledby={titleId} p={{ base: '4', md: '5' }} data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap="3">
        <Box minW="0">
          <Heading id={titleId} as="h3" fontSize="md" color="brand.950" wordBreak="break-word">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {subtitle}
          </Text>
        </Box>
        <Badge
          colorPalette={status.palette}
          variant="subtle"
          rounded="full"
          px="2.5"
          flexShrink="0"
          data-testid={status.testId}
        >
          {status.label}
        </Badge>
      </Flex>
      {children}
    </Panel>
  );
}

/** A note written by someone (a report's reason, a reviewer's notes), set apart on a tinted box. */
export function NoteBox({ title, text, mt }: { title: string; text: string; mt?: string }) {
  return (
    <Box mt={mt} layerStyle="note" fontSize="sm">
      <Text fontWeight="semibold">{title}</Text>
      {/* Someone's own words: they read in their own direction. */}
      <Text whiteSpace="pre-line" wordBreak="break-word" dir="auto">
        {text}
      </Text>
    </Box>
  );
}

interface FoldedProps {
  icon: LucideIcon;
  label: string;
  minW: Collapsible.RootProps['minW'];
  children: ReactNode;
}

/** A part of a card folded away until asked for (a conversation, a history), its button naming it. */
export function Folded({ icon: FoldIcon, label, minW, children }: FoldedProps) {
  return (
    <Collapsible.Root flex="1" minW={minW}>
      <Collapsible.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          ms="-2"
          css={{ '&[data-state=open] .chevron': { transform: 'rotate(180deg)' } }}
        >
          <FoldIcon aria-hidden />
          {label}
          <ChevronDown className="chevron" aria-hidden />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
