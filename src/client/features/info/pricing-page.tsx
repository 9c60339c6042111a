import { Badge, Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { CheckList } from '../../components/check-list';
import { LinkButton } from '../../components/link-button';
import { SoftPanel } from '../../components/soft-panel';
import { InfoPage, InfoSection, Paragraph } from './info-page';

const PLANS = [
  {
    name: 'Families',
    price: 'Free',
    summary: 'Everything you need to plan your simcha.',
    features: [
      'Unlimited events with tasks, deposits and memos',
      'Hebrew dates and Shabbat and holiday warnings',
      'Family circle and shareable event links',
      'Availability requests and messages with vendors',
    ],
    cta: { to: '/login-customer?mode=signup', label: 'Create a family account' },
  },
  {
    name: 'Vendors',
    price: 'Free listing',
    summary: 'Show your business to families planning their celebrations.',
    features: [
      'A business profile in the marketplace',
      'Claim and manage your existing listing',
      'Answer availability requests and messages',
    ],
    cta: { to: '/login-vendor?mode=signup', label: 'List your business' },
  },
] as const;

export function PricingPage() {
  return (
    <InfoPage
      title="Pricing"
      intro="SimchaHub is free for families, and listing a business is free for vendors."
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </SimpleGrid>
      <InfoSection title="Premium placement">
        <Paragraph>
          Paid options for vendors, such as premium placement in the marketplace, are not offered at this
          time, so there is nothing to pay. If we ever offer one, we will publish its price here before it
          starts, and the free listing will remain available.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Payments to vendors">
        <Paragraph>
          SimchaHub does not handle payments. Deposits and payments are arranged directly between families and
          vendors; the deposit tracker simply helps you remember what is due and what is paid.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}

function PlanCard({ plan }: { plan: (typeof PLANS)[number] }) {
  return (
    <SoftPanel direction="column" gap="5" p={{ base: '6', md: '8' }} rounded="2xl" shadow="sm">
      <Box>
        <Badge colorPalette={plan.name === 'Families' ? 'brand' : 'gold'} variant="subtle" rounded="full">
          {plan.name}
        </Badge>
        <Heading as="h2" fontSize="4xl" mt="3" color="brand.950">
          {plan.price}
        </Heading>
        <Text color="fg.muted" mt="1">
          {plan.summary}
        </Text>
      </Box>
      <CheckList items={plan.features} tick="green.fg" align="start" gap="2.5" />
      <LinkButton to={plan.cta.to} mt="auto" size="lg">
        {plan.cta.label}
      </LinkButton>
    </SoftPanel>
  );
}
