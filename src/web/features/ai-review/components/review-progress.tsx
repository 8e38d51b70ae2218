import { List, Loader, Text, ThemeIcon } from '@mantine/core';
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
            icon={
              index < current ? (
                <ThemeIcon size={16} radius="xl" color="green" aria-hidden="true">
                  <svg width="10" height="10" viewBox="0 0 10 10" fill="none" aria-hidden="true">
                    <path d="M1.5 5.2 4 7.5 8.5 2.5" stroke="currentColor" strokeWidth="1.8" />
                  </svg>
                </ThemeIcon>
              ) : index === current ? (
                <Loader size={14} />
              ) : (
                <ThemeIcon size={16} radius="xl" color="gray" variant="light" aria-hidden="true" />
              )
            }
          >
            {label(s)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
