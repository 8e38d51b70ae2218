import { Select, type SelectProps } from '@mantine/core';
import { DEPARTMENT_TEXTS, departmentChoices } from '../../../../domain/departments';
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
  const departments = useActiveDepartments();
  const data = departmentChoices(departments.data ?? [], current);
  return (
    <Select
      label="Department"
      placeholder={departments.isPending ? DEPARTMENT_TEXTS.loading : DEPARTMENT_TEXTS.choose}
      nothingFoundMessage={DEPARTMENT_TEXTS.noneActive}
      {...props}
      data={data}
      error={
        props.error ??
        (departments.isError ? `${DEPARTMENT_TEXTS.failedLoad}. Reload to try again.` : undefined)
      }
    />
  );
}
