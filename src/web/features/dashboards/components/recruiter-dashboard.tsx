import { RecruiterDashboardScreen } from '../../assessments/components/dashboard-screen';

/** /recruiter: 'Welcome, {name}' and the recruiter's assessments (features/recruiter). */
export function RecruiterDashboard() {
  return <RecruiterDashboardScreen />;
}
