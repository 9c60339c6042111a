import { Badge, Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { CheckList } from '../../components/check-list';
import { LinkButton } from '../../components/link-button';
import { SoftPanel } from '../../components/soft-panel';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MessageParagraph } from './info-page';

interface Plan {
  key: 'families' | 'vendors';
  name: MessageId;
  price: MessageId;
  summary: MessageId;
  features: readonly MessageId[];
  cta: { to: string; label: MessageId };
}

const PLANS: readonly Plan[] = [
  {
    key: 'families',
    name: 'info.pricing.families.name',
    price: 'info.pricing.families.price',
    summary: 'info.pricing.families.summary',
    features: [
      'info.pricing.families.feature1',
      'info.pricing.families.feature2',
      'info.pricing.families.feature3',
      'info.pricing.families.feature4',
    ],
    cta: { to: '/login-customer?mode=signup', label: 'info.pricing.families.cta' },
  },
  {
    key: 'vendors',
    name: 'info.pricing.vendors.name',
    price: 'info.pricing.vendors.price',
    summary: 'info.pricing.vendors.summary',
    features: [
      'info.pricing.vendors.feature1',
      'info.pricing.vendors.feature2',
      'info.pricing.vendors.feature3',
    ],
    cta: { to: '/login-vendor?mode=signup', label: 'info.pricing.vendors.cta' },
  },
];

export function PricingPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.pricing.title')} intro={t('info.pricing.intro', { brand: PRODUCT_NAME })}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {PLANS.map((plan) => (
          <PlanCard key={plan.key} plan={plan} />
        ))}
      </SimpleGrid>
      <InfoSection title={t('info.pricing.premium.title')}>
        <MessageParagraph id="info.pricing.premium.p1" />
      </InfoSection>
      <InfoSection title={t('info.pricing.payments.title')}>
        <MessageParagraph id="info.pricing.payments.p1" />
      </InfoSection>
    </InfoPage>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const t = useT();
  return (
    <SoftPanel direction="column" gap="5" p={{ base: '6', md: '8' }} rounded="2xl" shadow="sm">
      <Box>
        <Badge colorPalette={plan.key === 'families' ? 'brand' : 'gold'} variant="subtle" rounded="full">
          {t(plan.name)}
        </Badge>
        <Heading as="h2" fontSize="4xl" mt="3" color="brand.950">
          {t(plan.price)}
        </Heading>
        <Text color="fg.muted" mt="1">
          {t(plan.summary)}
        </Text>
      </Box>
      <CheckList items={plan.features.map((feature) => t(feature))} tick="green.fg" align="start" gap="2.5" />
      <LinkButton to={plan.cta.to} mt="auto" size="lg">
        {t(plan.cta.label)}
      </LinkButton>
    </SoftPanel>
  );
}
