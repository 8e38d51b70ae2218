import { describe, expect, it } from 'vitest';
import {
  departmentChangeSchema,
  departmentChoices,
  departmentNameSchema,
  inUseMessage,
  nameKey,
  usageText,
} from './departments';

describe('department names', () => {
  it('are trimmed with inner spaces made one, 1 to 60 characters, no control characters', () => {
    expect(departmentNameSchema.parse('  Customer   Success ')).toBe('Customer Success');
    expect(departmentNameSchema.safeParse('   ').success).toBe(false);
    expect(departmentNameSchema.safeParse('x'.repeat(61)).success).toBe(false);
    expect(departmentNameSchema.safeParse(`  ${'x'.repeat(60)}  `).success).toBe(true);
    expect(departmentNameSchema.safeParse('a\tb').success).toBe(false);
    expect(nameKey(' Data  SCIENCE ')).toBe(nameKey('data science'));
  });

  it('a change renames, archives or both, but says something', () => {
    expect(departmentChangeSchema.safeParse({}).success).toBe(false);
    expect(departmentChangeSchema.safeParse({ archived: true }).success).toBe(true);
    expect(departmentChangeSchema.safeParse({ archived: 'yes' }).success).toBe(false);
  });
});

describe('what uses a department', () => {
  it('is told in words', () => {
    expect(usageText({ templates: 0, jobs: 0, admins: 0 })).toBeNull();
    expect(usageText({ templates: 1, jobs: 0, admins: 0 })).toBe('1 template');
    expect(usageText({ templates: 2, jobs: 3, admins: 1 })).toBe(
      '2 templates, 3 jobs and 1 admin profile',
    );
    expect(inUseMessage('Sales', { templates: 0, jobs: 1, admins: 0 })).toBe(
      '“Sales” cannot be deleted: 1 job uses it. Move them to another department or archive it instead.',
    );
  });
});

describe('form choices', () => {
  const active = [
    { id: 'a', name: 'Design' },
    { id: 'b', name: 'Sales' },
  ];
  it('are the active departments, plus the archived one a record already has', () => {
    expect(departmentChoices(active, null).map((c) => c.value)).toEqual(['Design', 'Sales']);
    expect(departmentChoices(active, 'sales')).toHaveLength(2);
    expect(departmentChoices(active, 'Legacy').at(-1)).toEqual({
      value: 'Legacy',
      label: 'Legacy (archived)',
    });
  });
});
