import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  MAX_MESSAGE_LENGTH,
  MAX_SUBJECT_LENGTH,
  newConversationSchema,
} from '../../../../domain/messaging';
import { translateErrors } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { useCreateConversation, useMessagableUsers } from '../api/conversations';
import { composeFailure } from '../lib/compose-failure';
import { prefillRecipients } from '../lib/compose-recipients';
import { RecipientField } from './recipient-field';

type ComposeValues = { recipientIds: string[]; subject: string; message: string };

type ComposeFormProps = {
  /** Candidates pick from a checkbox list, everyone else from a searchable dropdown. */
  asCheckboxes: boolean;
  /** From `?to=`: selected once the users have loaded, if they may be messaged. */
  requestedIds: readonly string[];
  /** From `?subject=`. */
  initialSubject: string;
  /** From `?assessment=`: the new conversation is about this assessment. */
  assessmentId?: string;
};

/**
 * To, Subject and Message. Spec: Send is disabled while sending, with no recipient, or with
 * a blank subject or message. What is missing is said at the field once the user leaves it
 * (or empties the recipients), so a disabled Send never leaves them guessing why.
 */
const validateCompose = schemaResolver(newConversationSchema, { sync: true });

export function ComposeForm({
  asCheckboxes,
  requestedIds,
  initialSubject,
  assessmentId,
}: ComposeFormProps) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const users = useMessagableUsers();
  const create = useCreateConversation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ComposeValues>({
    initialValues: { recipientIds: [], subject: initialSubject, message: '' },
    validate: (values) => translateErrors(validateCompose(values)),
    validateInputOnBlur: true,
    validateInputOnChange: ['recipientIds'],
  });

  // `?to=` can only be applied once the list says who those ids are (and that they may be
  // messaged); it is applied once, so later changes by the user stay.
  const prefilled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when the users arrive
  useEffect(() => {
    if (prefilled.current || !users.data) return;
    prefilled.current = true;
    const ids = prefillRecipients(requestedIds, users.data);
    if (ids.length > 0) form.setFieldValue('recipientIds', ids);
  }, [users.data]);

  const submit = form.onSubmit(async (values) => {
    if (create.isPending) return;
    setFailure(null);
    try {
      const conversation = await create.create({
        recipientIds: values.recipientIds,
        subject: values.subject.trim(),
        message: values.message,
        ...(assessmentId ? { assessmentId } : {}),
      });
      navigate(`/messages/conversation/${encodeURIComponent(conversation.id)}`);
    } catch (error) {
      const { fieldErrors, message } = composeFailure(error);
      form.setErrors(translateErrors(fieldErrors));
      setFailure(message);
    }
  });

  const sending = create.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RecipientField
          users={users}
          asCheckboxes={asCheckboxes}
          value={form.values.recipientIds}
          onChange={(ids) => form.setFieldValue('recipientIds', ids)}
          onBlur={() => form.validateField('recipientIds')}
          error={form.errors.recipientIds}
        />
        <TextInput
          label={t('subject')}
          maxLength={MAX_SUBJECT_LENGTH}
          required
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={t('message')}
          rows={6}
          maxLength={MAX_MESSAGE_LENGTH}
          required
          withAsterisk={false}
          {...form.getInputProps('message')}
        />
        <FormError>{failure}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/messages" variant="default">
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={sending || !form.isValid()}>
            {sending ? t('sending') : t('sendMessage')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
