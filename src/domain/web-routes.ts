/**
 * The web app's pages: one table that the browser's router and the server share (issue 24,
 * item 4). The router builds its routes from these paths; the server answers 200 with the
 * app's page for a path that matches one of them and 404 (still with the app's page, which
 * shows Page Not Found) for any other, so search engines never index a page that does not
 * exist. Paths are react-router's: `:name` a parameter, `:name?` an optional one.
 */
export const WEB_ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  twoFactorChallenge: '/login/two-factor',
  twoFactorSetup: '/two-factor/setup',
  resetPassword: '/reset-password',
  newPassword: '/reset-password/new',
  unauthorized: '/unauthorized',
  unsubscribe: '/unsubscribe/:token',
  careers: '/careers',
  careerJob: '/careers/:jobSlug',
  invitation: '/invitation/:token',
  profile: '/profile',
  candidate: '/candidate',
  candidateJobs: '/candidate/jobs',
  candidateJob: '/candidate/jobs/:jobId',
  candidateApplications: '/candidate/applications',
  recruiter: '/recruiter',
  postJob: '/recruiter/post-job',
  findCandidates: '/recruiter/candidates',
  candidateProfile: '/recruiter/candidates/:candidateId',
  listings: '/recruiter/job-listings',
  pipeline: '/recruiter/job-listings/:jobId',
  editJob: '/recruiter/job-listings/:jobId/edit',
  results: '/recruiter/results',
  recruiterAnalytics: '/recruiter/analytics',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminJobs: '/admin/jobs',
  adminJob: '/admin/jobs/:jobId',
  adminEditJob: '/admin/jobs/:jobId/edit',
  auditLog: '/admin/logs',
  dataManagement: '/admin/data',
  integrations: '/admin/integrations',
  adminAnalytics: '/admin/analytics',
  assessments: '/assessments',
  workspace: '/assessment/:assessmentId?',
  pad: '/pads/:padId',
  interviewPad: '/interviews/:interviewId/pad',
  messagesInbox: '/messages/inbox',
  messages: '/messages',
  compose: '/messages/new',
  conversationLong: '/messages/conversation/:conversationId',
  conversation: '/messages/:conversationId',
} as const;

export type WebRoute = keyof typeof WEB_ROUTES;

/** A route's path as react-router takes it inside the layout (no leading slash). */
export const routePath = (route: WebRoute) => WEB_ROUTES[route].slice(1);

const segments = (path: string) => path.split('/').filter((s) => s !== '');

/**
 * Whether a path matches the route's pattern the way react-router matches it: segment by
 * segment, case-insensitively, a trailing slash ignored, a parameter any non-empty segment.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  let have: string[];
  try {
    have = segments(pathname).map((s) => decodeURIComponent(s));
  } catch {
    return false; // A malformed escape: no page of ours.
  }
  let i = 0;
  for (const part of want) {
    const optional = part.endsWith('?');
    const isParam = part.startsWith(':');
    const value = have[i];
    if (value === undefined) {
      if (optional) continue;
      return false;
    }
    if (!isParam && value.toLowerCase() !== part.toLowerCase()) return false;
    i += 1;
  }
  return i === have.length;
}

/** A page of the web app (any of WEB_ROUTES). */
export function isWebPage(pathname: string): boolean {
  return Object.values(WEB_ROUTES).some((pattern) => matchesRoute(pattern, pathname));
}
