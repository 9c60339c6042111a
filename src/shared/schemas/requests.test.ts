import { describe, expect, it } from 'vitest';
import { REQUEST_EVENT_TYPES } from '../event-types';
import { availabilityRequestSubject, parseAvailabilityRequestSubject } from './requests';

describe('parseAvailabilityRequestSubject', () => {
  it('gives back the type and date of every subject a request opens a conversation with', () => {
    expect(parseAvailabilityRequestSubject('Wedding on Tue, Jun 15, 2027: availability request')).toEqual({
      eventType: 'Wedding',
      date: '2027-06-15',
    });
    const dates = ['2026-01-01', '2026-02-28', '2027-09-05', '2028-02-29', '2030-12-31'];
    for (const eventType of REQUEST_EVENT_TYPES) {
      for (const date of dates) {
        expect(parseAvailabilityRequestSubject(availabilityRequestSubject(eventType, date))).toEqual({
          eventType,
          date,
        });
      }
    }
  });

  it("never takes a person's own subject for one", () => {
    for (const subject of [
      'Question about your menu',
      '',
      'Wedding on Tue, Jun 15, 2027',
      'Availability request: Wedding on Tue, Jun 15, 2027',
    ]) {
      expect(parseAvailabilityRequestSubject(subject)).toBeNull();
    }
  });

  it('refuses near misses: a wrong weekday, a day the calendar lacks, other spellings, other types', () => {
    for (const subject of [
      'Wedding on Wed, Jun 15, 2027: availability request',
      'Wedding on Tue, Feb 30, 2027: availability request',
      'Wedding on Tue, Jun 05, 2027: availability request',
      'Wedding on Tue, June 15, 2027: availability request',
      'Wedding on Tue, Jun 15, 2027: availability request!',
      ' Wedding on Tue, Jun 15, 2027: availability request',
      'wedding on Tue, Jun 15, 2027: availability request',
      'Wedding on Tue, Jun 15, 2027: Availability request',
      'Birthday on Tue, Jun 15, 2027: availability request',
      'Our Wedding on Tue, Jun 15, 2027: availability request',
    ]) {
      expect(parseAvailabilityRequestSubject(subject)).toBeNull();
    }
  });
});
