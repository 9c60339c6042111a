import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Globe, LocateFixed, MapPin } from 'lucide-react';
import { PRESET_CITIES } from '../../../shared/preset-places';
import { InfoDialog } from '../../components/form-dialog';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  return (
    <InfoDialog
      open={open}
      onClose={onClose}
      title={t('marketplace.location.title')}
      description={t('marketplace.location.description', { km: 50 })}
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
          {t('marketplace.location.useCurrent')}
        </Button>
        <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
          {t('marketplace.location.orCity')}
        </Text>
        <SimpleGrid columns={2} gap="2" role="group" aria-label={t('marketplace.location.presetCities')}>
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
                <bdi>{city.name}</bdi>
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
            {t('marketplace.location.global')}
          </Button>
        </SimpleGrid>
      </Stack>
    </InfoDialog>
  );
}
