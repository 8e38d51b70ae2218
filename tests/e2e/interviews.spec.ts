import { applicationTo, postJob } from './support/factories';
import { apiClients, expect, logIn, mailsTo, mailText, newAccount, test } from './support/fixtures';

const clients = apiClients();
const suffix = () => Math.random().toString(36).slice(2, 8);
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The newest mail to an address whose subject starts so, waiting for it. */
async function mailWithSubject(to: string, subject: string) {
  let found: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).reverse().find((m) => mailText(m).includes(subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return mailText(found!);
}

test('a recruiter proposes times, the candidate picks one, both get the invitation, a reschedule shows live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = suffix();
  const recruiter = newAccount('recruiter', `Rhea Recruiter ${id}`);
  const candidate = newAccount('candidate', `Cleo Candidate ${id}`);
  const rec = await clients(recruiter, 'sign-up');
  const cand = await clients(candidate, 'sign-up');

  // Set up through the API: a published job, an application moved to Interview.
  const jobId = await postJob(rec.api, { title: `Interviewed Role ${id}` });
  await applicationTo(jobId, cand.api, { api: rec.api, stage: 'interview' });

  // 1. The recruiter (in Berlin) proposes two times from the application.
  await logIn(page, recruiter);
  await page.goto(`/recruiter/job-listings/${jobId}`);
  await page.getByRole('button', { name: `Open ${candidate.name}` }).click();
  await page.getByRole('button', { name: 'Schedule Interview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Interview' });
  await dialog.getByLabel('Time 1: date', { exact: true }).fill(inDays(3));
  await dialog.getByLabel('Time 1: time', { exact: true }).fill('10:00');
  await dialog.getByLabel('Time 1: time zone', { exact: true }).fill('Europe/Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
  await dialog
    .getByLabel('Time 1: video link or place', { exact: true })
    .fill('https://meet.example.test/room');
  await dialog.getByRole('button', { name: 'Add Time' }).click();
  await dialog.getByLabel('Time 2: date', { exact: true }).fill(inDays(4));
  await dialog.getByLabel('Time 2: time', { exact: true }).fill('14:00');
  await dialog.getByLabel('Time 2: time zone', { exact: true }).fill('Europe/Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
  // The recruiter is the interviewer unless they choose others.
  await expect(dialog.getByText(recruiter.name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Propose Times' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Waiting for the candidate to pick a time')).toBeVisible();

  // 2. The candidate, in New York, sees the times in their own zone and picks the first.
  const candidateContext = await browser.newContext({
    baseURL,
    timezoneId: 'America/New_York',
  });
  const candidatePage = await candidateContext.newPage();
  await logIn(candidatePage, candidate);
  await candidatePage.goto('/candidate/applications');
  const panel = candidatePage.getByRole('region', { name: 'Interview', exact: true });
  await expect(panel.getByText('Pick a time for your interview')).toBeVisible();
  // 10:00 in Berlin is 04:00 (or 05:00 around the clock changes) in New York.
  await expect(panel.getByText(/0[45]:00/).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Pick This Time' }).first().click();
  const booked = candidatePage.getByTestId('candidate-interview-time');
  await expect(booked).toBeVisible();
  await expect(booked).toContainText(/0[45]:00/);

  // 3. Both receive the invitation: a text/calendar METHOD:REQUEST.
  for (const who of [candidate, recruiter]) {
    const text = await mailWithSubject(who.email, 'Interview scheduled');
    expect(text).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(text).toContain('invite.ics');
  }
  // The recruiter's open drawer followed the pick live.
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();

  // 4. The recruiter moves it to 15:30 Berlin time; the candidate's open page follows.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const move = page.getByRole('dialog', { name: 'Reschedule Interview' });
  await move.getByLabel('New time: time', { exact: true }).fill('15:30');
  await move.getByRole('button', { name: 'Move Interview' }).click();
  await expect(move).toBeHidden();
  await expect(booked).toContainText(/(09|10):30/);
  const update = await mailWithSubject(candidate.email, 'Interview moved');
  expect(update).toMatch(/method=REQUEST/i);

  await candidateContext.close();
});
