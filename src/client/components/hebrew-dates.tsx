import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface HebrewDates {
  /** Whether pages show Hebrew dates next to Gregorian ones. */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

const HebrewDatesContext = createContext<HebrewDates>({ enabled: false, setEnabled: () => {} });

/**
 * The navigation's Hebrew-date toggle (spec section 4): it starts from the user's saved
 * preference and flips locally; a saved change of the preference (profile page) resets it.
 */
export function HebrewDatesProvider({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [enabled, setEnabled] = useState(initial);
  const [savedPreference, setSavedPreference] = useState(initial);
  if (savedPreference !== initial) {
    setSavedPreference(initial);
    setEnabled(initial);
  }
  const value = useMemo(() => ({ enabled, setEnabled }), [enabled]);
  return <HebrewDatesContext.Provider value={value}>{children}</HebrewDatesContext.Provider>;
}

/** Read by any page inside the signed-in layout; outside it Hebrew dates are off. */
export function useHebrewDates(): HebrewDates {
  return useContext(HebrewDatesContext);
}
