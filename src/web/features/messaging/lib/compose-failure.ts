import { MESSAGING_TEXTS } from '../../../../domain/messaging';
import { ApiError, GENERIC_FAILURE, issuesToFormErrors } from '../../../api/api-error';

/** The compose form's fields a server issue can point at. */
const FIELDS = ['recipientIds', 'subject', 'message'] as const;
export type ComposeField = (typeof FIELDS)[number];

export type ComposeFailure = {
  /** Issues the server tied to a field, shown at that field. */
  fieldErrors: Partial<Record<ComposeField, string>>;
  /** The text shown above the buttons, or null when the field errors already say it. */
  message: string | null;
};

const isField = (key: unknown): key is ComposeField =>
  typeof key === 'string' && (FIELDS as readonly string[]).includes(key);

/**
 * What a failed create shows: the server's message when it sent one (else the
 * spec's 'Failed to create conversation'), and its field issues at the fields
 * (an issue on `recipientIds.2` belongs to the recipient picker).
 */
export function composeFailure(error: unknown): ComposeFailure {
  if (!(error instanceof ApiError)) {
    return { fieldErrors: {}, message: MESSAGING_TEXTS.createFailed };
  }
  // The fields are flat: an issue on `recipientIds.2` belongs to the recipient picker.
  const byField = issuesToFormErrors(error.issues.map((i) => ({ ...i, path: i.path.slice(0, 1) })));
  const fieldErrors: ComposeFailure['fieldErrors'] = {};
  for (const [field, message] of Object.entries(byField)) {
    if (isField(field)) fieldErrors[field] = message;
  }
  const message =
    error.message && error.message !== GENERIC_FAILURE
      ? error.message
      : MESSAGING_TEXTS.createFailed;
  const repeated = Object.values(fieldErrors).includes(message);
  return { fieldErrors, message: repeated ? null : message };
}
