import type { SuggestionsDto, VendorPageDto, VendorView } from '../../../shared/schemas/vendors';
import { VersionedCache } from './versioned-cache';

/**
 * Marketplace answers remembered until the vendors table changes: browsing families ask for the
 * same pages, totals and suggestions over and over, and each answer costs several statements.
 * Switched off (MARKETPLACE_CACHE=off), every request computes its answer.
 */
export class MarketplaceCache {
  readonly pages: VersionedCache<VendorPageDto>;
  readonly totals: VersionedCache<number>;
  readonly featured: VersionedCache<VendorView[]>;
  readonly suggestions: VersionedCache<SuggestionsDto>;
  /**
   * Off, nothing is kept, and no request reads the vendors table's version: lists, featured and
   * suggestions then carry no ETag (decision 029).
   */
  readonly enabled: boolean;

  constructor({ enabled = true }: { enabled?: boolean } = {}) {
    this.enabled = enabled;
    const size = (entries: number) => (enabled ? entries : 0);
    this.pages = new VersionedCache(size(500));
    this.totals = new VersionedCache(size(2000));
    this.featured = new VersionedCache(size(200));
    this.suggestions = new VersionedCache(size(2000));
  }
}

declare module '../../platform/trpc/context' {
  interface DomainDeps {
    /** Marketplace answers remembered until the listings change. */
    marketplace: MarketplaceCache;
  }
}
