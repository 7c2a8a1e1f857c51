const RELEASE_KEY = 'scheduledReleaseAt';
const KEPT = 20;

function all(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RELEASE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * When a ride booked for later goes to drivers, as the booking's answer said: the history rows
 * carry when it is wanted (SCHEDULED_FOR) but not this, so it is kept per ride for a reload.
 */
export function rememberReleaseAt(rideId: string, releaseAt: string): void {
  const kept = Object.entries({ ...all(), [rideId]: releaseAt }).slice(-KEPT);
  localStorage.setItem(RELEASE_KEY, JSON.stringify(Object.fromEntries(kept)));
}

export function releaseAtOf(rideId: string): string | null {
  const value = all()[rideId];
  return typeof value === 'string' ? value : null;
}
