/** One row per account: who they are and what they may do. Never the password hash. */
export interface UsersTable {
  token_no: string;
  name: string;
  mobile: string;
  role: string;
  assigned_vehicle_type: string | null;
  is_blocked: boolean;
  /** A driver registration on the account: 'pending' (waits for the admin), 'approved' or 'rejected'; null when none. */
  driver_registration: string | null;
  created_at: Date;
  last_position: number;
}
