/**
 * The interviews feature's public entry point (routes, jobs and tests import from here). The
 * work is split by aspect: loading.ts (loading an interview, who may change it, its realtime
 * event), queries.ts (what each role reads), scheduling.ts (propose, pick, reschedule,
 * cancel), clashes.ts (busy times and the booking locks), colleagues.ts (who may interview),
 * scorecards.ts, mails.ts (the mails and calendar invitations), reminders.ts, rsvp.ts
 * (calendar replies). Every change commits through `write()` (lib/unit-of-work.ts).
 */
export { type Busy, listBusyTimes } from './clashes';
export { colleaguesOf, listColleagues } from './colleagues';
export type { InterviewDeps } from './loading';
export {
  listApplicationInterviews,
  listJobInterviews,
  listMyInterviews,
  listTeamInterviews,
} from './queries';
export { sendInterviewReminders } from './reminders';
export {
  cancelInterview,
  cancelInterviewsOf,
  pickSlot,
  proposeInterview,
  rescheduleInterview,
  withdrawSlot,
} from './scheduling';
export { getCriteria, setCriteria, submitScorecard } from './scorecards';
