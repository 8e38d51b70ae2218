import { describe, expect, it } from 'vitest';
import {
  filterUsers,
  prefillRecipients,
  requestedRecipientIds,
  toggleId,
} from './compose-recipients';

const users = [
  { id: 'u1', displayName: 'Rita Recruiter', email: 'rita@example.com' },
  { id: 'u2', displayName: 'Carl Candidate', email: 'carl@Example.org' },
  { id: 'u3', displayName: 'Ada Admin', email: 'boss@corp.io' },
];

describe('requestedRecipientIds', () => {
  it('reads repeated and comma-separated ?to= values, without blanks or repeats', () => {
    expect(requestedRecipientIds(['u1', 'u2, u3', ' ', 'u1,,u2'])).toEqual(['u1', 'u2', 'u3']);
  });

  it('is empty without a ?to=', () => {
    expect(requestedRecipientIds([])).toEqual([]);
  });
});

describe('prefillRecipients', () => {
  it('keeps only ids of users that may be messaged, in the requested order', () => {
    expect(prefillRecipients(['u3', 'nobody', 'u1'], users)).toEqual(['u3', 'u1']);
  });

  it('selects nobody when the list is empty', () => {
    expect(prefillRecipients(['u1'], [])).toEqual([]);
  });
});

describe('filterUsers', () => {
  it('matches the display name or e-mail, ignoring case', () => {
    expect(filterUsers(users, 'RITA').map((u) => u.id)).toEqual(['u1']);
    expect(filterUsers(users, 'example').map((u) => u.id)).toEqual(['u1', 'u2']);
    expect(filterUsers(users, 'corp.IO').map((u) => u.id)).toEqual(['u3']);
  });

  it('returns everyone for a blank search and nobody for no match', () => {
    expect(filterUsers(users, '  ')).toHaveLength(3);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });
});

describe('toggleId', () => {
  it('adds a missing id at the end and removes a present one', () => {
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
  });
});
