import type { Catalogue } from '../catalogue';

/** Marathi for the staff's machines screens. */
export const staffMachinesMr: Catalogue['staff']['machines'] = {};
