import type { GuestDto, HouseholdDto, RsvpStatus } from '../../../shared/schemas/guests';
import type { Translate } from '../../i18n/use-t';

/** The colour of an answer's badge: attending green, declined red, awaiting amber, closed unanswered grey. */
export const RSVP_PALETTE: Record<RsvpStatus, string> = {
  invited: 'orange',
  attending: 'green',
  declined: 'red',
  no_answer: 'gray',
};

/**
 * The invitation as the family sends it by WhatsApp when the server's words are not at hand: who is
 * invited, to what, and the household's link (the title and name as the caller isolates them).
 */
export function invitationText(
  t: Translate,
  { title, household, url }: { title: string; household: string; url: string },
): string {
  return t('guests.whatsapp.fallback', { household, title, url });
}

/** A WhatsApp share link (wa.me) that opens the app with the message typed in, to a chat the family picks. */
export function whatsappLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** A link as the server answers it ('/rsvp/…' or absolute), made absolute on this site. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

export interface HouseholdGroup {
  household: HouseholdDto;
  guests: GuestDto[];
}

/**
 * The list by household, in the households' order (by name), each with its guests: invited guests
 * first in the order they were added, a plus-one right after the guest who brings them. A guest
 * whose household is not (yet) listed is shown under a stand-in of its own.
 */
export function groupByHousehold(households: HouseholdDto[], guests: GuestDto[]): HouseholdGroup[] {
  const byId = new Map<string, HouseholdGroup>();
  for (const household of households) byId.set(household.id, { household, guests: [] });
  for (const guest of guests) {
    let group = byId.get(guest.householdId);
    if (!group) {
      group = {
        household: {
          id: guest.householdId,
          eventId: guest.eventId,
          name: guest.householdName,
          plusOnesAllowed: 0,
          messageToHosts: null,
          answeredAt: null,
          invitedAt: null,
          remindedAt: null,
          hasLink: false,
          guestCount: 0,
          version: 0,
          createdAt: guest.createdAt,
        },
        guests: [],
      };
      byId.set(guest.householdId, group);
    }
    group.guests.push(guest);
  }
  for (const group of byId.values()) {
    const invited = group.guests.filter((g) => !g.plusOneOf);
    const ordered: GuestDto[] = [];
    for (const guest of invited) {
      ordered.push(guest, ...group.guests.filter((g) => g.plusOneOf === guest.id));
    }
    // Plus-ones whose guest is gone still show.
    ordered.push(...group.guests.filter((g) => !ordered.includes(g)));
    group.guests = ordered;
  }
  return [...byId.values()].sort((a, b) =>
    a.household.name.localeCompare(b.household.name, undefined, { sensitivity: 'base' }),
  );
}

/** Whether a household has not answered yet: someone on it is invited and still awaiting. */
export function awaitingAnswer(group: HouseholdGroup): boolean {
  return group.guests.some((guest) => guest.invitations.some((inv) => inv.rsvp === 'invited'));
}

/** Tags as typed ('family, shul'): trimmed, blanks dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
