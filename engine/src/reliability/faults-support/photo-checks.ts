import type { StoredEvent } from './store-checks';

/**
 * Issue #34: each photo the engine answered stored is served to staff afterwards (`token`, a staff
 * session), with its location stripped. One finding a photo that is not.
 */
export async function photoFindings(url: string, token: string, photoIds: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const photoId of photoIds) {
    const answer = await fetch(`${url}/api/photos/${photoId}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (answer.status !== 200) findings.push(`photo ${photoId}: ${answer.status}`);
    else if (bytes.includes('Exif') || bytes.includes('GPSLatitude')) findings.push(`photo ${photoId} kept its location`);
  }
  return findings;
}

/** Issue #34: each ride's breakdown report (MaintenanceRequested) names the photos it was filed with. */
export function unnamedPhotos(events: readonly StoredEvent[], photos: ReadonlyArray<{ rideId: string; photoId: string }>): string[] {
  return photos
    .filter(({ rideId, photoId }) =>
      events.every(
        (e) =>
          e.type !== 'MaintenanceRequested' ||
          e.data.rideId !== rideId ||
          !((e.data.photoIds as string[] | undefined) ?? []).includes(photoId),
      ),
    )
    .map(({ rideId, photoId }) => `ride ${rideId}: no MaintenanceRequested names photo ${photoId}`);
}
