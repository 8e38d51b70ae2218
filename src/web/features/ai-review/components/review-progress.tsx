import { List, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiReview } from '../../../../domain/ai-review';
import { formatNumber } from '../../../lib/format';

type Step = 'sending' | 'receiving' | 'asking-again' | 'checking';

/** The server's progress ('receiving:1234') as a step and its character count. */
function parse(progress: string | null): { step: Step | null; chars: number | null } {
  if (!progress) return { step: null, chars: null };
  const [step, count] = progress.split(':');
  const known: Step[] = ['sending', 'receiving', 'asking-again', 'checking'];
  return {
    step: known.includes(step as Step) ? (step as Step) : null,
    chars: count !== undefined && Number.isFinite(Number(count)) ? Number(count) : null,
  };
}

/** A ticked circle for a step done, an empty one for a step to come. */
function StepMark({ done }: { done: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <circle
        cx="7"
        cy="7"
        r="6"
        fill={done ? 'var(--mantine-color-green-7)' : 'none'}
        stroke={done ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)'}
        strokeWidth="1.5"
      />
      {done ? (
        <path d="M4 7.2 6.1 9.2 10 4.8" fill="none" stroke="white" strokeWidth="1.6" />
      ) : null}
    </svg>
  );
}

/** Queued, or running with the steps streamed so far: done ones ticked, the current one live. */
export function ReviewProgress({ review }: { review: AiReview }) {
  const { t } = useTranslation('ai-reviewer');
  const { step, chars } = parse(review.progress);
  if (review.status === 'queued' || step === null) {
    return (
      <Text size="sm" role="status" data-testid="ai-status">
        <Loader size="xs" mr={8} type="dots" />
        {review.status === 'queued'
          ? t('status.queued')
          : t('status.running', { model: review.model })}
      </Text>
    );
  }
  const steps: Step[] =
    step === 'asking-again'
      ? ['sending', 'receiving', 'asking-again', 'checking']
      : ['sending', 'receiving', 'checking'];
  const current = steps.indexOf(step);
  const label = (s: Step) => {
    if (s === 'receiving' && chars !== null && s === step)
      return t('steps.receivingChars', { count: chars, n: formatNumber(chars) });
    return t(s === 'asking-again' ? 'steps.askingAgain' : `steps.${s}`);
  };
  return (
    <div role="status" data-testid="ai-status">
      <Text size="sm" mb={6}>
        {t('status.running', { model: review.model })}
      </Text>
      <List spacing={4} size="sm" center>
        {steps.map((s, index) => (
          <List.Item
            key={s}
            c={index > current ? 'dimmed' : undefined}
            fw={index === current ? 600 : undefined}
            aria-current={index === current ? 'step' : undefined}
            icon={index === current ? <Loader size={14} /> : <StepMark done={index < current} />}
          >
            {label(s)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
