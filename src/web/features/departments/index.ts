// What other features may import from departments; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { useActiveDepartments } from './api/departments';
export { DepartmentSelect } from './components/department-select';
export { DepartmentsTab } from './components/departments-tab';
