import { Button, EmptyState, Icon, VStack } from '@chakra-ui/react';
import { type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { serverMessage } from '../lib/errors';

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Buttons or links that lead somewhere useful. */
  children?: ReactNode;
}

/** An honest empty state: what is missing, and what the person can do next. */
export function EmptyPanel({ icon, title, description, children }: EmptyPanelProps) {
  return (
    <EmptyState.Root bg="bg" layerStyle="dashedOutline" rounded="2xl" py={{ base: '10', md: '14' }}>
      <EmptyState.Content>
        <EmptyState.Indicator
          color="brand.fg"
          bg="brand.subtle"
          rounded="full"
          boxSize="16"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {icon}
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="2">
          <EmptyState.Title as="h2" fontSize="lg" color="brand.950">
            {title}
          </EmptyState.Title>
          <EmptyState.Description maxW="md">{description}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The large icon an empty panel shows. */
export function PanelIcon({ icon: Glyph }: { icon: LucideIcon }) {
  return (
    <Icon boxSize="8">
      <Glyph />
    </Icon>
  );
}

interface LoadFailedPanelProps {
  /**
   * What could not be loaded, in the page's language, after 'Could not load': 'your events' (in
   * Hebrew a definite phrase, after 'את': 'האירועים שלכם').
   */
  what: string;
  icon?: LucideIcon;
  error: unknown;
  onRetry: () => void;
}

/** A list that could not be loaded: why, when the server said, and another try. */
export function LoadFailedPanel({ what, icon = TriangleAlert, error, onRetry }: LoadFailedPanelProps) {
  const t = useT();
  return (
    <EmptyPanel
      icon={<PanelIcon icon={icon} />}
      title={t('common.loadFailed.title', { what })}
      description={serverMessage(error) ?? t('common.loadFailed.description')}
    >
      <Button variant="outline" onClick={onRetry}>
        {t('common.action.tryAgain')}
      </Button>
    </EmptyPanel>
  );
}
