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
