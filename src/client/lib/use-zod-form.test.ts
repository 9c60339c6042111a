import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../server/doors/trpc/app-router';
import { createHarness, type TestHarness } from '../../server/test/harness';
import { ACCOUNT_MESSAGES } from '../../shared/schemas/auth';
import { EVENT_MESSAGES } from '../../shared/schemas/events';
import { firstErrorMessage, serverFieldIssues } from './use-zod-form';

// The refusals come from the real server over HTTP, in the shape a browser's tRPC client receives.
let h: TestHarness;
let base: string;

beforeAll(async () => {
  h = await createHarness();
  const server = await h.app();
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => h.close());

function client(cookie?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${base}/trpc`, transformer: superjson, headers: cookie ? { cookie } : {} })],
  });
}

async function refusal(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused');
}

describe('serverFieldIssues', () => {
  it('puts a rule only the server knows (a common password) on the field it names', async () => {
    const error = await refusal(
      client().auth.register.mutate({
        name: 'Dina Katz',
        email: `dina.${Date.now()}@example.com`,
        password: 'simcha123',
      }),
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(serverFieldIssues(error, ['name', 'email', 'password', 'phone'])).toEqual([
      { field: 'password', message: ACCOUNT_MESSAGES.passwordTooCommon },
    ]);
    // A form without that field gets nothing to place, and shows the refusal another way.
    expect(serverFieldIssues(error, ['name', 'email'])).toEqual([]);
  });

  it('keeps the server order of several fields, one message per field, and follows aliases', async () => {
    const { user } = await h.signedIn('customer');
    const cookie = await h.cookieFor(user.id);
    const error = await refusal(
      client(cookie).events.create.mutate({
        title: '   ',
        date: new Date('2027-05-02T00:00:00Z'),
        time: '25:99',
        venue: 'x'.repeat(301),
      }),
    );
    const fields = ['title', 'date', 'time', 'venue', 'notes'] as const;
    expect(serverFieldIssues(error, fields)).toEqual([
      { field: 'title', message: EVENT_MESSAGES.required },
      { field: 'time', message: EVENT_MESSAGES.badTime },
      { field: 'venue', message: 'Venue must be at most 300 characters' },
    ]);
    // The wire's name for a field can differ from the form's.
    expect(serverFieldIssues(error, ['heading', 'time'], { title: 'heading' })).toEqual([
      { field: 'heading', message: EVENT_MESSAGES.required },
      { field: 'time', message: EVENT_MESSAGES.badTime },
    ]);
  });

  it('finds no field in a refusal without issues, or in an error that is not the server’s', async () => {
    const error = await refusal(client().events.list.query());
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(serverFieldIssues(error, ['title'])).toEqual([]);
    expect(serverFieldIssues(new Error('offline'), ['title'])).toEqual([]);
  });
});

describe('firstErrorMessage', () => {
  it('reads the errors in the form’s field order, not the order they were found in', () => {
    const errors = {
      password: { type: 'too_small', message: 'Password must be at least 6 characters' },
      name: { type: 'too_small', message: 'Please fill in all required fields' },
    };
    expect(firstErrorMessage(errors, ['name', 'email', 'password'])).toBe(
      'Please fill in all required fields',
    );
    expect(firstErrorMessage(errors, ['email', 'password'])).toBe('Password must be at least 6 characters');
    expect(firstErrorMessage({}, ['name'])).toBeUndefined();
  });
});
