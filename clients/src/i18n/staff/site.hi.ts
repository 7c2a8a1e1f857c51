import type { Catalogue } from '../catalogue';

/** Hindi for the staff's site screens. */
export const staffSiteHi: Catalogue['staff']['site'] = {};
