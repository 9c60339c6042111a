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
];
