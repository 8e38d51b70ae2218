import { WelcomeHeader } from './welcome-header';

export function RecruiterDashboard() {
  return (
    <WelcomeHeader
      fallbackName="Recruiter"
      description="Your assessments, candidates and job listings will appear here."
    />
  );
}
