import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Globe, LocateFixed, MapPin } from 'lucide-react';
import { PRESET_CITIES } from '../../../shared/preset-places';
import { InfoDialog } from '../../components/form-dialog';
import type { MarketplaceLocation } from './use-location';
import type { Position } from './use-marketplace';

interface LocationDialogProps {
  open: boolean;
  onClose: () => void;
  location: MarketplaceLocation;
  onDetect: () => void;
  onPreset: (name: string, position: Position) => void;
  onGlobal: () => void;
}

/** Change location: detect again, one of the preset cities, or Global (no position). */
export function LocationDialog({
  open,
  onClose,
  location,
  onDetect,
  onPreset,
  onGlobal,
}: LocationDialogProps) {
  return (
    <InfoDialog
      open={open}
      onClose={onClose}
      title="Change Location"
      description="Vendors within 50 km of the place you choose are shown first and can be sorted by distance."
    >
      <Stack gap="4">
        <Button
          variant="outline"
          size="lg"
          onClick={() => {
            onDetect();
            onClose();
          }}
        >
          <LocateFixed />
          Use my current location
        </Button>
        <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
          Or choose a city
        </Text>
        <SimpleGrid columns={2} gap="2" role="group" aria-label="Preset cities">
          {PRESET_CITIES.map((city) => {
            const current = location.source === 'preset' && location.label === city.name;
            return (
              <Button
                key={city.name}
                variant={current ? 'solid' : 'subtle'}
                aria-pressed={current}
                justifyContent="flex-start"
                onClick={() => {
                  onPreset(city.name, { lat: city.lat, lng: city.lng });
                  onClose();
                }}
              >
                <MapPin />
                {city.name}
              </Button>
            );
          })}
          <Button
            variant={location.source === 'global' ? 'solid' : 'subtle'}
            aria-pressed={location.source === 'global'}
            justifyContent="flex-start"
            onClick={() => {
              onGlobal();
              onClose();
            }}
          >
            <Globe />
            Global
          </Button>
        </SimpleGrid>
      </Stack>
    </InfoDialog>
  );
}
