import {
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DURATION_HOURS, type Template } from '../../../../domain/assessments';
import { ApiError, errorMessage, issuesToFormErrors } from '../../../api/http';
import { translateErrors } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { TemplateAiFields, TemplateAiSettings, useNewTemplateAiForm } from '../../ai-review';
import { useCreateTemplate, useSettings, useUpdateTemplate } from '../../assessments';
import { DepartmentSelect, useActiveDepartments } from '../../departments';
import { useProfile } from '../../profile';
import { initialReviewSettings, ReviewSettingsField } from '../../review';
import {
  initialProjectChoice,
  projectChoiceError,
  StarterProjectField,
  starterProjectInput,
  uploadTemplateProject,
} from '../../test-runs';
import {
  defaultDepartment,
  durationOptions,
  emptyTemplateValues,
  type TemplateFormValues,
  templateValues,
  toTemplateInput,
  validateTemplate,
} from '../lib/template-form';
import { RecruiterChecklist } from './recruiter-checklist';
import { TaskRows } from './task-rows';

/** A refusal's field issues: those of the AI tab (without their aiReview. prefix) and the rest. */
function splitIssues(error: unknown) {
  const issues = error instanceof ApiError ? issuesToFormErrors(error.issues) : {};
  const aiReview: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    if (path.startsWith('aiReview.')) aiReview[path.slice('aiReview.'.length)] = message;
    else rest[path] = message;
  }
  return { aiReview, rest };
}

type TemplateFormProps = {
  /** null: a new template. */
  template: Template | null;
  initialValues: TemplateFormValues;
  onDone: () => void;
};

function TemplateForm({ template, initialValues, onDone }: TemplateFormProps) {
  const { t } = useTranslation('admin-settings');
  const { t: tAi } = useTranslation('ai-admin');
  const form = useForm<TemplateFormValues>({ initialValues, validate: validateTemplate });
  const ai = useNewTemplateAiForm();
  const [tab, setTab] = useState('details');
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [error, setError] = useState<string | null>(null);
  // Test runs feature: the starter project, and a zip uploaded once the template is saved.
  const [project, setProject] = useState(initialProjectChoice(template));
  const [projectError, setProjectError] = useState<string | null>(null);
  const [review, setReview] = useState(initialReviewSettings(template ?? null));
  const [uploading, setUploading] = useState(false);
  const saving = create.isPending || update.isPending || uploading;
  const afterSave = async (id: string) => {
    if (project.choice !== 'upload' || !project.file) return true;
    setUploading(true);
    try {
      await uploadTemplateProject(id, project.file);
      return true;
    } catch (e) {
      setProjectError(errorMessage(e));
      return false;
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      setProjectError(projectChoiceError(project));
      if (projectChoiceError(project)) return;
      // A new template's AI tab goes with it once the admin changed it, checked by the same rules.
      const withAi = !template && ai.isDirty();
      if (withAi && ai.validate().hasErrors) {
        setTab('ai');
        setError(tAi('template.fix'));
        return;
      }
      const input = { ...toTemplateInput(values), ...starterProjectInput(project), ...review };
      if (template) {
        update.mutate(
          { id: template.id, ...input },
          {
            onSuccess: async (saved) => {
              if (!(await afterSave(saved.id))) return;
              notifications.show({
                color: 'green',
                message: t('form.saved', { title: saved.title }),
              });
              onDone();
            },
            // An edit can fail for a reason worth reading (e.g. the template was deleted).
            onError: (e) => setError(errorMessage(e)),
          },
        );
      } else {
        create.mutate(withAi ? { ...input, aiReview: ai.getValues() } : input, {
          onSuccess: async (saved) => {
            if (!(await afterSave(saved.id))) {
              // The template exists (with the default project): say so rather than create it twice.
              notifications.show({
                color: 'red',
                message: t('form.createdWithoutProject', { title: saved.title }),
              });
              onDone();
              return;
            }
            notifications.show({
              color: 'green',
              message: t('form.created', { title: saved.title }),
            });
            onDone();
          },
          onError: (e) => {
            // Refused as a whole: each field issue goes beside its field, on its tab.
            const { aiReview, rest } = splitIssues(e);
            if (Object.keys(aiReview).length > 0) {
              ai.setErrors(translateErrors(aiReview));
              setTab('ai');
            }
            if (Object.keys(rest).length > 0) form.setErrors(translateErrors(rest));
            const fields = Object.keys(aiReview).length + Object.keys(rest).length;
            setError(fields > 0 ? tAi('template.fix') : t('form.createFailed'));
          },
        });
      }
    },
    // The template's own fields are checked first: show them.
    () => setTab('details'),
  );

  const details = (
    <>
      <TextInput label={t('form.title')} required {...form.getInputProps('title')} data-autofocus />
      <TextInput label={t('form.role')} required {...form.getInputProps('roleName')} />
      <Textarea
        label={t('form.description')}
        description={t('form.optional')}
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <DepartmentSelect
        required
        current={template?.department ?? null}
        {...form.getInputProps('department')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} verticalSpacing="md">
        <NativeSelect
          label={t('form.duration')}
          data={durationOptions((hours) => t('duration', { count: hours }))}
          {...form.getInputProps('durationHours')}
        />
        <Switch
          label={t('form.active')}
          description={t('form.activeHint')}
          mt={{ xs: 'xl' }}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <ReviewSettingsField value={review} onChange={setReview} />
      <RecruiterChecklist
        value={form.values.authorizedRecruiters}
        onChange={(ids) => form.setFieldValue('authorizedRecruiters', ids)}
      />
      <StarterProjectField
        template={template}
        value={project}
        onChange={setProject}
        error={projectError}
      />
      <Switch
        label={t('form.editTests')}
        description={t('form.editTestsHint')}
        {...form.getInputProps('candidatesMayEditTests', { type: 'checkbox' })}
      />
      <Divider />
      <TaskRows form={form} />
    </>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {template ? (
          details
        ) : (
          // A new template's AI-assisted review is chosen here and saved with it.
          <Tabs value={tab} onChange={(value) => setTab(value ?? 'details')}>
            <Tabs.List mb="md">
              <Tabs.Tab value="details">{tAi('template.detailsTab')}</Tabs.Tab>
              <Tabs.Tab value="ai">{tAi('template.aiTab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <Stack gap="md">{details}</Stack>
            </Tabs.Panel>
            <Tabs.Panel value="ai">
              <TemplateAiFields form={ai} />
            </Tabs.Panel>
          </Tabs>
        )}
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {template ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new template starts from the General tab's saved default duration. */
function CreateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('admin-settings');
  const settings = useSettings();
  const departments = useActiveDepartments();
  const profile = useProfile();
  if (settings.isPending || departments.isPending || profile.isPending) {
    return <LoadingText text={t('settings.loading')} />;
  }
  // Without the setting the form still works, on the product default.
  const hours = settings.data?.defaultDurationHours ?? DEFAULT_DURATION_HOURS;
  const department = defaultDepartment(departments.data ?? [], profile.data?.details.department);
  return (
    <TemplateForm
      template={null}
      initialValues={emptyTemplateValues(hours, department)}
      onDone={onDone}
    />
  );
}

/** Editing: the template itself, and its AI-assisted review (saved on its own). */
function EditTabs({ template, onDone }: { template: Template; onDone: () => void }) {
  const { t } = useTranslation('ai-admin');
  return (
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="details">{t('template.detailsTab')}</Tabs.Tab>
        <Tabs.Tab value="ai">{t('template.aiTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">
        <TemplateForm
          key={template.id}
          template={template}
          initialValues={templateValues(template)}
          onDone={onDone}
        />
      </Tabs.Panel>
      <Tabs.Panel value="ai">
        <TemplateAiSettings
          templateId={template.id}
          templateTitle={template.title}
          onDone={onDone}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

type TemplateFormModalProps = { opened: boolean; template: Template | null; onClose: () => void };

/** Create New Assessment, and the same form filled in to edit a template. */
export function TemplateFormModal({ opened, template, onClose }: TemplateFormModalProps) {
  const { t } = useTranslation('admin-settings');
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
      opened={opened}
      onClose={onClose}
      title={template ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      fullScreen={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {template ? (
        <EditTabs template={template} onDone={onClose} />
      ) : (
        <CreateForm onDone={onClose} />
      )}
    </Modal>
  );
}
