import '../lib/mantine-styles';
import { Box, Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Template } from '../../../../domain/assessments';
import { useSessionState } from '../../../lib/session';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, LoadError } from '../../../ui/query-states';
import { RecruiterUpcomingInterviews } from '../../interviews';
import { LibraryTab } from '../../templates';
import { useAssessments } from '../api/assessments';
import { useTemplates } from '../api/templates';
import {
  ALL_POSITIONS,
  effectivePosition,
  filterAssessments,
  filterTemplates,
  hiddenByFilterText,
  matchesPosition,
  positionOptions,
} from '../lib/filters';
import { asDashboardTab, DASHBOARD_TABS, type DashboardTab, DEFAULT_TAB } from '../lib/tabs';
import { ActiveTab } from './active-tab';
import { AssignModal } from './assign-modal';
import { AssignTab } from './assign-tab';
import { CompletedTab } from './completed-tab';
import classes from './dashboard-screen.module.css';
import { DashboardSidebar } from './dashboard-sidebar';
import { ResultsList } from './results-list';
import { ToggleGroup } from './toggle-group';

const POSITION_KEY = 'tf:recruiter:position';

/** The last position chosen on this browser (All Positions until one is chosen). */
function useRememberedPosition(): [string | null, (value: string) => void] {
  const [value, setValue] = useState<string | null>(() => {
    try {
      return window.localStorage.getItem(POSITION_KEY);
    } catch {
      return null;
    }
  });
  const remember = (next: string) => {
    setValue(next);
    try {
      window.localStorage.setItem(POSITION_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  };
  return [value, remember];
}

/** /recruiter: the recruiter's assessments, templates and results, all from the API. */
export function RecruiterDashboardScreen() {
  const { t } = useTranslation('recruiter');
  const session = useSessionState();
  const name = (session.status === 'signed-in' && session.user.name.trim()) || t('fallbackName');
  const [params, setParams] = useSearchParams();
  const tab = asDashboardTab(params.get('tab'));
  const [chosenPosition, setPosition] = useRememberedPosition();
  const [search, setSearch] = useState('');
  const [assigning, setAssigning] = useState<Template | null>(null);

  const assessments = useAssessments();
  const templates = useTemplates();
  const positions = positionOptions([templates.data ?? [], assessments.data ?? []]);
  // Until both lists have loaded the remembered role may not be among the chips yet.
  const loaded = templates.isSuccess && assessments.isSuccess;
  const position = loaded ? effectivePosition(chosenPosition, positions) : ALL_POSITIONS;
  const filter = { position, search };
  const visibleAssessments = filterAssessments(assessments.data ?? [], filter);
  const positionAssessments = (assessments.data ?? []).filter((a) => matchesPosition(a, position));
  const visibleTemplates = filterTemplates(templates.data ?? [], filter);
  const positionLabel = (p: string) => (p === ALL_POSITIONS ? t('allPositions') : p);
  const templatesFilteredOut = search.trim()
    ? t('noTemplatesMatch', { search: search.trim() })
    : t('noTemplatesForPosition', { position: positionLabel(position) });
  const hiddenText = hiddenByFilterText(
    t,
    (templates.data ?? []).filter((t) => !matchesPosition(t, position)).length,
    (assessments.data ?? []).filter((a) => !matchesPosition(a, position)).length,
  );

  const selectTab = (next: DashboardTab) => {
    setParams(next === DEFAULT_TAB ? {} : { tab: next });
  };

  /** Both list tabs need the assessments; one place for their loading and error states. */
  const assessmentsGate = (render: () => React.ReactNode) => {
    if (assessments.isPending) return <LoadingText text={t('loadingAssessments')} />;
    if (assessments.isError) {
      return <LoadError text={t('errorLoadingData')} onRetry={() => void assessments.refetch()} />;
    }
    return render();
  };

  return (
    <div className={classes.layout}>
      <Box visibleFrom="md" className={classes.sidebar}>
        <DashboardSidebar assessments={assessments.data ?? []} />
      </Box>
      <Stack gap="md" style={{ minWidth: 0 }}>
        <PageHeader title={t('welcome', { name })} description={t('description')} />
        <RecruiterUpcomingInterviews />
        <div className={classes.toolbar}>
          <TextInput
            className={classes.search}
            type="search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Button onClick={() => selectTab('assign')}>{t('newAssessment')}</Button>
        </div>
        <ToggleGroup
          label={t('position')}
          showLabel
          options={positions.map((p) => ({ value: p, label: positionLabel(p) }))}
          value={position}
          onChange={setPosition}
        />
        {hiddenText ? (
          <Group gap="xs" role="status" data-testid="hidden-by-filter">
            <Text size="sm">{hiddenText}</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => setPosition(ALL_POSITIONS)}>
              {t('showAll')}
            </Button>
          </Group>
        ) : null}

        <Tabs
          value={tab}
          onChange={(value) => selectTab(asDashboardTab(value))}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {DASHBOARD_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="active">
            {assessmentsGate(() => (
              <ActiveTab forFigures={positionAssessments} visible={visibleAssessments} />
            ))}
          </Tabs.Panel>
          <Tabs.Panel value="assign">
            <AssignTab
              templates={templates}
              visibleTemplates={visibleTemplates}
              assessments={assessments}
              visibleAssessments={visibleAssessments}
              filteredOut={templatesFilteredOut}
              onAssign={setAssigning}
            />
          </Tabs.Panel>
          <Tabs.Panel value="results">
            <ResultsList query={assessments} visible={visibleAssessments} />
          </Tabs.Panel>
          <Tabs.Panel value="drafts">
            <EmptyState>{t('noDrafts')}</EmptyState>
          </Tabs.Panel>
          <Tabs.Panel value="completed">
            {assessmentsGate(() => (
              <CompletedTab visible={visibleAssessments} />
            ))}
          </Tabs.Panel>
          <Tabs.Panel value="library">
            <LibraryTab
              templates={templates}
              visible={visibleTemplates}
              filteredOut={templatesFilteredOut}
              onAssign={setAssigning}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <AssignModal template={assigning} onClose={() => setAssigning(null)} />
    </div>
  );
}
