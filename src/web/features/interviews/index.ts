// What other features may import from interviews; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { ApplicationInterviews } from './components/application-interviews';
export { CandidateInterviewPanel } from './components/candidate-interview';
export { InterviewBadge } from './components/interview-badge';
export { RecruiterUpcomingInterviews } from './components/team-interviews';
export { CandidateUpcomingInterviews } from './components/upcoming-interviews';
