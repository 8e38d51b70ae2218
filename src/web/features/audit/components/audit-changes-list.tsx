import { List, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auditChanges } from '../lib/audit-changes';
import { AuditValueText } from './audit-value';

/** What an entry changed: field, before → after, one line each (not the raw JSON). */
export function AuditChangesList({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit');
  const changes = auditChanges(before, after);
  // A created (or removed) thing has one side only: its fields are listed without an arrow.
  const oneSide = before == null ? 'after' : after == null ? 'before' : null;
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('noChanges')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} listStyleType="none" aria-label={t('changes')}>
      {changes.map((change) => (
        <List.Item key={change.path} styles={{ itemWrapper: { display: 'block' } }}>
          <Text span size="sm" ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {change.path}
          </Text>
          {': '}
          {oneSide ? (
            <AuditValueText value={change[oneSide]} />
          ) : (
            <>
              <VisuallyHidden>{t('before')}: </VisuallyHidden>
              <AuditValueText value={change.before} was />
              <span aria-hidden="true"> → </span>
              <VisuallyHidden>, {t('after')}: </VisuallyHidden>
              <AuditValueText value={change.after} />
            </>
          )}
        </List.Item>
      ))}
    </List>
  );
}
