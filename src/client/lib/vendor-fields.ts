import type { VendorDto } from '../../shared/schemas/vendors';

/** A listing's details as the boxes of a vendor form hold them: text that is absent reads ''. */
export function vendorFieldsOf(vendor: VendorDto) {
  return {
    businessName: vendor.businessName,
    category: vendor.category,
    description: vendor.description ?? '',
    contactPhone: vendor.contactPhone ?? '',
    contactEmail: vendor.contactEmail,
    website: vendor.website ?? '',
    address: vendor.address ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    neighborhood: vendor.neighborhood ?? '',
    logoUrl: vendor.logoUrl,
    imageUrl: vendor.imageUrl,
  };
}

/**
 * How each box of a vendor's details is asked for, wherever a listing is written: its label, its
 * limits (those of the vendor schema) and what the browser may fill in.
 */
export const VENDOR_FIELDS = {
  businessName: { label: 'Business name', required: true, maxLength: 200, autoComplete: 'organization' },
  category: { label: 'Category', required: true },
  description: { label: 'Description', maxLength: 5000 },
  contactPhone: { label: 'Phone', type: 'tel', maxLength: 40, autoComplete: 'tel' },
  contactEmail: { kind: 'email', label: 'Contact email', required: true },
  website: { label: 'Website', type: 'url', maxLength: 500, placeholder: 'https://', autoComplete: 'url' },
  address: { label: 'Address', maxLength: 300 },
  city: { label: 'City', maxLength: 100 },
  state: { label: 'State', maxLength: 100 },
} as const;
