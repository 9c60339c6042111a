import { Flex, Portal, Text, type TextProps, Tooltip } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { OWN_DIRECTION } from './own-direction';

/**
 * One line of text that ends in an ellipsis when its box is too narrow (an e-mail address in a
 * table's column), instead of breaking mid-word. Once cut short it shows the whole value on hover
 * (title and tooltip) and, being focusable then, on keyboard focus too. `maxW` bounds the column.
 *
 * The value is someone's own (an address, a name): it reads in its own direction (dir="auto"), so an
 * address on a right-to-left page keeps its beginning and loses its end to the ellipsis, and it sits
 * on the page's side of its box while it fits (OWN_DIRECTION).
 */
export function TruncatedText({ children, ...props }: Omit<TextProps, 'children'> & { children: string }) {
  // The element is held in state: it is a new one when the tooltip starts or stops wrapping it.
  const [element, setElement] = useState<HTMLParagraphElement | null>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    if (!element) return;
    // Measured only when the observer reports (at once on observing, then on each resize), after
    // the frame's layout: measuring each of a table's dozens in its own effect forced a layout each.
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  const text = (
    <Text
      ref={setElement}
      truncate
      title={cut ? children : undefined}
      tabIndex={cut ? 0 : undefined}
      data-truncated={cut ? '' : undefined}
      {...OWN_DIRECTION}
      rounded="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      {...props}
    >
      {children}
    </Text>
  );
  // Only a value cut short gets its tooltip: a table of admin rows holds dozens of these, and a
  // tooltip each (its state machine and its portal) made opening such a tab several times slower.
  if (!cut) return text;
  return (
    <Tooltip.Root openDelay={300} closeDelay={100} positioning={{ placement: 'top-start' }}>
      <Tooltip.Trigger asChild>{text}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="sm" overflowWrap="anywhere">
            {children}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/** "Owner: name@example.com" on one line: the label whole, the value cut short with an ellipsis. */
export function LabelledTruncatedText({
  label,
  children,
  valueColor,
}: {
  label: string;
  children: string;
  valueColor?: TextProps['color'];
}) {
  return (
    <Flex gap="1" minW="0" align="baseline">
      <Text as="span" flexShrink="0">
        {label}
      </Text>
      <TruncatedText minW="0" color={valueColor}>
        {children}
      </TruncatedText>
    </Flex>
  );
}
