import { ROLES, type Role } from '../../../../domain/constants';
import { MAX_USER_PAGE, USER_STATUSES, type UserStatus } from '../../../../domain/users';

/** Manage Users' filters; they live in the address so a filtered list can be shared. */
export interface UserFilters {
  q: string;
  role: Role | '';
  status: UserStatus | '';
  page: number;
}

export function userFiltersFromParams(params: URLSearchParams): UserFilters {
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_USER_PAGE ? page : 1,
  };
}

export function userFilterParams(f: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.role) params.set('role', f.role);
  if (f.status) params.set('status', f.status);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}
