import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CLIENT_PATHS } from '../shared/client-paths';
import { routes } from './routes';

function pathsOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the route table', () => {
  it('is made of the shared paths the server knows, and shows its 404 for any other', () => {
    const paths = pathsOf(routes);
    expect(paths.filter((path) => path !== '*').sort()).toEqual(
      Object.values(CLIENT_PATHS)
        .filter((path) => path !== '/')
        .sort(),
    );
    expect(paths).toContain('*');
  });
});
