import { WelcomeHeader } from './welcome-header';

export function AdminDashboard() {
  return (
    <WelcomeHeader
      fallbackName="Admin"
      description="Assessment templates, users, jobs and analytics will appear here."
    />
  );
}
