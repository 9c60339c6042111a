import { Button, Container, HStack } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MARKETPLACE_CATEGORIES, type MarketplaceCategory } from '../../../shared/constants';
import { EmptyPanel } from '../../components/empty-panel';
import { StoreIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** The category query parameter counts only for the five marketplace categories (spec section 5). */
function categoryFrom(value: string | null): MarketplaceCategory | null {
  return MARKETPLACE_CATEGORIES.find((c) => c === value) ?? null;
}

/** /marketplace: browse vendors, optionally preselecting a category. */
export function MarketplacePage() {
  const [params] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  return (
    <Container maxW="7xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <PageFrame
        title="Browse Vendors"
        description="Find venues, caterers, photographers, musicians and florists for your simcha."
      >
        <HStack as="nav" aria-label="Vendor categories" gap="2" wrap="wrap">
          <CategoryLink to="/marketplace" label="All vendors" current={category === null} />
          {MARKETPLACE_CATEGORIES.map((c) => (
            <CategoryLink key={c} to={`/marketplace?category=${c}`} label={c} current={category === c} />
          ))}
        </HStack>
        <EmptyPanel
          icon={<StoreIcon boxSize="8" />}
          title={category ? `No ${category.toLowerCase()} to show` : 'No vendors to show'}
          description="Vendor listings appear here once they are published on SimchaHub."
        />
      </PageFrame>
    </Container>
  );
}

function CategoryLink({ to, label, current }: { to: string; label: string; current: boolean }) {
  return (
    <Button
      asChild
      size="sm"
      rounded="full"
      variant={current ? 'solid' : 'outline'}
      aria-current={current ? 'page' : undefined}
    >
      <RouterLink to={to}>{label}</RouterLink>
    </Button>
  );
}
