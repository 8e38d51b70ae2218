import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatList, formatNumber } from '../../../lib/format';
import type { AuditValue } from '../lib/audit-changes';

/** Longer values are folded to this many characters until "Show more". */
const FOLD_AT = 120;

function useText(value: AuditValue): string {
  const { t } = useTranslation('audit');
  switch (value.kind) {
    case 'none':
      return '—';
    case 'text':
      return value.text;
    case 'number':
      return formatNumber(value.value);
    case 'boolean':
      return value.value ? t('yes') : t('no');
    case 'date':
      return formatDateTime(value.iso);
    case 'list':
      return value.items.length === 0 ? t('records', { count: 0 }) : formatList(value.items);
    case 'records':
      return t('records', { count: value.count });
  }
}

/** One side of a change, folded when long (a description, a JSON value). */
export function AuditValueText({ value, was }: { value: AuditValue; was?: boolean }) {
  const { t } = useTranslation('audit');
  const text = useText(value);
  const [open, setOpen] = useState(false);
  const long = text.length > FOLD_AT;
  return (
    <Text
      span
      size="sm"
      c={was ? 'dimmed' : undefined}
      td={was && value.kind !== 'none' ? 'line-through' : undefined}
      style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      {long && !open ? `${text.slice(0, FOLD_AT)}…` : text}
      {long ? (
        <>
          {' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setOpen(!open)}>
            {open ? t('showLess') : t('showMore')}
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}
