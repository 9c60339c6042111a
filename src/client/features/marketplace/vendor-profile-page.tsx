import { Button, Container } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { StoreIcon } from '../../components/icons';
import { useDocumentTitle } from '../../components/use-document-title';

/** /vendor/:id: a vendor's public profile; 'Vendor Not Found' when there is none to show. */
export function VendorProfilePage() {
  useDocumentTitle('Vendor Not Found');
  return (
    <Container maxW="4xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '16' }}>
      <EmptyPanel
        icon={<StoreIcon boxSize="8" />}
        title="Vendor Not Found"
        description="The vendor profile you are looking for does not exist or is no longer listed."
      >
        <Button asChild>
          <RouterLink to="/marketplace">Back to Marketplace</RouterLink>
        </Button>
      </EmptyPanel>
    </Container>
  );
}
