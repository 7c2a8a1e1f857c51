/** One row per account: who they are and what they may do. Never the password hash. */
export interface UsersTable {
  token_no: string;
  name: string;
  mobile: string;
  role: string;
  assigned_vehicle_type: string | null;
  is_blocked: boolean;
  created_at: Date;
  last_position: number;
}
