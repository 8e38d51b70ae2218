import { projectSummarySchema } from '../../../../domain/test-runs';
import { apiFetch } from '../../../api/http';

/** PUT /api/templates/:id/project (admin): the zip's bytes as the body. */
export function uploadTemplateProject(templateId: string, file: File) {
  const name = file.name.replace(/\.zip$/i, '').slice(0, 100);
  return apiFetch(
    `/api/templates/${encodeURIComponent(templateId)}/project?name=${encodeURIComponent(name)}`,
    { method: 'PUT', body: file, schema: projectSummarySchema },
  );
}
