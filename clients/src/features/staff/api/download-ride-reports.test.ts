import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plantDayOf } from '@plantride/schemas';
import { ApiError } from '../../../lib/api-client';
import { csvFileNameOf, downloadRideReports } from './download-ride-reports';
import { recordDownloads, type SavedDownload } from '../../../test/saved-downloads';

const CSV = 'Ride ID,From,To\r\nR1,"main gate, north",canteen\r\n';

describe('Download CSV on Ride Reports', () => {
  let saved: SavedDownload[];

  beforeEach(() => {
    saved = recordDownloads();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("given filters, when the CSV is downloaded, then the server is asked with the same filters and its bytes are saved under the server's dated name", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(CSV, {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="ride_reports_2026-03-02.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);

    await downloadRideReports({ vehicleType: 'Crane', from: '2026-03-01' });

    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(url.split('?')[0]).toBe('/api/reports/rides.csv');
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toEqual({ vehicleType: 'Crane', from: '01/03/2026' });
    expect(saved.map((s) => s.name)).toEqual(['ride_reports_2026-03-02.csv']);
    expect(await saved[0]!.blob.text()).toBe(CSV);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('given no usable name from the server, then the file is named with the plant day (ISO), even late in the UTC evening', () => {
    // 20:00 UTC on 1 March is already 2 March at the plant (UTC+5:30).
    expect(csvFileNameOf(null, new Date('2026-03-01T20:00:00Z'))).toBe('ride_reports_2026-03-02.csv');
    expect(csvFileNameOf('attachment; filename="../../evil.csv"', new Date('2026-03-01T10:00:00Z'))).toBe('ride_reports_2026-03-01.csv');
    expect(csvFileNameOf(null)).toBe(`ride_reports_${plantDayOf(new Date())}.csv`);
  });

  it('given the server refuses, when the CSV is downloaded, then it fails with the status and nothing is saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Too many requests"}', { status: 429 })),
    );

    const failure = downloadRideReports({ driverId: 'XD999' });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 429 });
    expect(saved).toEqual([]);
  });
});
