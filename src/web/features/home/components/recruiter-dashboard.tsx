import { RecruiterDashboardScreen } from '../../assessments/components/dashboard-screen';

/** /recruiter: 'Welcome, {name}' and the recruiter's assessments (features/assessments). */
export function RecruiterDashboard() {
  return <RecruiterDashboardScreen />;
}
