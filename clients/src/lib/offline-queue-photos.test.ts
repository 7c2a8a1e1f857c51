import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MESSAGES } from '@plantride/schemas';
import { enqueue, flushQueue, useOfflineQueue, type QueueOutcome } from './offline-queue';
import { dataUrlToBlob, withoutPhoto } from './photo-upload';

interface Sent {
  url: string;
  method: string;
  type: string | null;
  body: unknown;
}

// 'FF D8 FF E0': the first bytes of a JPEG, as a data URL the phone keeps.
const JPEG = `data:image/jpeg;base64,${btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0))}`;
const PHOTO_A = '0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f';
const PHOTO_B = '1c8e4b63-7d2f-4e9b-8a21-3b4c5d6e7f80';

/** Stubs fetch: each call takes the next status ('drop': the connection fails), 200 once they run out. */
function server(...replies: ('drop' | number)[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const type = new Headers(init.headers).get('content-type');
      const body =
        init.body instanceof Blob ? [...new Uint8Array(await init.body.arrayBuffer())] : (JSON.parse(String(init.body)) as unknown);
      sent.push({ url, method: init.method ?? 'GET', type, body });
      const reply = replies.shift() ?? 200;
      if (reply === 'drop') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply < 400 ? { position: 40 + sent.length } : { message: PHOTO_MESSAGES.notJpeg }), {
        status: reply,
      });
    }),
  );
  return sent;
}

const photo = (id: string) =>
  enqueue({
    owner: 'D100',
    method: 'PUT',
    path: `/api/photos/${id}`,
    body: {},
    label: 'Photo',
    tag: `photo:${id}`,
    doneMessage: 'Photo sent.',
    photo: { id, jpeg: JPEG },
  });
const report = () =>
  enqueue({
    owner: 'D100',
    method: 'POST',
    path: '/api/requests/maintenanceReq',
    body: { driver_id: 'D100', issue: 'Engine Issue', photo_ids: [PHOTO_A, PHOTO_B] },
    label: 'Maintenance request',
    tag: 'maintenance:D100',
    doneMessage: 'sent',
  });

async function flushed(): Promise<QueueOutcome[]> {
  const outcome = flushQueue('D100');
  await vi.runAllTimersAsync();
  return outcome;
}

describe('photos in the offline queue (issue #34)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useOfflineQueue.setState({ commands: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('given two photos and the report that names them queued offline, then the photos go up first as JPEG bodies, then the report', async () => {
    photo(PHOTO_A);
    photo(PHOTO_B);
    report();
    const sent = server();
    const outcomes = await flushed();
    expect(sent.map((s) => [s.method, s.url, s.type])).toEqual([
      ['PUT', `/api/photos/${PHOTO_A}`, 'image/jpeg'],
      ['PUT', `/api/photos/${PHOTO_B}`, 'image/jpeg'],
      ['POST', '/api/requests/maintenanceReq', 'application/json'],
    ]);
    expect(sent[0]!.body).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(sent[2]!.body).toMatchObject({ photo_ids: [PHOTO_A, PHOTO_B] });
    expect(outcomes.every((outcome) => outcome.sent)).toBe(true);
    expect(useOfflineQueue.getState().commands).toEqual([]);
  });

  it('given the network drops on a photo, then it and the report stay queued for the next try', async () => {
    photo(PHOTO_A);
    report();
    server('drop', 'drop', 'drop');
    expect(await flushed()).toEqual([]);
    expect(useOfflineQueue.getState().commands).toHaveLength(2);
  });

  it('given the engine refuses a photo, then the report still goes, without that photo', async () => {
    photo(PHOTO_A);
    photo(PHOTO_B);
    report();
    const sent = server(415);
    const outcomes = await flushed();
    expect(outcomes.map((outcome) => outcome.sent)).toEqual([false, true, true]);
    expect(outcomes[0]).toMatchObject({ message: PHOTO_MESSAGES.notJpeg });
    expect(sent[2]!.body).toMatchObject({ photo_ids: [PHOTO_B] });
  });
});

describe('photo helpers', () => {
  it('given a body naming photos at any depth, then withoutPhoto takes the one out and leaves the rest', () => {
    const body = { photo_ids: [PHOTO_A, PHOTO_B], items: [{ id: 'brakes', photoIds: [PHOTO_A] }, { id: 'horn' }], note: PHOTO_A };
    expect(withoutPhoto(body, PHOTO_A)).toEqual({
      photo_ids: [PHOTO_B],
      items: [{ id: 'brakes', photoIds: [] }, { id: 'horn' }],
      note: PHOTO_A,
    });
  });

  it('given a data URL, then its bytes come back as a JPEG blob', async () => {
    const blob = dataUrlToBlob(JPEG);
    expect(blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
  });
});
