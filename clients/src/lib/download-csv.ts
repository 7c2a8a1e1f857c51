import { ApiError } from './api-client';
import { currentToken } from './session.store';

/**
 * Fetches a CSV route with the session's token and saves the answer; the file is named by
 * `fileNameOf` from the answer's Content-Disposition (null when it sent none). A refusal throws
 * an ApiError with the server's text, so the caller can show its message.
 */
export async function downloadCsv(path: string, fileNameOf: (contentDisposition: string | null) => string): Promise<void> {
  const token = currentToken();
  const response = await fetch(path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
