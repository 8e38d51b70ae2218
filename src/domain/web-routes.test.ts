import { describe, expect, it } from 'vitest';
import { isWebPage, matchesRoute, routePath, WEB_ROUTES } from './web-routes';

describe('the web route table', () => {
  it('knows every page, with its parameters', () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/LOGIN',
      '/candidate/jobs/abc123',
      '/recruiter/job-listings/j1/edit',
      '/assessment',
      '/assessment/a1',
      '/messages',
      '/messages/new',
      '/messages/c1',
      '/messages/conversation/c1',
      '/admin/logs',
    ]) {
      expect(isWebPage(path), path).toBe(true);
    }
  });

  it('knows no other path', () => {
    for (const path of [
      '/nope',
      '/sitemap.xml',
      '/healthz',
      '/login/extra',
      '/candidate/jobs/abc/more',
      '/assessment/a1/b2',
      '/messages/a/b/c',
      '/recruiter/job-listings/j1/delete',
      '/%E0%A4%A',
      '/api/nothing',
    ]) {
      expect(isWebPage(path), path).toBe(false);
    }
  });

  it('matches parameters as one non-empty segment, optional ones may be absent', () => {
    expect(matchesRoute('/a/:id', '/a/x')).toBe(true);
    expect(matchesRoute('/a/:id', '/a')).toBe(false);
    expect(matchesRoute('/a/:id', '/a//')).toBe(false);
    expect(matchesRoute('/a/:id?', '/a')).toBe(true);
    expect(matchesRoute('/a/:id?', '/a/x')).toBe(true);
    expect(matchesRoute('/a/:id?', '/a/x/y')).toBe(false);
  });

  it('gives the router its paths without the leading slash', () => {
    expect(routePath('editJob')).toBe('recruiter/job-listings/:jobId/edit');
    expect(WEB_ROUTES.home).toBe('/');
  });
});
