import type { Catalogue } from '../catalogue';

/** Marathi for the staff's site screens. */
export const staffSiteMr: Catalogue['staff']['site'] = {};
