import { describe, expect, it } from 'vitest';
import type { GuestDto, HouseholdDto } from '../../../shared/schemas/guests';
import { awaitingAnswer, groupByHousehold, parseTags, whatsappLink } from './format';

const at = new Date('2026-11-30T00:00:00Z');
const EVENT = '00000000-0000-4000-8000-0000000000e1';

function household(id: string, name: string): HouseholdDto {
  return {
    id,
    eventId: EVENT,
    name,
    plusOnesAllowed: 0,
    messageToHosts: null,
    answeredAt: null,
    invitedAt: null,
    remindedAt: null,
    hasLink: false,
    guestCount: 0,
    version: 1,
    createdAt: at,
  };
}

function guest(id: string, householdId: string, extra: Partial<GuestDto> = {}): GuestDto {
  return {
    id,
    eventId: EVENT,
    householdId,
    householdName: 'Stand-in',
    name: id,
    email: null,
    phone: null,
    side: null,
    tags: [],
    meal: null,
    dietaryNote: null,
    kashrutStandard: null,
    tableName: null,
    plusOneOf: null,
    invitations: [],
    version: 1,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

describe('the guest list by household', () => {
  it('orders households by name and puts a plus-one right after the guest who brings them', () => {
    const groups = groupByHousehold(
      [household('h2', 'the Levis'), household('h1', 'The Cohens')],
      [
        guest('avi', 'h1'),
        guest('sara', 'h2'),
        guest('plus', 'h1', { plusOneOf: 'avi' }),
        guest('dina', 'h1'),
      ],
    );
    expect(groups.map((g) => g.household.name)).toEqual(['The Cohens', 'the Levis']);
    expect(groups[0]?.guests.map((g) => g.id)).toEqual(['avi', 'plus', 'dina']);
  });

  it('shows a guest whose household is not listed yet under a stand-in named as the guest says', () => {
    const groups = groupByHousehold([], [guest('avi', 'h9', { householdName: 'The Katz family' })]);
    expect(groups.map((g) => g.household.name)).toEqual(['The Katz family']);
  });

  it('says a household awaits an answer while one of its invitations is unanswered', () => {
    const invitation = (rsvp: 'invited' | 'attending') => ({
      eventId: EVENT,
      rsvp,
      meal: null,
      dietaryNote: null,
      answeredAt: null,
    });
    const [waiting] = groupByHousehold(
      [household('h1', 'A')],
      [
        guest('a', 'h1', { invitations: [invitation('attending')] }),
        guest('b', 'h1', { invitations: [invitation('invited')] }),
      ],
    );
    const [answered] = groupByHousehold(
      [household('h1', 'A')],
      [guest('a', 'h1', { invitations: [invitation('attending')] })],
    );
    expect(waiting && awaitingAnswer(waiting)).toBe(true);
    expect(answered && awaitingAnswer(answered)).toBe(false);
  });
});

describe('invitation helpers', () => {
  it('makes a wa.me link with the whole message encoded', () => {
    expect(whatsappLink('Mazel tov! Answer here: https://x.test/rsvp/a?b&c')).toBe(
      'https://wa.me/?text=Mazel%20tov!%20Answer%20here%3A%20https%3A%2F%2Fx.test%2Frsvp%2Fa%3Fb%26c',
    );
  });

  it('reads tags typed with commas, blanks dropped', () => {
    expect(parseTags(' shul, ,school ,')).toEqual(['shul', 'school']);
  });
});
