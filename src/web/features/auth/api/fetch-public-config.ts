import { publicConfigSchema } from '../../../../domain/api';
import { apiFetch } from '../../../api/http';

/** GET /api/config, validated (this module brings zod: it is imported on demand). */
export const fetchPublicConfig = () => apiFetch('/api/config', { schema: publicConfigSchema });
