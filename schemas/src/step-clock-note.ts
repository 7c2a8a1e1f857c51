import { templated } from './message-template';

/** What an auditor reads under a driver's step: its clock and its scan (issue #32 item 2, issue #34 item 2). */
export const STEP_NOTES = {
  tapTimeRefused: templated(
    "The phone's time for the tap, {{tappedAt}}, was not used ({{reason}}): timed when the engine heard it",
    'tappedAt',
    'reason',
  ),
  heardFromQueue: templated("Timed at the tap; sent from the phone's queue and heard {{heardAt}}", 'heardAt'),
  notScanned: templated('Not scanned at {{place}}: override, "{{reason}}"', 'place', 'reason'),
  scannedTyped: templated('Scanned at {{place}} (code typed)', 'place'),
  scannedCamera: templated('Scanned at {{place}} (camera)', 'place'),
} as const;

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
  if (typeof tapRefused === 'string' && typeof tappedAt === 'string') return STEP_NOTES.tapTimeRefused(time(tappedAt), tapRefused);
  if (typeof heardAt === 'string') return STEP_NOTES.heardFromQueue(time(heardAt));
  return null;
}
