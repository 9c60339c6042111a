import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { StoreIcon } from '../../components/icons';
import { ListEmpty } from './item-parts';

/** The Vendors tab: availability requests sent for this event (none can be sent from here yet). */
export function VendorsTab() {
  return (
    <ListEmpty
      icon={<StoreIcon boxSize="6" />}
      title="No vendor requests for this event yet"
      text="Ask venues, caterers, photographers and musicians whether they are free on your date; their answers appear here."
    >
      <Button asChild mt="2" size="sm">
        <RouterLink to="/marketplace">Find Vendors</RouterLink>
      </Button>
    </ListEmpty>
  );
}
