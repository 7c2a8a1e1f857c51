import type { Catalogue } from './catalogue';

/** Hindi for the daily vehicle inspection. */
export const inspectionHi: Catalogue['inspection'] = {};
