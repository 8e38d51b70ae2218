import { RecruiterDashboardScreen } from '../../assessments';

/** /recruiter: 'Welcome, {name}' and the recruiter's assessments (features/assessments). */
export function RecruiterDashboard() {
  return <RecruiterDashboardScreen />;
}
