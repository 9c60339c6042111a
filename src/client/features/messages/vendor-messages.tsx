import { Button, Icon } from '@chakra-ui/react';
import { MessageCircle } from 'lucide-react';
import { EmptyPanel } from '../../components/empty-panel';
import { ConversationsView } from './conversations-view';

/** The vendor dashboard's Messages tab: the conversations with families about the vendor's listings. */
export function VendorMessages({ onOpenProfile }: { onOpenProfile: () => void }) {
  return (
    <ConversationsView
      height={{ base: 'calc(100dvh - 21rem)', md: 'min(42rem, calc(100dvh - 18rem))' }}
      empty={
        <EmptyPanel
          icon={
            <Icon boxSize="8">
              <MessageCircle />
            </Icon>
          }
          title="No messages yet"
          description="Complete your listing profile so that families find you and send you requests and messages."
        >
          <Button variant="outline" onClick={onOpenProfile}>
            Go to Listing Profile
          </Button>
        </EmptyPanel>
      }
    />
  );
}
