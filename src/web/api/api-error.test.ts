import { afterEach, describe, expect, it } from 'vitest';
import { type Coded, coded } from '../../domain/error-codes';
import { codedText } from '../../domain/error-texts';
import { i18n } from '../lib/i18n';
import { loadCodedMessages } from '../lib/messages';
import { ApiError, errorMessage } from './api-error';

/**
 * Messages the server assembles from parts come with a code and values (decision 023):
 * the reader sees them in their own language, one family at a time. Without the code the
 * English text would stay (no catalogue key can hold a count, a list or a wait).
 */
const failure = (status: number, error: Coded) =>
  new ApiError(codedText(error), status, [], { code: error.code, params: error.params });

async function inGerman() {
  await i18n.changeLanguage('de');
  await i18n.loadNamespaces('messages');
  await loadCodedMessages();
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('errorMessage for coded errors', () => {
  it('shows the server English in English', () => {
    const error = failure(
      409,
      coded('department-in-use', { name: 'Sales', templates: 2, jobs: 1, admins: 0 }),
    );
    expect(errorMessage(error)).toBe(
      '“Sales” cannot be deleted: 2 templates and 1 job use it. Move them to another department or archive it instead.',
    );
  });

  it("a department's usage: German plurals as a German list, the verb agreeing", async () => {
    await inGerman();
    expect(
      errorMessage(
        failure(
          409,
          coded('department-in-use', { name: 'Sales', templates: 2, jobs: 1, admins: 1 }),
        ),
      ),
    ).toBe(
      '„Sales“ kann nicht gelöscht werden: 2 Vorlagen, 1 Stelle und 1 Admin-Profil verwenden die Abteilung. Verschieben Sie sie in eine andere Abteilung oder archivieren Sie die Abteilung stattdessen.',
    );
    expect(
      errorMessage(
        failure(
          409,
          coded('department-in-use', { name: 'Sales', templates: 0, jobs: 1, admins: 0 }),
        ),
      ),
    ).toMatch(/: 1 Stelle verwendet die Abteilung\./);
  });

  it("the hiring and messaging limits' waits, in German units", async () => {
    await inGerman();
    expect(errorMessage(failure(429, coded('wait-jobs', { seconds: 1800 })))).toBe(
      'Sie haben in kurzer Zeit viele Stellen veröffentlicht. Bitte warten Sie 30 Minuten, bevor Sie eine weitere veröffentlichen.',
    );
    expect(errorMessage(failure(429, coded('wait-invitations-received', { seconds: 7200 })))).toBe(
      'Diese Person hat in letzter Zeit viele Einladungen erhalten. Bitte versuchen Sie es in 2 Stunden erneut.',
    );
    expect(errorMessage(failure(429, coded('wait-messages', { seconds: 1 })))).toMatch(
      /Bitte warten Sie 1 Sekunde und/,
    );
    expect(errorMessage(failure(429, coded('wait-erase-attempts', { seconds: 60 })))).toBe(
      'Zu viele Versuche. Versuchen Sie es in 1 Minute erneut.',
    );
  });

  it("a job's refused action: the status and action in German", async () => {
    await inGerman();
    expect(
      errorMessage(
        failure(400, coded('job-action-refused', { status: 'closed', action: 'publish' })),
      ),
    ).toBe('Eine Stelle im Status „Geschlossen“ kann nicht mit „Veröffentlichen“ geändert werden');
  });

  it("a recruiter's records: each count with its own German plural", async () => {
    await inGerman();
    expect(
      errorMessage(failure(409, coded('recruiter-has-records', { jobs: 1, assessments: 3 }))),
    ).toMatch(/^Diesem Recruiter gehören noch 1 Stelle und 3 Assessments, /);
  });

  it('an expired invitation: the day as Germans write it', async () => {
    await inGerman();
    expect(
      errorMessage(
        failure(410, coded('invitation-expired', { date: '2026-12-01', name: 'Rita Recruiter' })),
      ),
    ).toBe(
      'Diese Einladung ist am 1. Dez. 2026 abgelaufen. Bitten Sie Rita Recruiter, sie erneut zu senden',
    );
  });

  it("a bulk file's rows: German numbers", async () => {
    await inGerman();
    expect(
      errorMessage(
        failure(400, coded('bulk-too-many-rows', { count: 10_000, max: 500, row: 502 })),
      ),
    ).toBe(
      'Die Datei hat 10.000 Zeilen; höchstens 500 können mit einem Upload eingeladen werden (Zeile 502 ist die erste über dem Limit)',
    );
    expect(errorMessage(failure(400, coded('bulk-quote-open', { row: 3 })))).toBe(
      'Zeile 3: Ein Feld in Anführungszeichen wird nie geschlossen',
    );
  });

  it('falls back to the message for a code it does not know', async () => {
    await inGerman();
    const unknown = new ApiError('Job not found', 404, [], { code: 'no-such-code', params: {} });
    expect(errorMessage(unknown)).toBe(errorMessage(new ApiError('Job not found', 404)));
    expect(errorMessage(unknown)).not.toBe('Job not found');
  });
});
