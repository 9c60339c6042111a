import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import type { Translate } from '../../i18n/use-t';
import { trpc } from '../../lib/trpc';
import type { Position } from './use-marketplace';

export type LocationSource = 'detecting' | 'device' | 'preset' | 'global';

export interface MarketplaceLocation {
  source: LocationSource;
  /** The detected or chosen city's name; '' when there is none (see locationLabel). */
  label: string;
  /** Null searches everywhere. */
  position: Position | null;
  /**
   * Why an asked-for detection ended in Global: the browser refused (the person or a setting did not
   * allow it) or could not tell. Set only when the person asked, so the page can say so.
   */
  notice?: 'denied' | 'unavailable';
}

const DETECTING: MarketplaceLocation = {
  source: 'detecting',
  label: '',
  position: null,
};
const GLOBAL: MarketplaceLocation = { source: 'global', label: '', position: null };

/** What the picker reads: the city's name, 'Near you', 'Global' or 'Detecting location...'. */
export function locationLabel(t: Translate, location: MarketplaceLocation): string {
  if (location.source === 'detecting') return t('marketplace.location.detecting');
  if (location.source === 'global') return t('marketplace.location.global');
  return location.label || t('marketplace.location.nearYou');
}

// Survives leaving the marketplace for a vendor page and coming back, so the browser is not asked again.
let remembered: MarketplaceLocation | null = null;

/** city, locality or principalSubdivision of the reverse-geocoding answer, or null. */
async function placeName(url: string, position: Position): Promise<string | null> {
  const address = new URL(url, window.location.origin);
  address.searchParams.set('latitude', String(position.lat));
  address.searchParams.set('longitude', String(position.lng));
  const response = await fetch(address);
  if (!response.ok) return null;
  const body = (await response.json()) as Record<string, unknown>;
  for (const key of ['city', 'locality', 'principalSubdivision']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/**
 * The marketplace position (spec section 4): 'Detecting location...' first, then the device's city
 * ('Near you' when it cannot be named), or 'Global' when the browser refuses or cannot tell.
 */
export function useMarketplaceLocation() {
  const utils = trpc.useUtils();
  const [location, setLocationState] = useState<MarketplaceLocation>(remembered ?? DETECTING);
  // A newer choice wins over a detection still under way.
  const attempt = useRef(0);

  const setLocation = useCallback((next: MarketplaceLocation) => {
    if (next.source !== 'detecting') remembered = { ...next, notice: undefined };
    // The whole marketplace reads the location: its new lists render as a transition, in slices the
    // browser can answer input between, instead of one long task (the drawn page is on screen).
    startTransition(() => setLocationState(next));
  }, []);

  /** Asks the browser where it is; `asked` when the person pressed for it (not the first look). */
  const detect = useCallback(
    (asked = false) => {
      const id = ++attempt.current;
      const fallBack = (notice: 'denied' | 'unavailable') =>
        setLocation(asked ? { ...GLOBAL, notice } : GLOBAL);
      if (!('geolocation' in navigator)) {
        fallBack('unavailable');
        return;
      }
      setLocation(DETECTING);
      navigator.geolocation.getCurrentPosition(
        (result) => {
          if (id !== attempt.current) return;
          const position = { lat: result.coords.latitude, lng: result.coords.longitude };
          setLocation({ source: 'device', label: '', position });
          void (async () => {
            try {
              const { reverseGeocodeUrl } = await utils.meta.clientConfig.fetch();
              const name = reverseGeocodeUrl ? await placeName(reverseGeocodeUrl, position) : null;
              if (name && id === attempt.current) setLocation({ source: 'device', label: name, position });
            } catch {
              // Naming is a nicety: 'Near you' stays.
            }
          })();
        },
        (error) => {
          if (id === attempt.current)
            fallBack(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
        },
        { enableHighAccuracy: true, timeout: TIMINGS.geolocationTimeoutMs },
      );
    },
    [setLocation, utils],
  );

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!remembered) detect();
  }, [detect]);

  const choosePreset = useCallback(
    (name: string, position: Position) => {
      attempt.current += 1;
      setLocation({ source: 'preset', label: name, position });
    },
    [setLocation],
  );

  const chooseGlobal = useCallback(() => {
    attempt.current += 1;
    setLocation(GLOBAL);
  }, [setLocation]);

  return { location, detect, choosePreset, chooseGlobal };
}
