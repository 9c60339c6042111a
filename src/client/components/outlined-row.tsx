import { HStack, type StackProps } from '@chakra-ui/react';

interface OutlinedRowProps extends StackProps {
  /** The row being worked on (being edited, just made): its outline takes `markColor`. */
  marked: boolean;
  markColor?: string;
}

/** One item of a short list in a thin rounded outline: a saved quick reply, an invite link. */
export function OutlinedRow({ marked, markColor = 'brand.muted', ...props }: OutlinedRowProps) {
  return (
    <HStack
      as="li"
      gap="3"
      py="2"
      px="3"
      rounded="lg"
      borderWidth="1px"
      borderColor={marked ? markColor : 'border.muted'}
      {...props}
    />
  );
}
