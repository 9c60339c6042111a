import { Button } from '@chakra-ui/react';
import { useT } from '../../i18n/use-t';
import { ConversationsView } from './conversations-view';

/** The vendor dashboard's Messages tab: the conversations with families about the vendor's listings. */
export function VendorMessages({ onOpenProfile }: { onOpenProfile: () => void }) {
  const t = useT();
  return (
    <ConversationsView
      height={{ base: 'calc(100dvh - 21rem)', md: 'min(42rem, calc(100dvh - 18rem))' }}
      empty={{
        description: t('messages.vendor.empty'),
        action: (
          <Button variant="outline" onClick={onOpenProfile}>
            {t('messages.vendor.openProfile')}
          </Button>
        ),
      }}
    />
  );
}
