/**
 * English for the staff's site screens: the source; Marathi (site.mr.ts) and Hindi (site.hi.ts) have
 * exactly these keys. Reached as `staff.site.*`.
 */
export const staffSiteEn = {};
