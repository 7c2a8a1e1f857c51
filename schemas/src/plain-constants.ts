// Constants the web client's sign-in path reads, in a module without zod so /signin loads without it.
// constants.ts re-exports them; import them from the package as before.

export const VEHICLE_TYPES = ['Forklift', 'Crane', 'AMR', 'Cherry Picker'] as const;

export const ROLES = ['requester', 'driver', 'admin', 'maintenanceHead'] as const;

/** The languages PlantRide's screens speak (issue #34 item 4): English, Marathi, Hindi. */
export const LANGUAGES = ['en', 'mr', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Numeric business limits of SPEC §9; durations are milliseconds unless the key says otherwise. */
export const LIMITS = {
  tokenMinLength: 4,
  tokenMaxLength: 5,
  passwordMinLength: 4,
  mobileDigits: 10,
  stickerMaxDigits: 2,
  routeMinMinutes: 3,
  routeMaxMinutes: 11,
  topLatestRides: 3,
  otherAvailableRides: 10,
  reportsPageSize: 15,
  // The spec also reads 10 rows per page for the other reports screen.
  reportsAltPageSize: 10,
  reportColumns: 20,
  reportGapDecimals: 2,
  durationMaxHours: 1,
  durationMaxMinutes: 59,
  durationPickerRowHeight: 40,
  progressBarStep: 10,
  progressBarMax: 100,
  progressBarTickMs: 1000,
  confettiMs: 3000,
  confettiPieces: 400,
  maintenanceModalCloseMs: 1500,
  reassignmentNoticeMs: 3000,
  requesterPollingMs: 10_000,
  resetAfterRideEndMs: 5000,
  endRideDelayMs: 2000,
  // The spec's socket gave up after 5 attempts; PlantRide's keeps trying while the page is open,
  // waiting 1 s, 2 s, 4 s... between attempts but never more than the cap (docs/DECISIONS.md).
  socketReconnectionDelayMs: 1000,
  socketReconnectionDelayMaxMs: 3000,
  socketTimeoutMs: 5000,
  maintenanceListRefreshMs: 30_000,
  toastRequesterAutoCloseMs: 5000,
  toastAutoCloseMs: 3000,
  redirectAfterSignupMs: 1000,
  chunkLoadTimeoutMs: 120_000,
  trackerStepsDashboard: 4,
  trackerStepsBooking: 6,
} as const;
