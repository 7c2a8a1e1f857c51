import type { Catalogue } from '../catalogue';

/** Hindi for the staff's machines screens. */
export const staffMachinesHi: Catalogue['staff']['machines'] = {};
