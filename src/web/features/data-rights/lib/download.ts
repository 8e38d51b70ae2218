import { errorSchema } from '../../../../domain/api';
import { ApiError } from '../../../api/http';

/** The file name of a Content-Disposition: attachment answer. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches a file from the API and hands it to the browser as a download (an object URL
 * clicked through a temporary link), so failures show as messages instead of a saved error page.
 * Returns the file's name.
 */
export async function downloadFile(
  path: string,
  init: { method?: 'GET' | 'POST'; json?: unknown } = {},
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        init.json === undefined
          ? { Accept: 'application/zip' }
          : { Accept: 'application/zip', 'Content-Type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  } catch {
    throw new ApiError('Could not reach the server. Check your connection.', 0);
  }
  if (!response.ok) {
    const parsed = errorSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(
      parsed.success ? parsed.data.message : response.statusText || 'The download failed',
      response.status,
      parsed.success ? (parsed.data.issues ?? []) : [],
      parsed.success ? { code: parsed.data.code, params: parsed.data.params } : {},
    );
  }
  const name = attachmentName(response.headers.get('content-disposition'), 'talentforge-data.zip');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
