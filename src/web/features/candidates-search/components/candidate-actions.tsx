import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type CandidateActionsProps = {
  candidate: { id: string; name: string };
  /** Only recruiters assign assessments. */
  canAssign: boolean;
  onAssign: () => void;
  /** Invite to apply to one of the recruiter's open jobs (recruiters, discoverable candidates). */
  onInvite?: () => void;
  /** The profile link is left out on the profile itself. */
  withProfileLink?: boolean;
};

export const candidateProfileHref = (id: string) =>
  `/recruiter/candidates/${encodeURIComponent(id)}`;
export const messageHref = (id: string) => `/messages/new?to=${encodeURIComponent(id)}`;

/** View Profile, Assign Assessment, Invite to Apply and Message: what a recruiter does with a candidate found. */
export function CandidateActions({
  candidate,
  canAssign,
  onAssign,
  onInvite,
  withProfileLink = true,
}: CandidateActionsProps) {
  const { t } = useTranslation('candidates-search');
  return (
    <Group gap="xs">
      {withProfileLink ? (
        <Button
          component={Link}
          to={candidateProfileHref(candidate.id)}
          size="xs"
          variant="light"
          aria-label={t('actions.viewProfileOf', { name: candidate.name })}
        >
          {t('actions.viewProfile')}
        </Button>
      ) : null}
      {canAssign ? (
        <Button
          size="xs"
          variant="light"
          onClick={onAssign}
          aria-label={t('assign.titleFor', { name: candidate.name })}
        >
          {t('actions.assign')}
        </Button>
      ) : null}
      {canAssign && onInvite ? (
        <Button
          size="xs"
          variant="light"
          onClick={onInvite}
          aria-label={t('invite.titleFor', { name: candidate.name })}
        >
          {t('actions.invite')}
        </Button>
      ) : null}
      <Button
        component={Link}
        to={messageHref(candidate.id)}
        size="xs"
        variant="default"
        aria-label={t('actions.messageTo', { name: candidate.name })}
      >
        {t('actions.message')}
      </Button>
    </Group>
  );
}
