import type { Catalogue } from './catalogue';

/** Marathi for the daily vehicle inspection. */
export const inspectionMr: Catalogue['inspection'] = {};
