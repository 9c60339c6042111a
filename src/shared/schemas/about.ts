import { z } from 'zod';
import { MESSAGE_CODES, NOTIFICATION_CODES } from '../coded-sentences';

/**
 * What a notification or a posted message says, as a code and its values (coded-sentences.ts):
 * their wire shapes, apart from the sentences so that a page that only says them needs no zod.
 */
const paramsDto = z.record(z.string(), z.union([z.string(), z.number()]));

export const notificationAboutDto = z.object({ code: z.enum(NOTIFICATION_CODES), params: paramsDto }).meta({
  description:
    "What the item says, as a code and its values, for a client to say it in its reader's language; `title` and `body` stay the English sentences",
  example: { code: 'message.new', params: { sender: 'Sarah Cohen' } },
});

export const messageAboutDto = z.object({ code: z.enum(MESSAGE_CODES), params: paramsDto }).meta({
  description:
    "For a message the server posted for a party (a quote): what it says, as a code and its values, for a client to say it in its reader's language; `messageText` stays the English",
  example: {
    code: 'message.quote',
    params: {
      price: '2500.00 USD',
      hasDeposit: 'yes',
      deposit: '500.00 USD',
      depositDue: '2027-02-01',
      validUntil: '2027-01-15',
      includes: 'Five musicians, four hours',
    },
  },
});
