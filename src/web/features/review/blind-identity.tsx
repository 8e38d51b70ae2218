import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Assessment, assessmentSchema } from '../../../domain/assessments';
import { apiFetch, errorMessage } from '../../api/http';
import { assessmentKeys } from '../../lib/query-keys';
import { FormError } from '../../ui/form-error';

/** POST /api/assessments/:id/reveal (the reviewer, after scoring): audited on the server. */
function useReveal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/assessments/${encodeURIComponent(id)}/reveal`, {
        method: 'POST',
        schema: assessmentSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}

/** The Candidate Information of a blind review: the pseudonym, then the reveal once scored. */
export function BlindIdentity({ assessment: a }: { assessment: Assessment }) {
  const { t } = useTranslation('review');
  const reveal = useReveal();
  const scored = a.reviewedAt !== null && a.score !== null;
  return (
    <>
      <Text size="sm" data-testid="blind-candidate">
        <strong>{a.candidateName}</strong>
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('blind.hidden')}
      </Text>
      {scored ? (
        <Button
          variant="light"
          size="xs"
          mt="sm"
          loading={reveal.isPending}
          onClick={() => reveal.mutate(a.id)}
        >
          {t('blind.reveal')}
        </Button>
      ) : null}
      {reveal.isError ? <FormError>{errorMessage(reveal.error)}</FormError> : null}
    </>
  );
}
