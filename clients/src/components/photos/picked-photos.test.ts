import { describe, expect, it } from 'vitest';
import { canAddPhoto, notYetUploaded, reportPhotoIds, stillUploading, type PickedPhoto } from './picked-photos';
import { shrunkSize } from './shrink-photo';

const photo = (id: string, state: PickedPhoto['state']): PickedPhoto => ({ id, jpeg: 'data:image/jpeg;base64,', state });

describe('photos a driver takes (issue #34)', () => {
  it('given a camera photo, then it is drawn at most 1,600 px on its long side, its shape kept, never enlarged', () => {
    expect(shrunkSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(shrunkSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(shrunkSize(10000, 1)).toEqual({ width: 1600, height: 1 });
  });

  it('given photos in every state, then a report names all but the refused, waits for the uploading, and queues the unsent', () => {
    const photos = [photo('a', 'uploaded'), photo('b', 'uploading'), photo('c', 'waiting'), photo('d', 'failed')];
    expect(reportPhotoIds(photos)).toEqual(['a', 'b', 'c']);
    expect(stillUploading(photos)).toBe(true);
    expect(stillUploading([photo('a', 'uploaded'), photo('c', 'waiting')])).toBe(false);
    expect(notYetUploaded(photos).map((one) => one.id)).toEqual(['b', 'c']);
  });

  it('given three photos, then no fourth can be added', () => {
    expect(canAddPhoto([photo('a', 'uploaded'), photo('b', 'uploaded')])).toBe(true);
    expect(canAddPhoto([photo('a', 'uploaded'), photo('b', 'uploaded'), photo('c', 'failed')])).toBe(false);
  });
});
