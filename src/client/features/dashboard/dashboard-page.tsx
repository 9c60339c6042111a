import { Button, Flex, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { CalendarIcon, EventsIcon, StoreIcon, UsersIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';
import { useCurrentUser } from '../../lib/session';

const QUICK_ACTIONS: {
  to: string;
  label: string;
  text: string;
  icon: ComponentType<{ boxSize?: string }>;
}[] = [
  { to: '/events', label: 'New Event', text: 'Start planning a celebration', icon: EventsIcon },
  { to: '/marketplace', label: 'Find Vendors', text: 'Venues, caterers and more', icon: StoreIcon },
  { to: '/calendar', label: 'View Calendar', text: 'Dates, Shabbat and holidays', icon: CalendarIcon },
  { to: '/profile', label: 'Family Circle', text: 'Plan together with family', icon: UsersIcon },
];

/** /dashboard: the customer home. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  return (
    <PageFrame
      title={`Welcome, ${firstName}`}
      documentTitle="Dashboard"
      description="Your upcoming events, open tasks and vendor replies at a glance."
    >
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
        {QUICK_ACTIONS.map((action) => {
          const ActionIcon = action.icon;
          return (
            <LinkBox
              key={action.to}
              bg="bg"
              rounded="xl"
              borderWidth="1px"
              borderColor="border.muted"
              p={{ base: '4', md: '5' }}
              transition="box-shadow 0.2s, border-color 0.2s"
              _hover={{ shadow: 'md', borderColor: 'brand.emphasized' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <Flex
                boxSize="10"
                rounded="lg"
                bg="brand.subtle"
                color="brand.fg"
                align="center"
                justify="center"
              >
                <ActionIcon boxSize="5" />
              </Flex>
              <Heading as="h2" fontSize="md" mt="3" color="brand.950">
                <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                  <RouterLink to={action.to}>{action.label}</RouterLink>
                </LinkOverlay>
              </Heading>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {action.text}
              </Text>
            </LinkBox>
          );
        })}
      </SimpleGrid>
      <EmptyPanel
        icon={<EventsIcon boxSize="8" />}
        title="No upcoming events"
        description="Create an event to keep its tasks, vendor deposits and memos in one place."
      >
        <Button asChild>
          <RouterLink to="/events">Create your first event</RouterLink>
        </Button>
      </EmptyPanel>
    </PageFrame>
  );
}
