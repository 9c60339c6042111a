import { Button } from '@chakra-ui/react';
import { ConversationsView } from './conversations-view';

/** The vendor dashboard's Messages tab: the conversations with families about the vendor's listings. */
export function VendorMessages({ onOpenProfile }: { onOpenProfile: () => void }) {
  return (
    <ConversationsView
      height={{ base: 'calc(100dvh - 21rem)', md: 'min(42rem, calc(100dvh - 18rem))' }}
      empty={{
        description:
          'Complete your listing profile so that families find you and send you requests and messages.',
        action: (
          <Button variant="outline" onClick={onOpenProfile}>
            Go to Listing Profile
          </Button>
        ),
      }}
    />
  );
}
