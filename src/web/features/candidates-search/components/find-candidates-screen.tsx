import './styles';
import { Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type CandidateResult,
  MAX_CANDIDATE_PAGE,
  MAX_QUERY_LENGTH,
  searchParamsOf,
} from '../../../../domain/candidate-search';
import { errorMessage } from '../../../api/http';
import { formatNumber } from '../../../lib/format';
import { useSessionState } from '../../../lib/session';
import { useAddressFilters } from '../../../lib/use-address-filters';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useCandidateResults } from '../api/candidates';
import {
  activeFilterCount,
  type CandidateFilters,
  EMPTY_FILTERS,
  filtersFromParams,
} from '../lib/filters';
import { AssignToCandidateModal } from './assign-to-candidate-modal';
import { CandidateFiltersPanel } from './candidate-filters';
import { CandidateResultCard } from './candidate-result-card';
import classes from './find-candidates.module.css';
import { InviteToApplyModal } from './invite-to-apply-modal';

/** /recruiter/candidates: search discoverable candidates, filter, page, and act on one. */
export function FindCandidatesScreen() {
  const { t } = useTranslation('candidates-search');
  const session = useSessionState();
  const canAssign = session.status === 'signed-in' && session.user.role === 'recruiter';
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [words, setWords] = useState(filters.q);
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  // Beside the results on wide screens; behind a Filters button on phones.
  const desktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [assigning, setAssigning] = useState<CandidateResult | null>(null);
  const [inviting, setInviting] = useState<CandidateResult | null>(null);
  const results = useCandidateResults(filters);

  /** Any change but a page turn starts again at page 1. */
  const update = useAddressFilters(filters, params.toString(), (merged, next) =>
    setParams(searchParamsOf({ ...merged, page: 'page' in next ? merged.page : 1 }), {
      replace: !('page' in next),
    }),
  );
  const count = activeFilterCount(filters);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <form
          className={classes.searchBar}
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: words });
          }}
        >
          <TextInput
            className={classes.searchInput}
            type="search"
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={words}
            maxLength={MAX_QUERY_LENGTH}
            onChange={(e) => setWords(e.currentTarget.value)}
          />
          <Button type="submit">{t('search')}</Button>
          {desktop ? null : (
            <Button
              variant="default"
              onClick={toggleFilters}
              aria-expanded={filtersOpen}
              aria-controls="candidate-filters"
            >
              {count > 0 ? t('filtersCount', { n: count }) : t('filtersLabel')}
            </Button>
          )}
        </form>

        <div className={classes.layout}>
          {desktop || filtersOpen ? (
            <Paper
              component="aside"
              aria-label={t('filtersLabel')}
              withBorder
              radius="md"
              p="md"
              id="candidate-filters"
            >
              <CandidateFiltersPanel
                filters={filters}
                onChange={update}
                onClear={() => setParams(searchParamsOf({ ...EMPTY_FILTERS, q: filters.q }))}
              />
            </Paper>
          ) : null}
          <Results
            results={results}
            filters={filters}
            canAssign={canAssign}
            onAssign={setAssigning}
            onInvite={setInviting}
            onPage={(page) => {
              update({ page });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      </Stack>
      <AssignToCandidateModal candidate={assigning} onClose={() => setAssigning(null)} />
      <InviteToApplyModal candidate={inviting} onClose={() => setInviting(null)} />
    </>
  );
}

type ResultsProps = {
  results: ReturnType<typeof useCandidateResults>;
  filters: CandidateFilters;
  canAssign: boolean;
  onAssign: (candidate: CandidateResult) => void;
  onInvite: (candidate: CandidateResult) => void;
  onPage: (page: number) => void;
};

function Results({ results, filters, canAssign, onAssign, onInvite, onPage }: ResultsProps) {
  const { t } = useTranslation('candidates-search');
  if (results.isPending) return <LoadingText text={t('loading')} />;
  if (results.isError) {
    return (
      <FormError>
        <Group justify="space-between" gap="sm">
          <span>{t('failed', { reason: errorMessage(results.error) })}</span>
          <Button size="xs" variant="white" color="red" onClick={() => void results.refetch()}>
            {t('tryAgain')}
          </Button>
        </Group>
      </FormError>
    );
  }
  const { items, total, limit } = results.data;
  const pages = Math.min(Math.ceil(total / limit), MAX_CANDIDATE_PAGE);
  return (
    <Stack gap="md" component="section" aria-label={t('results')} aria-busy={results.isFetching}>
      <Text role="status" aria-live="polite" c="dimmed" size="sm">
        {filters.q
          ? t('countFor', { count: total, n: formatNumber(total), q: filters.q })
          : t('count', { count: total, n: formatNumber(total) })}
      </Text>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text ta="center" fw={500}>
            {t('noResults')}
          </Text>
          <Text ta="center" c="dimmed" size="sm" mt={4}>
            {t('noResultsHint')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {items.map((c) => (
            <CandidateResultCard
              key={c.id}
              candidate={c}
              canAssign={canAssign}
              onAssign={onAssign}
              onInvite={onInvite}
            />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(filters.page, pages)}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('previousPage') : t('nextPage'),
          })}
          getItemProps={(page) => ({ 'aria-label': t('page', { page }) })}
        />
      ) : null}
    </Stack>
  );
}
