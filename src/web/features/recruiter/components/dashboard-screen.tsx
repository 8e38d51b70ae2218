import '../lib/mantine-styles';
import { Box, Button, Stack, Tabs, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ASSESSMENT_TEXTS,
  DEFAULT_POSITION,
  POSITIONS,
  type Template,
} from '../../../../domain/assessments';
import { useSessionState } from '../../../lib/session';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useAssessments } from '../../assessments/api/assessments';
import { useTemplates } from '../../assessments/api/templates';
import { ALL_POSITIONS, filterAssessments, filterTemplates, matchesPosition } from '../lib/filters';
import { asDashboardTab, DASHBOARD_TABS, type DashboardTab, DEFAULT_TAB } from '../lib/tabs';
import { ActiveTab } from './active-tab';
import { AssignModal } from './assign-modal';
import { AssignTab } from './assign-tab';
import { CompletedTab } from './completed-tab';
import classes from './dashboard-screen.module.css';
import { DashboardSidebar } from './dashboard-sidebar';
import { LibraryTab } from './library-tab';
import { EmptyState, LoadError } from './query-states';
import { ResultsList } from './results-list';
import { ToggleGroup } from './toggle-group';

const POSITION_OPTIONS = [ALL_POSITIONS, ...POSITIONS].map((p) => ({ value: p, label: p }));

/** /recruiter: the recruiter's assessments, templates and results, all from the API. */
export function RecruiterDashboardScreen() {
  const session = useSessionState();
  const name = (session.status === 'signed-in' && session.user.name.trim()) || 'Recruiter';
  const [params, setParams] = useSearchParams();
  const tab = asDashboardTab(params.get('tab'));
  const [position, setPosition] = useState<string>(DEFAULT_POSITION);
  const [search, setSearch] = useState('');
  const [assigning, setAssigning] = useState<Template | null>(null);

  const assessments = useAssessments();
  const templates = useTemplates();
  const filter = { position, search };
  const visibleAssessments = filterAssessments(assessments.data ?? [], filter);
  const positionAssessments = (assessments.data ?? []).filter((a) => matchesPosition(a, position));
  const visibleTemplates = filterTemplates(templates.data ?? [], filter);
  const templatesFilteredOut = search.trim()
    ? `No templates match "${search.trim()}".`
    : `No templates for ${position}. Choose All Positions to see every template.`;

  const selectTab = (next: DashboardTab) => {
    setParams(next === DEFAULT_TAB ? {} : { tab: next });
  };

  /** Both list tabs need the assessments; one place for their loading and error states. */
  const assessmentsGate = (render: () => React.ReactNode) => {
    if (assessments.isPending) return <LoadingText text={ASSESSMENT_TEXTS.loadingAssessments} />;
    if (assessments.isError) {
      return (
        <LoadError
          text={ASSESSMENT_TEXTS.errorLoadingData}
          onRetry={() => void assessments.refetch()}
        />
      );
    }
    return render();
  };

  return (
    <div className={classes.layout}>
      <Box visibleFrom="md" className={classes.sidebar}>
        <DashboardSidebar tab={tab} />
      </Box>
      <Stack gap="md" style={{ minWidth: 0 }}>
        <PageHeader
          title={`Welcome, ${name}`}
          description="Assign assessments, follow your candidates' progress and review their work."
        />
        <div className={classes.toolbar}>
          <TextInput
            className={classes.search}
            type="search"
            label="Search"
            placeholder="Candidate name or assessment title"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Button onClick={() => selectTab('assign')}>New Assessment</Button>
        </div>
        <ToggleGroup
          label="Position"
          showLabel
          options={POSITION_OPTIONS}
          value={position}
          onChange={setPosition}
        />

        <Tabs
          value={tab}
          onChange={(value) => selectTab(asDashboardTab(value))}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {DASHBOARD_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
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
            <EmptyState>No drafts. Assignments are sent as soon as you create them.</EmptyState>
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
