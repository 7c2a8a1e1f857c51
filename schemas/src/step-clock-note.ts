/**
 * What an auditor reads of a step's clock (issue #32 item 2: heardAt, tappedAt, tapRefused of a step
 * event's data), or null for a step timed when it was heard with no time from the phone. `time` formats
 * an ISO instant (the screen's or the CLI's way).
 */
export function stepClockNote(
  data: { heardAt?: unknown; tappedAt?: unknown; tapRefused?: unknown },
  time: (iso: string) => string,
): string | null {
  const { heardAt, tappedAt, tapRefused } = data;
  if (typeof tapRefused === 'string' && typeof tappedAt === 'string')
    return `The phone's time for the tap, ${time(tappedAt)}, was not used (${tapRefused}): timed when the engine heard it`;
  if (typeof heardAt === 'string') return `Timed at the tap; sent from the phone's queue and heard ${time(heardAt)}`;
  return null;
}
