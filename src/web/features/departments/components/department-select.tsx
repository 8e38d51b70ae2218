import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { departmentChoices } from '../../../../domain/departments';
import { useActiveDepartments } from '../api/departments';

type Props = Omit<SelectProps, 'data'> & {
  /** The department the template or job already has: kept in the list even when archived. */
  current?: string | null;
};

/**
 * The departments one may file a template or job under (the admin's list, live),
 * plus the one it already has. Values are names; the server resolves them.
 */
export function DepartmentSelect({ current, ...props }: Props) {
  const { t } = useTranslation('departments');
  const departments = useActiveDepartments();
  // Names are the admin's own words; only the archived mark is ours.
  const data = departmentChoices(departments.data ?? [], current).map((option) =>
    option.label === option.value
      ? option
      : { ...option, label: t('archivedOption', { name: option.value }) },
  );
  return (
    <Select
      label={t('label')}
      placeholder={departments.isPending ? t('loading') : t('choose')}
      nothingFoundMessage={t('noneActive')}
      {...props}
      data={data}
      error={props.error ?? (departments.isError ? t('selectFailed') : undefined)}
    />
  );
}
