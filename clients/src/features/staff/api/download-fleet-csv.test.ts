import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { downloadFleetCsv, fleetCsvFileName } from './download-fleet-csv';
import { recordDownloads, type SavedDownload } from '../../../test/saved-downloads';

const CSV =
  'VEHICLE,VEHICLE_TYPE,BREAKDOWNS,OPERATING_HOURS,MTBF_HOURS,MTTR_HOURS,DOWNTIME_HOURS,INSPECTION_COMPLIANCE\r\nMH12 AB 1,Forklift,1,3.5,3.5,0.5,0.5,1\r\n';
const RANGE = { from: '2026-03-01', to: '2026-03-07', vehicleType: 'Crane' };

describe('Download CSV on the Fleet panel', () => {
  let saved: SavedDownload[];

  beforeEach(() => {
    saved = recordDownloads();
  });
  afterEach(() => {
    useSession.setState({ user: null });
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("given the page's range and type, when the CSV is downloaded, then the server is asked for them with the bearer token and its bytes are saved", async () => {
    useSession.setState({ user: { jwt_token: 'tok-1' } as never });
    const fetch = vi.fn(
      async () =>
        new Response(CSV, {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="fleet_reliability_2026-03-01_2026-03-07.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);

    await downloadFleetCsv(RANGE);

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url.split('?')[0]).toBe('/api/kpis/fleet.csv');
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toEqual(RANGE);
    expect(init.headers).toEqual({ authorization: 'Bearer tok-1' });
    expect(saved.map((s) => s.name)).toEqual(['fleet_reliability_2026-03-01_2026-03-07.csv']);
    expect(await saved[0]!.blob.text()).toBe(CSV);
  });

  it('given no usable name from the server, then the file is named after the range', () => {
    expect(fleetCsvFileName(null, RANGE)).toBe('fleet_reliability_2026-03-01_2026-03-07.csv');
    expect(fleetCsvFileName('attachment; filename="../../evil.csv"', RANGE)).toBe('fleet_reliability_2026-03-01_2026-03-07.csv');
  });

  it('given the server refuses, when the CSV is downloaded, then it fails with the status and nothing is saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Forbidden"}', { status: 403 })),
    );
    await expect(downloadFleetCsv({ ...RANGE, vehicleType: '' })).rejects.toMatchObject({ status: 403 });
    await expect(downloadFleetCsv(RANGE)).rejects.toBeInstanceOf(ApiError);
    expect(saved).toEqual([]);
  });
});
