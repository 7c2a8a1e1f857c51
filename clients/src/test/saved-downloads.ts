import { vi } from 'vitest';

export interface SavedDownload {
  name: string;
  blob: Blob;
}

/**
 * jsdom has no object URLs and does not download: this records what a click on a download link
 * would save (its file name and bytes) in the list it returns. Call it in beforeEach; vi.restoreAllMocks undoes it.
 */
export function recordDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}
