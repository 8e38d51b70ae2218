import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_FAILURE } from '../../../api/api-error';
import { composeFailure } from './compose-failure';

describe('composeFailure', () => {
  it("shows the server's message", () => {
    const error = new ApiError('Candidates can only message their assigned recruiters', 403);
    expect(composeFailure(error)).toEqual({
      fieldErrors: {},
      message: 'Candidates can only message their assigned recruiters',
    });
  });

  it("falls back to 'Failed to create conversation' without a server message", () => {
    expect(composeFailure(new Error('boom')).message).toBe('Failed to create conversation');
    expect(composeFailure(new ApiError(GENERIC_FAILURE, 500)).message).toBe(
      'Failed to create conversation',
    );
    expect(composeFailure(new ApiError('', 500)).message).toBe('Failed to create conversation');
  });

  it('puts issues at their fields, the first per field, ignoring unknown paths', () => {
    const error = new ApiError('Invalid input', 400, [
      { path: ['recipientIds', 1], message: 'Unknown recipient' },
      { path: ['recipientIds'], message: 'Second issue' },
      { path: ['subject'], message: 'Please enter a subject' },
      { path: ['message'], message: 'Please enter a message' },
      { path: ['clientId'], message: 'Bad id' },
      { path: [], message: 'No path' },
    ]);
    expect(composeFailure(error)).toEqual({
      fieldErrors: {
        recipientIds: 'Unknown recipient',
        subject: 'Please enter a subject',
        message: 'Please enter a message',
      },
      message: 'Invalid input',
    });
  });

  it('does not repeat a message already shown at a field', () => {
    const error = new ApiError('Please enter a subject', 400, [
      { path: ['subject'], message: 'Please enter a subject' },
    ]);
    expect(composeFailure(error).message).toBeNull();
  });
});
