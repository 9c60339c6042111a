import type { LucideIcon } from 'lucide-react';
import Camera from 'lucide-react/icons/camera';
import Flower2 from 'lucide-react/icons/flower-2';
import Landmark from 'lucide-react/icons/landmark';
import Mic from 'lucide-react/icons/mic';
import Music from 'lucide-react/icons/music';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Sparkles from 'lucide-react/icons/sparkles';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';

/**
 * The picture of a listing without a cover photo: its category's drawing on a tinted, star-patterned
 * ground. The web app draws it (src/client/components/category-art.tsx); the server draws the same
 * as a PNG for link previews (src/server/doors/pages/og-images.ts).
 */
export interface CategoryDrawing {
  icon: LucideIcon;
  /** The two ends of the background's gradient. */
  from: string;
  to: string;
}

/** Each category's drawing and tint; the same icons as the marketplace's category tiles. */
export const CATEGORY_ART: Record<string, CategoryDrawing> = {
  Venues: { icon: Landmark, from: '#3b5bdb', to: '#1e3a8a' },
  Caterers: { icon: UtensilsCrossed, from: '#0f766e', to: '#1e3a8a' },
  Photographers: { icon: Camera, from: '#4338ca', to: '#1e3a8a' },
  Musicians: { icon: Music, from: '#7c3aed', to: '#1e3a8a' },
  Florists: { icon: Flower2, from: '#be185d', to: '#1e3a8a' },
  Comedians: { icon: Mic, from: '#b45309', to: '#1e3a8a' },
  Shops: { icon: ShoppingBag, from: '#0e7490', to: '#1e3a8a' },
};

/** Every other category's drawing. */
export const FALLBACK_ART: CategoryDrawing = { icon: Sparkles, from: '#1e3a8a', to: '#152456' };

export function categoryArt(category: string): CategoryDrawing {
  return CATEGORY_ART[category] ?? FALLBACK_ART;
}
