import type { ClaimEvidenceRecord } from '../../platform/db/types';

/**
 * Mail providers anyone can sign up with: a business e-mail there says nothing about who owns a
 * listing, however well its domain "matches" another address at the same provider.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'mail.com',
  'yandex.com',
]);

const withoutWww = (host: string) => host.replace(/^www\./, '');

function emailDomain(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = withoutWww(
    email
      .slice(at + 1)
      .trim()
      .toLowerCase()
      .replace(/\.$/, ''),
  );
  return domain === '' ? null : domain;
}

/** The host of a stored website, which may have been saved without its scheme. */
function websiteHost(website: string | null | undefined): string | null {
  if (!website) return null;
  const text = website.trim();
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
    return host ? withoutWww(host.toLowerCase().replace(/\.$/, '')) : null;
  } catch {
    return null;
  }
}

/** The same site: equal, or one a subdomain of the other (shop.example.com and example.com). */
const sameSite = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** How the claimant's business e-mail relates to the listing they claim (decision 014). */
export function domainMatchOf(
  businessEmail: string,
  listing: { website: string | null; contactEmail: string | null } | null,
): ClaimEvidenceRecord['domainMatch'] {
  if (!listing) return 'no-listing';
  const domain = emailDomain(businessEmail);
  if (!domain) return 'none';
  if (FREE_MAIL_DOMAINS.has(domain)) {
    // At a free provider only the listing's own address itself is evidence.
    const same = listing.contactEmail?.trim().toLowerCase() === businessEmail.trim().toLowerCase();
    return same ? 'contact-email' : 'free-mail';
  }
  const host = websiteHost(listing.website);
  if (host && sameSite(domain, host)) return 'website';
  if (domain === emailDomain(listing.contactEmail)) return 'contact-email';
  return 'none';
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function accountAgeDays(createdAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS));
}

/**
 * What the claimant proved by opening a mailed link (decision 030): that the business e-mail of the
 * claim is theirs (their account's address is that one, and confirmed), that their account's
 * address is theirs but the claim names another, or nothing yet. Only the first makes a matching
 * e-mail domain more than a statement.
 */
export function confirmedEmailEvidence(
  account: { email: string; emailConfirmedAt: Date | null },
  businessEmail: string,
): ClaimEvidenceRecord['emailConfirmed'] {
  if (!account.emailConfirmedAt) return 'none';
  const same = account.email.trim().toLowerCase() === businessEmail.trim().toLowerCase();
  return same ? 'business-email' : 'account-email';
}
