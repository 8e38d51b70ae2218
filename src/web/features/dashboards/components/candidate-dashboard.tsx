import { WelcomeHeader } from './welcome-header';

export function CandidateDashboard() {
  return (
    <WelcomeHeader
      fallbackName="Candidate"
      description="Your assessments, applications and messages will appear here."
    />
  );
}
