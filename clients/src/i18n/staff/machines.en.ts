/**
 * English for the staff's machines screens: the source; Marathi (machines.mr.ts) and Hindi (machines.hi.ts) have
 * exactly these keys. Reached as `staff.machines.*`.
 */
export const staffMachinesEn = {};
