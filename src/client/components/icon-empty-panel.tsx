import { Icon } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { EmptyPanel } from './empty-panel';

type IconEmptyPanelProps = Omit<ComponentProps<typeof EmptyPanel>, 'icon'> & { icon: LucideIcon };

/** An empty state whose picture is one of the app's line icons, at the size every empty state uses. */
export function IconEmptyPanel({ icon: PanelIcon, ...rest }: IconEmptyPanelProps) {
  return (
    <EmptyPanel
      icon={
        <Icon boxSize="8">
          <PanelIcon />
        </Icon>
      }
      {...rest}
    />
  );
}
