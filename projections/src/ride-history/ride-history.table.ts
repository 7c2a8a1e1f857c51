/**
 * Who a ride belongs to: its requester, and every driver who ever held it (a ride taken over after
 * a breakdown stays in the history of each driver it passed through). The ride itself is in `rides`.
 */
export interface RideHistoryTable {
  party_id: string;
  /** requester or driver */
  party_role: string;
  ride_id: string;
  /** When the ride was booked, for newest-first history pages. */
  requested_at: Date;
}
