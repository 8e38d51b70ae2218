import { describe, expect, it } from 'vitest';
import {
  anyOverlap,
  isTimeZone,
  ratingsMatch,
  toCandidateInterview,
  utcToZonedTime,
  zonedTimeToUtc,
} from './interviews';

describe('wall-clock times in a time zone', () => {
  it('turns a date and time on a zone’s clocks into the instant', () => {
    expect(zonedTimeToUtc('2030-01-15', '10:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2030-01-15T09:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '10:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2030-07-15T08:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '10:00', 'America/New_York')?.toISOString()).toBe(
      '2030-07-15T14:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '23:30', 'Asia/Kolkata')?.toISOString()).toBe(
      '2030-07-15T18:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '10:00', 'UTC')?.toISOString()).toBe(
      '2030-07-15T10:00:00.000Z',
    );
  });

  it('refuses a time the clocks skip and takes the earlier of a repeated one', () => {
    // Berlin: 2030-03-31 02:00 → 03:00; 2030-10-27 03:00 → 02:00.
    expect(zonedTimeToUtc('2030-03-31', '02:30', 'Europe/Berlin')).toBeNull();
    expect(zonedTimeToUtc('2030-03-31', '03:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2030-03-31T01:30:00.000Z',
    );
    expect(zonedTimeToUtc('2030-10-27', '02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2030-10-27T00:30:00.000Z',
    );
  });

  it('reads an instant back on a zone’s clocks', () => {
    expect(utcToZonedTime('2030-07-15T14:00:00.000Z', 'America/New_York')).toEqual({
      date: '2030-07-15',
      time: '10:00',
    });
  });

  it('knows IANA zones and nothing else', () => {
    for (const zone of ['Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC', 'Asia/Tokyo']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Base', '', 'Europe/Berlin; drop', 'x'.repeat(100), '../etc']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});

describe('slots and scorecards', () => {
  const at = (iso: string, durationMinutes = 30) => ({ startsAt: new Date(iso), durationMinutes });
  it('finds overlapping slots; back-to-back ones do not overlap', () => {
    expect(anyOverlap([at('2030-01-01T10:00:00Z'), at('2030-01-01T10:30:00Z')])).toBe(false);
    expect(anyOverlap([at('2030-01-01T10:30:00Z'), at('2030-01-01T10:00:00Z', 31)])).toBe(true);
  });

  it('wants each criterion rated exactly once', () => {
    const r = (...names: string[]) => names.map((criterion) => ({ criterion }));
    expect(ratingsMatch(['A', 'B'], r('B', 'A'))).toBe(true);
    expect(ratingsMatch(['A', 'B'], r('A'))).toBe(false);
    expect(ratingsMatch(['A', 'B'], r('A', 'A'))).toBe(false);
    expect(ratingsMatch(['A'], r('A', 'C'))).toBe(false);
    expect(ratingsMatch([], [])).toBe(true);
  });

  it('gives a candidate no scorecard, no criteria and no withdrawn time', () => {
    const slot = (id: string, status: 'open' | 'withdrawn' | 'chosen') => ({
      id,
      startsAt: '2030-01-01T10:00:00.000Z',
      durationMinutes: 30,
      timeZone: 'UTC',
      location: 'Room 1',
      status,
    });
    const seen = toCandidateInterview(
      {
        id: 'i',
        applicationId: 'a',
        jobId: 'j',
        jobTitle: 'Engineer',
        candidateId: 'c',
        candidateName: 'Casey',
        recruiterId: 'r',
        status: 'proposed',
        slots: [slot('s1', 'open'), slot('s2', 'withdrawn')],
        scheduled: null,
        interviewers: [{ id: 'r', name: 'Rita' }],
        criteria: ['Secret criterion'],
        scorecards: [
          {
            id: 'sc',
            interviewerId: 'r',
            interviewerName: 'Rita',
            ratings: [{ criterion: 'Secret criterion', rating: 1 }],
            recommendation: 'strong-no',
            notes: 'private',
            updatedAt: '2030-01-01T00:00:00.000Z',
          },
        ],
        responses: [
          {
            userId: 'r',
            name: 'Rita',
            response: 'tentative',
            respondedAt: '2030-01-01T00:00:00.000Z',
          },
        ],
        sequence: 0,
        pad: null,
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2030-01-01T00:00:00.000Z',
      },
      'Northwind',
    );
    expect(seen.slots.map((s) => s.id)).toEqual(['s1']);
    const text = JSON.stringify(seen);
    for (const hidden of [
      'Secret criterion',
      'private',
      'strong-no',
      'scorecards',
      'sequence',
      'responses',
      'tentative',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });
});
