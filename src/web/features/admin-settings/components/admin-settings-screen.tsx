import '../styles';
import { Box, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import classes from '../../../app/layout/admin-page.module.css';
import { AdminSidebar } from '../../../app/layout/admin-sidebar';
import { AiConfigurationTab } from '../../automated-feedback';
import { DepartmentsTab } from '../../departments';
import { GeneralTab } from './general-tab';
import { SecurityTab } from './security-tab';
import { SettingsHeader } from './settings-header';
import { TemplatesTab } from './templates-tab';

const TABS = ['general', 'security', 'departments', 'ai', 'assessments'] as const;
type TabValue = (typeof TABS)[number];
// The spec's first tab: an admin arriving at /admin meets General, not the tab used last.
const DEFAULT_TAB: TabValue = 'general';

const isTab = (value: string | null): value is TabValue => TABS.some((t) => t === value);

/** /admin: spec section 2 'Admin settings'. The tab lives in the URL so a reload keeps it. */
export function AdminSettingsScreen() {
  const { t } = useTranslation('admin-settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : DEFAULT_TAB;
  const [search, setSearch] = useState('');

  const selectTab = (value: string | null) => {
    if (!isTab(value)) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className={classes.layout}>
      <AdminSidebar />
      <Box miw={0}>
        <SettingsHeader
          search={tab === 'assessments' ? { value: search, onChange: setSearch } : null}
        />
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List mb="lg">
            {TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralTab />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
          <Tabs.Panel value="departments">
            <DepartmentsTab />
          </Tabs.Panel>
          <Tabs.Panel value="ai">
            <AiConfigurationTab />
          </Tabs.Panel>
          <Tabs.Panel value="assessments">
            <TemplatesTab search={search} />
          </Tabs.Panel>
        </Tabs>
      </Box>
    </div>
  );
}
