import { templated } from './message-template';
// Texts of SPEC §2, §4, §5 and §8, word for word: the spec is the contract, so never reword these.
export const MESSAGES = {
  // Screens and router
  pageNotFound: '404 - Page Not Found',
  unexpectedApplicationError: 'Unexpected Application Error!',
  createYourAccount: 'Create Your Account',
  typeOfBookingRequired: 'Type of Booking Required',
  selectRideType: 'Please select your ride type.',
  newRideBooked: 'A new ride has been booked!',
  yourRideHistory: 'Your Ride History',
  noRideHistoryFound: 'No ride history found',
  backToDashboard: 'Back to Dashboard',
  confirmTransportRequest: 'Confirm Transport Request',
  requestingTransport: 'Requesting transport...',
  waitingForNewDriver: 'Waiting for a new driver to get assigned...',
  confirmCancelRide: 'Are you sure you want to cancel this ride?',
  estimatedDeliveryTime: 'Estimated delivery time',
  scheduleSpecialTaskRide: 'Schedule Special Task Ride',
  noOngoingRide: 'No ongoing ride at the moment',
  topLatestRides: 'Top 3 Latest Rides',
  noClosestRides: 'No closest rides available',
  otherAvailableRides: 'Other Available Rides',
  noAdditionalRides: 'No additional rides available',
  takeOverRide: 'Take Over Ride',
  acceptRide: 'Accept Ride',
  processing: 'Processing...',
  completedRides: 'Completed Rides',
  noRideHistoryAvailable: 'No ride history available',
  notAvailable: 'N/A',
  invalidDate: 'Invalid Date',
  unknown: 'Unknown',
  vehicleUnderMaintenance: 'Vehicle Under Maintenance',
  vehicleBlockedByAdmin: 'Vehicle Blocked by Admin',
  requestVehicleMaintenance: 'Request Vehicle Maintenance',
  maintenanceRequests: 'Maintenance Requests',
  unnamedDriver: 'Unnamed Driver',
  addNewDriver: 'Add New Driver',
  addNewDriverInfo: 'Add New Driver Info',
  confirmChanges: 'Confirm Changes',
  confirmSaveChanges: 'Are you sure you want to save these changes?',

  // Live ride events
  vehicleBrokeDown: 'Vehicle broke down. Waiting for a new driver...',
  noAlternativeDrivers: 'No alternative drivers available. Please cancel or wait.',
  newDriverAssignedInfo: 'A new driver has been assigned. Your ride will continue shortly.',
  maintenanceCompletedVehicleActive: 'Maintenance completed. Your vehicle is now active.',

  // Validation: booking
  selectBothLocations: 'Please select both From and To locations.',
  selectBothLocationsSpecialTask: "Please select 'From' and 'To' locations.",
  sameLocations: 'From and To locations cannot be the same.',
  userNotFound: 'User not found',
  couldNotCheckDriverAssignment: 'Could not check driver assignment. Please try again.',
  couldNotVerifyDriverAssignment: 'Could not verify driver assignment. Please try again.',
  durationTooShort: 'Please select a time greater than 00h 00m',

  // Validation: maintenance request (driver)
  selectVehicleType: 'Please select a vehicle type.',
  enterMaintenanceComment: 'Please enter a comment for maintenance.',
  selectReasonAndBreakdown: 'Please select maintenance reason and breakdown type.',

  // Validation: maintenance head
  commentCannotBeEmpty: 'Comment cannot be empty',
  rejectionReasonRequired: 'Please provide a reason for rejection',
  breakdownTypeMandatory: 'Breakdown type selection is mandatory',
  driverIdMandatory: 'Driver ID input is mandatory',
  driverNameMandatory: 'Driver name input is mandatory',
  startDateMandatory: 'Start date is mandatory',
  endDateMandatory: 'End date is mandatory',
  fillMandatoryFields: 'Please fill in all mandatory fields before submitting.',
  filtersApplied: 'Filters applied successfully!',

  // Validation: driver form
  nameOnlyAlphabets: 'Name should contain only alphabets',
  invalidMobile: 'Please enter a valid 10 digits mobile number',
  invalidVehicleNumber: 'Please enter a valid 2 digits vehicle number',
  fixValidationErrors: 'Please fix validation errors before saving.',

  // Validation: auth
  invalidTokenAndPassword: 'Please enter a valid token and password.',
  invalidCredentials: 'Please enter valid credentials.',

  // Errors: session and auth
  logoutFailed: 'Logout failed, please try again!',
  logoutSucceeded: 'You have been logged out successfully!',
  signupFailed: 'Signup failed.',
  serverErrorTryLater: 'Server error. Please try again later.',
  accountBlocked: 'Your account is blocked. Contact admin.',
  unknownRole: 'Unknown role. Contact admin.',
  loginFailed: 'Login failed.',
  unauthorizedAccess: 'Unauthorized access',
  notAuthorizedMaintenanceHead: 'You are not authorized to access Maintenance Head Dashboard.',

  // Errors: driver
  blockedCannotAccept: 'You are currently blocked and cannot accept rides.',
  failedToAcceptRide: 'Failed to accept ride.',
  failedToEndRide: 'Failed to end ride. Please try again.',
  failedToSubmitMaintenance: 'Failed to submit maintenance request',
  invalidParameters: 'Invalid parameters',

  // Errors: requester
  failedToBookRide: 'Failed to book ride.',
  errorBookingRide: 'Error booking ride.',
  failedToBookSpecialTask: 'Failed to book special task ride.',
  errorBookingSpecialTask: 'Error booking special task ride.',
  couldNotCancelRide: 'Could not cancel ride.',
  failedToCancelRide: 'Failed to cancel ride.',
  invalidUserId: 'Invalid User ID',

  // Errors: maintenance head and driver admin
  failedToUpdateComment: 'Failed to update comment',
  failedToAddDriver: 'Failed to add driver.',
  serverErrorSavingDriver: 'Server error while saving driver.',
  errorUpdatingDriver: 'An error occurred while updating the driver.',

  // Success
  rideAccepted: 'Ride accepted successfully!',
  redistributedRideAccepted: 'Redistributed ride accepted successfully! Continuing from previous state.',
  rideEnded: 'Ride ended successfully!',
  maintenanceSubmittedBlocked: 'Maintenance request submitted successfully! You are now blocked until maintenance is completed.',
  maintenanceSubmitted: 'Your maintenance request has been submitted.',
  rideMadeAvailable: 'This ride has been made available to other drivers with the same vehicle type.',
  requestCompletedDriverUnblocked: 'Request completed and driver has been unblocked automatically.',
  driverUpdated: 'Driver updated successfully!',
  signupSucceeded: 'Signup successful! Redirecting...',
} as const;

// Our additions: server answers the spec has no text for. Kept apart so nobody mistakes them for spec wording.
export const SERVER_MESSAGES = {
  conflict: 'This ride was changed by someone else. Reload and try again.',
  tooManySignInAttempts: 'Too many sign-in attempts. Try again later.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManySocketMessages: 'Too many messages on this connection; it was closed. Reload the page to reconnect.',
  authenticationRequired: 'Authentication required',
  forbidden: 'Forbidden',
  crossSiteRequestRefused: "This request did not come from PlantRide's own page and was refused. Open PlantRide itself and try again.",
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  internalError: 'Something went wrong. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable, please retry.',
  rideNotFound: 'Ride not found',
  driverNotFound: 'Driver not found',
  maintenanceRequestNotFound: 'Maintenance request not found',
  unknownLocation: 'Unknown location. Please select a location from the list.',
  // The site screen (issue #20): our own words, the spec has no such screen.
  placeNotFound: 'No such place on the site.',
  routeNeedsTwoPlaces: 'A route joins two different places.',
  offerDeclined: 'Offer declined; the ride goes to another driver.',
  // Rides booked for later (issue #20).
  scheduledInPast: 'Choose a time still to come for a ride booked for later.',
  scheduledTooFar: 'A ride can be booked for later today or tomorrow only.',
  invalidScheduledFor: 'scheduledFor must be an ISO 8601 date and time, e.g. 2026-03-01T14:30:00+05:30.',
  // Issue #32 item 2: the time of a driver's tap, sent with a step that waited on his phone.
  invalidDoneAt: 'doneAt must be an ISO 8601 date and time, e.g. 2026-03-01T09:30:00Z.',
  tooFewPlaces: 'The site needs at least two places in use; add another before retiring this one.',
  tokenAlreadyRegistered: 'This token number is already registered.',
  invalidOperatorId: 'Operator ID must be 4 to 5 characters.',
  driverAlreadyExists: 'A driver with this operator ID already exists.',
  rideNotAvailable: 'This ride is no longer available.',
  actionNotAllowed: "This action is not allowed in the ride's current state.",
  wrongVehicleType: 'This ride needs a different vehicle type.',
  invalidStatusChange: 'This status change is not allowed.',
  maintenanceDateRequired: 'A maintenance date is required to complete a request.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  rejectedCommentLocked: "A rejected request's comment is its rejection reason and cannot be changed.",
  signedUp: 'Signup successful.',
  signedIn: 'Login successful.',
  accessGranted: 'Access granted.',
  driverAdded: 'Driver added successfully.',
  driverAccessChanged: 'Driver access updated.',
  driverAlreadyBlocked: 'This driver is already blocked for maintenance.',
  driverNotActive: 'Your vehicle is marked Not Active by admin. You cannot take or carry out rides.',
  driverBlockedForMaintenance: 'Your vehicle is under maintenance. You cannot take or carry out rides until it is completed.',
  driverHasOngoingRide: 'You already have a ride in progress. Finish it before accepting another.',
  notYourVehicleType: 'You can only see rides of your own vehicle type.',
  historyRecordMatches: 'Ride history is kept from the ride itself; this record matches it.',
  historyRecordContradicts: 'This record does not match the ride.',
  rideBooked: 'Ride booked.',
  rideCancelled: 'Ride cancelled.',
  rideStepRecorded: 'Ride updated.',
  invalidReportDate: 'Dates must be real dates written dd/MM/yyyy.',
  reportEndBeforeStart: 'The end date cannot be before the start date.',
  invalidReportPage: 'Page must be a whole number of 1 or more.',
  invalidReportPageSize: 'Page size must be a whole number from 1 to 500.',
  invalidReportVehicleType: 'Vehicle type must be Forklift, Crane, AMR, Cherry Picker or Other.',
  invalidReportStatus: 'Unknown ride status.',
  invalidForkliftNumber: 'Forklift number must be 1 or 2 digits.',
  reportFilterTooLong: 'A filter value is too long.',
  kpiInvalidDate: 'Dates must be written dd/MM/yyyy (or yyyy-MM-dd).',
  kpiRangeReversed: 'The end date cannot be before the start date.',
  kpiRangeTooLong: 'Choose a date range of at most 366 days.',
  kpiUnknownVehicleType: 'Unknown vehicle type. Choose Forklift, Crane, AMR or Cherry Picker.',
  invalidAuditTime: 'Give the time as an ISO date and time, e.g. 2026-03-01T09:30:00Z (without a zone it is read as plant time).',
  invalidFeedPosition: 'from must be a store position: a whole number, 0 or more.',
  auditSessionEnded: 'Your session has ended.',
  rideWaitingTooLong: 'A ride has been waiting too long for a driver.',
  // The dispatcher board's alerts (issue #32 item 4).
  alertNotFound: 'There is no such alert.',
  alertAlreadyAcknowledged: 'This alert has already been acknowledged.',
  specialTaskOverdue: 'This special task has run past its booked time.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionEndedSignedOut: 'You signed out on another screen. Please sign in again.',
  sessionEndedRoleChanged: "The admin changed your account's role. Please sign in again.",
  sessionEndedDriverApproved: 'Your driver registration was approved. Please sign in again to start driving.',
  sessionEndedPasswordReset: 'Your password was reset. Please sign in with the new one.',
  invalidActivationCode: 'This code is not valid. Check it, or ask the admin for a new one.',
  signedUpPendingApproval:
    'Signup successful. Your driver account waits for the admin to approve it; until then you can sign in and book rides.',
  passwordReset: 'Password changed. Please sign in with your new password.',
  accessCodeIssued: 'A one-time code was issued. It is shown only now.',
  accessCodeNotShownAgain: 'This was already done; its one-time code is not shown again. Reset the code for a new one.',
  driverRegistrationApproved: 'Driver registration approved.',
  driverRegistrationRejected: 'Driver registration rejected.',
  noPendingRegistration: 'This account has no pending driver registration.',
  // Issue #34 item 4.
  unknownLanguage: 'Language must be en (English), mr (Marathi) or hi (Hindi).',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

/**
 * Messages with a name or number in them, each one template (message-template.ts): the API answers them
 * filled, and the client's catalogues translate them by key (issue #34 item 4).
 */
export const TEMPLATED_MESSAGES = {
  // To staff when a ride misses a service target (issue #20).
  rideNotAccepted: templated('Ride {{rideId}} ({{from}} → {{to}}) was not accepted within its target.', 'rideId', 'from', 'to'),
  urgentRideNotAccepted: templated(
    'Urgent ride {{rideId}} ({{from}} → {{to}}) was not accepted within its target.',
    'rideId',
    'from',
    'to',
  ),
  rideNotDelivered: templated('Ride {{rideId}} ({{from}} → {{to}}) was not delivered within its target.', 'rideId', 'from', 'to'),
  urgentRideNotDelivered: templated(
    'Urgent ride {{rideId}} ({{from}} → {{to}}) was not delivered within its target.',
    'rideId',
    'from',
    'to',
  ),
  noDriversAssigned: templated('No {{vehicle}} drivers are assigned. Please select another vehicle.', 'vehicle'),
  noDriversAssignedSpecialTask: templated(
    'No {{vehicleType}} drivers have been assigned yet. Please select another vehicle.',
    'vehicleType',
  ),
  // Filter fields are named with their first letter capitalised, e.g. 'Status is mandatory'.
  fieldMandatory: templated('{{field}} is mandatory', 'field'),
  newDriverAssigned: templated('New driver assigned: {{name}}', 'name'),
  apiError: templated('API Error {{status}}: {{body}}', 'status', 'body'),
  rideStatusTitle: templated('Ride Status for Ride ID: {{rideId}}', 'rideId'),
  // A booking naming a place the site no longer uses (issue #20).
  locationRetired: templated('{{name}} is no longer in use. Please select a location from the list.', 'name'),
  // A place's new name that another place already has (retired places keep theirs).
  placeNameTaken: templated('A place called {{name}} already exists.', 'name'),
  // A place's new name that reads as another place's, letter for look-alike letter (issue #31: a Cyrillic "а" in "main gate").
  placeNameLooksLike: templated('Place name looks the same as the place {{name}}; choose a name that reads differently.', 'name'),
  // Issue #32: what a driver is told when his maintenance request closes (maintenanceOutcomeNotice).
  completedInspectionDue: templated('Maintenance completed. Pass a vehicle inspection before taking rides again.'),
  rejected: templated('Your maintenance request was rejected. You can take rides again.'),
  rejectedInspectionDue: templated('Your maintenance request was rejected. Pass a vehicle inspection before taking rides again.'),
  rejectedBecause: templated('Your maintenance request was rejected: {{reason}}. You can take rides again.', 'reason'),
  rejectedBecauseInspectionDue: templated(
    'Your maintenance request was rejected: {{reason}}. Pass a vehicle inspection before taking rides again.',
    'reason',
  ),
} as const;

const T = TEMPLATED_MESSAGES;

/** To staff when a ride misses a service target (issue #20). */
export function serviceTargetMissed(
  ride: { rideId: string; priority: string; fromLocation: string; toLocation: string },
  target: 'accept' | 'deliver',
): string {
  const urgent = ride.priority === 'urgent';
  const message =
    target === 'accept' ? (urgent ? T.urgentRideNotAccepted : T.rideNotAccepted) : urgent ? T.urgentRideNotDelivered : T.rideNotDelivered;
  return message(ride.rideId, ride.fromLocation, ride.toLocation);
}

export const noDriversAssigned = (vehicle: string): string => T.noDriversAssigned(vehicle);

export const noDriversAssignedSpecialTask = (vehicleType: string): string => T.noDriversAssignedSpecialTask(vehicleType);

export const fieldMandatory = (field: string): string => T.fieldMandatory(field);

export const newDriverAssigned = (name: string): string => T.newDriverAssigned(name);

export const apiError = (status: number, body: string): string => T.apiError(status, body);

export const rideStatusTitle = (rideId: string): string => T.rideStatusTitle(rideId);

export const showingRecords = (shown: number, total: number): string => `Showing ${shown} of ${total} records`;

export const pageOf = (page: number, pages: number): string => `Page ${page} of ${pages}`;

// CSV and table gap cells read 'N mins'.
export const gapMinutes = (minutes: number): string => `${minutes} mins`;

export const locationRetired = (name: string): string => T.locationRetired(name);

export const placeNameTaken = (name: string): string => T.placeNameTaken(name);

export const placeNameLooksLike = (name: string): string => T.placeNameLooksLike(name);

/** Issue #32: the step a driver's vehicle still needs after his maintenance request closed. */
export const INSPECTION_BEFORE_RIDES = 'Pass a vehicle inspection before taking rides again.';

/**
 * Issue #32: what a driver is told when his maintenance request closes: what comes next, never
 * "active again" while a passed inspection must come first. A completion with nothing to wait for
 * keeps SPEC §2's 'Maintenance completed. Your vehicle is now active.'.
 */
export function maintenanceOutcomeNotice(outcome: {
  status: 'completed' | 'rejected';
  reason?: string | null;
  inspectionDue: boolean;
}): string {
  if (outcome.status === 'completed')
    return outcome.inspectionDue ? T.completedInspectionDue() : MESSAGES.maintenanceCompletedVehicleActive;
  const reason = outcome.reason?.trim().replace(/[.\s]+$/, '');
  if (!reason) return outcome.inspectionDue ? T.rejectedInspectionDue() : T.rejected();
  return outcome.inspectionDue ? T.rejectedBecauseInspectionDue(reason) : T.rejectedBecause(reason);
}
