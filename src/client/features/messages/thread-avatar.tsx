import { Avatar } from '@chakra-ui/react';

interface ThreadAvatarProps {
  thread: { side: 'customer' | 'vendor'; vendor: { logoUrl: string | null } };
  /** The other party's name, whose initials stand in for a picture. */
  name: string;
}

/** The other party of a conversation: the vendor's logo for the family, initials otherwise. */
export function ThreadAvatar({ thread, name }: ThreadAvatarProps) {
  return (
    <Avatar.Root
      size="sm"
      colorPalette={thread.side === 'customer' ? 'brand' : 'gold'}
      flexShrink="0"
      aria-hidden
    >
      {thread.side === 'customer' && thread.vendor.logoUrl ? (
        <Avatar.Image src={thread.vendor.logoUrl} alt="" />
      ) : null}
      <Avatar.Fallback name={name} />
    </Avatar.Root>
  );
}
