import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../trpc/app-router';

type ProcedurePaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends AnyProcedure ? `${P}${K}` : ProcedurePaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every procedure's dotted path, checked by the compiler ('auth.login', 'profile.update', ...). */
export type ProcedurePath = ProcedurePaths<AppRouter['_def']['record']>;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` segments become input fields of the same name. */
  path: `/api/${string}`;
  procedure: ProcedurePath;
  summary: string;
  tag: string;
  /** Status of a successful call; 200 unless it creates something. */
  status?: 200 | 201;
}

/**
 * The documented REST surface (spec section 7), one row per path and method, each onto the tRPC
 * procedure the browser calls. GET rows must point at queries; the adapter refuses to start otherwise.
 */
export const restRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/auth/me', procedure: 'auth.me', summary: 'The signed-in user', tag: 'Auth' },
  {
    method: 'POST',
    path: '/api/auth/register',
    procedure: 'auth.register',
    summary: 'Create a customer or vendor account and sign in',
    tag: 'Auth',
    status: 201,
  },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', summary: 'Sign in', tag: 'Auth' },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', summary: 'Sign out', tag: 'Auth' },
  {
    method: 'POST',
    path: '/api/auth/password',
    procedure: 'auth.changePassword',
    summary: 'Change the password (needs the current one); signs out every other session',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    procedure: 'auth.requestPasswordReset',
    summary: 'Mail a password reset link; answers the same whether or not the account exists',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    procedure: 'auth.confirmPasswordReset',
    summary: 'Set a new password with the token from the reset mail; signs out every session',
    tag: 'Auth',
  },
  {
    method: 'GET',
    path: '/api/auth/sessions',
    procedure: 'auth.sessions',
    summary: "The signed-in user's live sessions (device, address, last seen)",
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/sessions/sign-out-others',
    procedure: 'auth.signOutOtherSessions',
    summary: 'End every session of the signed-in user except this one',
    tag: 'Auth',
  },
  {
    method: 'PATCH',
    path: '/api/profile',
    procedure: 'profile.update',
    summary: "Update the signed-in user's profile and preferences",
    tag: 'Profile',
  },
  {
    method: 'GET',
    path: '/api/events',
    procedure: 'events.list',
    summary: "The caller's events with task and deposit progress",
    tag: 'Events',
  },
  {
    method: 'POST',
    path: '/api/events',
    procedure: 'events.create',
    summary: 'Create an event',
    tag: 'Events',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/events/{id}',
    procedure: 'events.byId',
    summary: "One of the caller's events",
    tag: 'Events',
  },
  {
    method: 'PATCH',
    path: '/api/events/{id}',
    procedure: 'events.update',
    summary: 'Update an event (also turns its share link on and off)',
    tag: 'Events',
  },
  {
    method: 'DELETE',
    path: '/api/events/{id}',
    procedure: 'events.delete',
    summary: 'Delete an event with its tasks, deposits and memos',
    tag: 'Events',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/tasks',
    procedure: 'tasks.list',
    summary: "An event's tasks",
    tag: 'Tasks',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/tasks',
    procedure: 'tasks.create',
    summary: 'Add a task to an event',
    tag: 'Tasks',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/tasks/{id}',
    procedure: 'tasks.update',
    summary: 'Edit a task or mark it completed',
    tag: 'Tasks',
  },
  {
    method: 'DELETE',
    path: '/api/tasks/{id}',
    procedure: 'tasks.delete',
    summary: 'Delete a task',
    tag: 'Tasks',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/deposits',
    procedure: 'deposits.list',
    summary: "An event's vendor deposits",
    tag: 'Deposits',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/deposits',
    procedure: 'deposits.create',
    summary: 'Add a deposit to an event',
    tag: 'Deposits',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/deposits/{id}',
    procedure: 'deposits.update',
    summary: 'Edit a deposit or mark it paid (paidDate follows)',
    tag: 'Deposits',
  },
  {
    method: 'DELETE',
    path: '/api/deposits/{id}',
    procedure: 'deposits.delete',
    summary: 'Delete a deposit',
    tag: 'Deposits',
  },
  {
    method: 'GET',
    path: '/api/events/{id}/memos',
    procedure: 'memos.list',
    summary: "An event's memos",
    tag: 'Memos',
  },
  {
    method: 'POST',
    path: '/api/events/{id}/memos',
    procedure: 'memos.create',
    summary: 'Add a memo to an event',
    tag: 'Memos',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/memos/{id}',
    procedure: 'memos.update',
    summary: 'Edit a memo',
    tag: 'Memos',
  },
  {
    method: 'DELETE',
    path: '/api/memos/{id}',
    procedure: 'memos.delete',
    summary: 'Delete a memo',
    tag: 'Memos',
  },
  {
    method: 'GET',
    path: '/api/share/{shareId}',
    procedure: 'share.get',
    summary: 'A publicly shared event (read-only)',
    tag: 'Events',
  },
  {
    method: 'GET',
    path: '/api/family/members',
    procedure: 'family.members',
    summary: "Members of the caller's family circle",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/events',
    procedure: 'family.events',
    summary: "Events of everyone in the caller's family circle",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/circle',
    procedure: 'family.circle',
    summary:
      "The caller's family label and standing in its circle: none, pending (waiting for approval) or active",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/requests',
    procedure: 'family.requests',
    summary: "Pending requests to join the caller's circle (active members only; empty otherwise)",
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/requests/{userId}/approve',
    procedure: 'family.approve',
    summary: 'Approve a pending request to join the circle (active members)',
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/requests/{userId}/decline',
    procedure: 'family.decline',
    summary: 'Decline a pending request to join the circle (active members)',
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/family/invites',
    procedure: 'family.invites',
    summary: "The circle's live invite links (active members only; empty otherwise)",
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/invites',
    procedure: 'family.createInvite',
    summary: 'Create an invite link valid for 7 days; its token is shown only in this answer',
    tag: 'Family',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/family/invites/{id}',
    procedure: 'family.revokeInvite',
    summary: 'Revoke an invite link of the circle',
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/invites/check',
    procedure: 'family.checkInvite',
    summary: 'Whether an invite link (label and token) is valid; the same answer for every bad link',
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/join-by-invite',
    procedure: 'family.acceptInvite',
    summary: "Join a circle through an invite link: sets the caller's family label and makes them a member",
    tag: 'Family',
  },
  {
    method: 'POST',
    path: '/api/family/leave',
    procedure: 'family.leave',
    summary: "Leave the circle (or withdraw a pending request): clears the caller's family label",
    tag: 'Family',
  },
  {
    method: 'GET',
    path: '/api/vendors',
    procedure: 'vendors.list',
    summary:
      'Search and browse vendors: page, page_size (24), sort, search, category (repeat for several), lat, lng, radius_km (50)',
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/featured',
    procedure: 'vendors.featured',
    summary: 'Up to 10 featured (verified) vendors, near lat/lng when given',
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/suggestions',
    procedure: 'vendors.suggestions',
    summary: 'Search suggestions: vendor names, services, locations',
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/profile',
    procedure: 'vendors.myProfile',
    summary: "The signed-in vendor's own listing",
    tag: 'Vendors',
  },
  {
    method: 'PATCH',
    path: '/api/vendors/profile',
    procedure: 'vendors.updateMyProfile',
    summary: "Edit the signed-in vendor's own listing",
    tag: 'Vendors',
  },
  {
    method: 'GET',
    path: '/api/vendors/{id}',
    procedure: 'vendors.byId',
    summary: 'A vendor; contact details only for signed-in callers',
    tag: 'Vendors',
  },
  {
    method: 'POST',
    path: '/api/vendors',
    procedure: 'vendors.create',
    summary: 'Create a vendor profile owned by the caller',
    tag: 'Vendors',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/vendors/{id}',
    procedure: 'vendors.update',
    summary: 'Edit a vendor (owner or admin)',
    tag: 'Vendors',
  },
  {
    method: 'POST',
    path: '/api/vendors/{id}/request-availability',
    procedure: 'requests.send',
    summary: 'Ask a vendor for availability (customers); opens a message thread with the vendor',
    tag: 'Availability requests',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/availability-requests',
    procedure: 'requests.list',
    summary: "Requests the customer sent, or requests sent to the vendor's listings",
    tag: 'Availability requests',
  },
];
