/**
 * English for the daily vehicle inspection: the driver's inspection screen and the staff's checklists. The
 * source; Marathi (inspection.mr.ts) and Hindi (inspection.hi.ts) have exactly these keys. Reached as
 * `inspection.*`.
 */
export const inspectionEn = {};
