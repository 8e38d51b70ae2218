import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { Role } from '../../domain/constants';
import { routePath, WEB_ROUTES, type WebRoute } from '../../domain/web-routes';
import { LoginScreen } from '../features/auth/components/login-screen';
import { CandidateWelcomeSlot } from '../features/home/components/candidate-welcome';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireAuth } from './guards/require-auth';
import { RootRedirect } from './guards/root-redirect';
import { AppLayout } from './layout/app-layout';
import { preloadSignedInShell } from './layout/signed-in-shell';
import { type LazyScreen, lazyScreen } from './lazy-screen';

// Every other screen is its own chunk, so /login never downloads the profile screen.
// The login screen is where most visits start (signed-out visitors of / land there too):
// it ships with the entry, so its first paint waits for no second round of requests.
const SignUpScreen = lazy(() =>
  import('../features/auth/components/sign-up-screen').then((m) => ({ default: m.SignUpScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import('../features/auth/components/reset-password-screen').then((m) => ({
    default: m.ResetPasswordScreen,
  })),
);
const NewPasswordScreen = lazy(() =>
  import('../features/auth/components/new-password-screen').then((m) => ({
    default: m.NewPasswordScreen,
  })),
);
const UnsubscribeScreen = lazy(() =>
  import('../features/mail/components/unsubscribe-screen').then((m) => ({
    default: m.UnsubscribeScreen,
  })),
);
const InvitationScreen = lazy(() =>
  import('../features/bulk-invitations/invitation-screen').then((m) => ({
    default: m.InvitationScreen,
  })),
);
const UnauthorizedScreen = lazy(() =>
  import('../features/unauthorized/components/unauthorized-screen').then((m) => ({
    default: m.UnauthorizedScreen,
  })),
);
const NotFoundScreen = lazy(() =>
  import('../features/unauthorized/components/not-found-screen').then((m) => ({
    default: m.NotFoundScreen,
  })),
);
const ProfileScreen = lazy(() =>
  import('../features/profile/components/profile-screen').then((m) => ({
    default: m.ProfileScreen,
  })),
);
// Its cards' catalogues load with its chunk (lazy-screen.ts), and an address that opens on it
// starts both before the session is known (preloadScreen).
const CandidateDashboardBody = lazyScreen(
  () =>
    import('../features/home/components/candidate-dashboard').then((m) => m.CandidateDashboardBody),
  ['dashboards', 'candidate-assessments', 'interviews'],
);
const RecruiterDashboard = lazy(() =>
  import('../features/home/components/recruiter-dashboard').then((m) => ({
    default: m.RecruiterDashboard,
  })),
);
const AdminDashboard = lazy(() =>
  import('../features/home/components/admin-dashboard').then((m) => ({
    default: m.AdminDashboard,
  })),
);
const DataManagementScreen = lazy(() =>
  import('../features/data-rights/components/data-management-screen').then((m) => ({
    default: m.DataManagementScreen,
  })),
);
const IntegrationsScreen = lazy(() =>
  import('../features/integrations/components/integrations-screen').then((m) => ({
    default: m.IntegrationsScreen,
  })),
);

const AssessmentsScreen = lazy(() =>
  import('../features/assessments/components/assessments-screen').then((m) => ({
    default: m.AssessmentsScreen,
  })),
);
const WorkspaceScreen = lazy(() =>
  import('../features/workspace/components/workspace-screen').then((m) => ({
    default: m.WorkspaceScreen,
  })),
);
const PadScreen = lazy(() =>
  import('../features/pads/components/pad-screen').then((m) => ({ default: m.PadScreen })),
);
const InterviewPadScreen = lazy(() =>
  import('../features/pads/entry/interview-pad-screen').then((m) => ({
    default: m.InterviewPadScreen,
  })),
);
const RecruiterResultsScreen = lazy(() =>
  import('../features/assessments/components/results-screen').then((m) => ({
    default: m.RecruiterResultsScreen,
  })),
);

const PostJobScreen = lazy(() =>
  import('../features/jobs/components/post-job-screen').then((m) => ({
    default: m.PostJobScreen,
  })),
);
const EditJobScreen = lazy(() =>
  import('../features/jobs/components/edit-job-screen').then((m) => ({
    default: m.EditJobScreen,
  })),
);
const ListingsScreen = lazy(() =>
  import('../features/jobs/components/listings-screen').then((m) => ({
    default: m.ListingsScreen,
  })),
);
const PipelineScreen = lazy(() =>
  import('../features/jobs/components/pipeline-screen').then((m) => ({
    default: m.PipelineScreen,
  })),
);
const BrowseJobsScreen = lazy(() =>
  import('../features/jobs/components/browse-jobs-screen').then((m) => ({
    default: m.BrowseJobsScreen,
  })),
);
const JobDetailScreen = lazy(() =>
  import('../features/jobs/components/job-detail-screen').then((m) => ({
    default: m.JobDetailScreen,
  })),
);
const MyApplicationsScreen = lazy(() =>
  import('../features/jobs/components/my-applications-screen').then((m) => ({
    default: m.MyApplicationsScreen,
  })),
);
const AdminJobsScreen = lazy(() =>
  import('../features/jobs/components/admin-jobs-screen').then((m) => ({
    default: m.AdminJobsScreen,
  })),
);
const FindCandidatesScreen = lazy(() =>
  import('../features/candidates-search/components/find-candidates-screen').then((m) => ({
    default: m.FindCandidatesScreen,
  })),
);
const CandidateProfileScreen = lazy(() =>
  import('../features/candidates-search/components/candidate-profile-screen').then((m) => ({
    default: m.CandidateProfileScreen,
  })),
);
const AnalyticsScreen = lazy(() =>
  import('../features/analytics/components/analytics-screen').then((m) => ({
    default: m.AnalyticsScreen,
  })),
);
const ManageUsersScreen = lazy(() =>
  import('../features/users/components/manage-users-screen').then((m) => ({
    default: m.ManageUsersScreen,
  })),
);

const MessagesLayout = lazy(() =>
  import('../features/messaging/components/messages-layout').then((m) => ({
    default: m.MessagesLayout,
  })),
);
const MessagesIndex = lazy(() =>
  import('../features/messaging/components/messages-index').then((m) => ({
    default: m.MessagesIndex,
  })),
);
const ConversationScreen = lazy(() =>
  import('../features/messaging/components/conversation-screen').then((m) => ({
    default: m.ConversationScreen,
  })),
);
const ComposeScreen = lazy(() =>
  import('../features/messaging/components/compose-screen').then((m) => ({
    default: m.ComposeScreen,
  })),
);

const TwoFactorChallengeScreen = lazy(() =>
  import('../features/security/components/two-factor-challenge-screen').then((m) => ({
    default: m.TwoFactorChallengeScreen,
  })),
);
const TwoFactorSetupScreen = lazy(() =>
  import('../features/security/components/two-factor-setup-screen').then((m) => ({
    default: m.TwoFactorSetupScreen,
  })),
);

const CareersScreen = lazy(() =>
  import('../features/careers/components/careers-screen').then((m) => ({
    default: m.CareersScreen,
  })),
);
const CareerJobScreen = lazy(() =>
  import('../features/careers/components/career-job-screen').then((m) => ({
    default: m.CareerJobScreen,
  })),
);

const AuditLogScreen = lazy(() =>
  import('../features/audit/components/audit-log-screen').then((m) => ({
    default: m.AuditLogScreen,
  })),
);

const CANDIDATE: readonly Role[] = ['candidate'];
const RECRUITER: readonly Role[] = ['recruiter'];
const ADMIN: readonly Role[] = ['admin'];
const RECRUITER_OR_ADMIN: readonly Role[] = ['recruiter', 'admin'];

/** A path inside /messages, from the shared route table. */
const childPath = (route: WebRoute) => WEB_ROUTES[route].slice(WEB_ROUTES.messages.length + 1);

/** A screen behind its role guard. */
function guarded(path: string, element: ReactNode, roles: readonly Role[]): RouteObject {
  return { path, element: <RequireAuth roles={roles}>{element}</RequireAuth> };
}

/**
 * Screens whose code is worth fetching while the session is still being asked for, when the
 * page opens on their address (a bookmark, a reload): on a slow network that question is a
 * round trip the screen's chunk no longer waits for. A signed-out visitor downloads it for
 * nothing before /login; that visit is rare.
 */
const startedByAddress: Partial<Record<string, LazyScreen<object>>> = {
  [WEB_ROUTES.candidate]: CandidateDashboardBody,
};

/** Starts the screen of the address the page opened on, when it is one of those above. */
export function preloadScreen(pathname: string) {
  const screen = startedByAddress[pathname];
  if (!screen) return;
  void screen.preload();
  preloadSignedInShell();
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: routePath('login'),
        element: (
          <RedirectSignedIn>
            <LoginScreen />
          </RedirectSignedIn>
        ),
      },
      {
        path: routePath('signup'),
        element: (
          <RedirectSignedIn>
            <SignUpScreen />
          </RedirectSignedIn>
        ),
      },
      {
        path: routePath('twoFactorChallenge'),
        element: (
          <RedirectSignedIn>
            <TwoFactorChallengeScreen />
          </RedirectSignedIn>
        ),
      },
      {
        path: routePath('twoFactorSetup'),
        element: (
          <RequireAuth>
            <TwoFactorSetupScreen />
          </RequireAuth>
        ),
      },
      { path: routePath('resetPassword'), element: <ResetPasswordScreen /> },
      { path: routePath('newPassword'), element: <NewPasswordScreen /> },
      { path: routePath('unauthorized'), element: <UnauthorizedScreen /> },
      // The footer link of notification mails: works signed in or not.
      { path: routePath('unsubscribe'), element: <UnsubscribeScreen /> },
      // The public careers site (no sign-in); the server renders its pages first.
      { path: routePath('careers'), element: <CareersScreen /> },
      { path: routePath('careerJob'), element: <CareerJobScreen /> },
      // A bulk invitation's link (docs/decisions/026): works signed in or not.
      { path: routePath('invitation'), element: <InvitationScreen /> },
      {
        path: routePath('profile'),
        element: (
          <RequireAuth>
            <ProfileScreen />
          </RequireAuth>
        ),
      },
      {
        path: routePath('candidate'),
        element: (
          <RequireAuth roles={CANDIDATE} header={<CandidateWelcomeSlot />}>
            <CandidateDashboardBody />
          </RequireAuth>
        ),
      },
      guarded(routePath('candidateJobs'), <BrowseJobsScreen />, CANDIDATE),
      // A live pad: its candidate, interviewers and recruiter, admins (the server decides).
      {
        path: routePath('pad'),
        element: (
          <RequireAuth>
            <PadScreen />
          </RequireAuth>
        ),
      },
      // The interview's pad link (mails): its people; it waits for the pad to be started.
      {
        path: routePath('interviewPad'),
        element: (
          <RequireAuth>
            <InterviewPadScreen />
          </RequireAuth>
        ),
      },
      guarded(routePath('candidateJob'), <JobDetailScreen />, CANDIDATE),
      guarded(routePath('candidateApplications'), <MyApplicationsScreen />, CANDIDATE),
      {
        path: routePath('recruiter'),
        element: (
          <RequireAuth roles={RECRUITER}>
            <RecruiterDashboard />
          </RequireAuth>
        ),
      },
      guarded(routePath('postJob'), <PostJobScreen />, RECRUITER),
      {
        path: routePath('findCandidates'),
        element: (
          <RequireAuth roles={RECRUITER_OR_ADMIN}>
            <FindCandidatesScreen />
          </RequireAuth>
        ),
      },
      {
        path: routePath('candidateProfile'),
        element: (
          <RequireAuth roles={RECRUITER_OR_ADMIN}>
            <CandidateProfileScreen />
          </RequireAuth>
        ),
      },
      guarded(routePath('listings'), <ListingsScreen />, RECRUITER),
      guarded(routePath('pipeline'), <PipelineScreen />, RECRUITER),
      guarded(routePath('editJob'), <EditJobScreen />, RECRUITER),
      {
        path: routePath('results'),
        element: (
          <RequireAuth roles={RECRUITER}>
            <RecruiterResultsScreen />
          </RequireAuth>
        ),
      },
      {
        path: routePath('admin'),
        element: (
          <RequireAuth roles={ADMIN}>
            <AdminDashboard />
          </RequireAuth>
        ),
      },
      {
        path: routePath('adminUsers'),
        element: (
          <RequireAuth roles={ADMIN}>
            <ManageUsersScreen />
          </RequireAuth>
        ),
      },
      guarded(routePath('adminJobs'), <AdminJobsScreen />, ADMIN),
      guarded(routePath('adminJob'), <PipelineScreen admin />, ADMIN),
      guarded(routePath('adminEditJob'), <EditJobScreen admin />, ADMIN),
      {
        path: routePath('auditLog'),
        element: (
          <RequireAuth roles={ADMIN}>
            <AuditLogScreen />
          </RequireAuth>
        ),
      },
      guarded(routePath('dataManagement'), <DataManagementScreen />, ADMIN),
      guarded(routePath('integrations'), <IntegrationsScreen />, ADMIN),
      guarded(routePath('adminAnalytics'), <AnalyticsScreen admin />, ADMIN),
      guarded(routePath('recruiterAnalytics'), <AnalyticsScreen />, RECRUITER),
      {
        path: routePath('assessments'),
        element: (
          <RequireAuth roles={CANDIDATE}>
            <AssessmentsScreen />
          </RequireAuth>
        ),
      },
      {
        path: routePath('workspace'),
        element: (
          <RequireAuth>
            <WorkspaceScreen />
          </RequireAuth>
        ),
      },
      { path: routePath('messagesInbox'), element: <Navigate to="/messages" replace /> },
      {
        path: routePath('messages'),
        element: (
          <RequireAuth>
            <MessagesLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <MessagesIndex /> },
          { path: childPath('compose'), element: <ComposeScreen /> },
          { path: childPath('conversationLong'), element: <ConversationScreen /> },
          { path: childPath('conversation'), element: <ConversationScreen /> },
        ],
      },
      // Anything else: Page Not Found (the server answers these paths with a 404).
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
