import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '../../domain/web-routes';
import { routes } from './router';

/** Every page path the router knows, joined from its nested routes. */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here =
      route.index === true
        ? parent || '/'
        : route.path === undefined
          ? parent
          : `${parent}/${route.path}`;
    const own = route.index === true || route.path !== undefined ? [here] : [];
    return [...own, ...pathsOf(route.children ?? [], here === '/' ? '' : here)];
  });
}

describe('the router', () => {
  it('knows exactly the pages of the shared route table (the server 404s the rest)', () => {
    const paths = pathsOf(routes).filter((p) => !p.endsWith('*'));
    expect(new Set(paths)).toEqual(new Set(Object.values(WEB_ROUTES)));
    expect(pathsOf(routes)).toContain('/*');
  });
});
