import { formatPlantDateTime } from '@plantride/schemas';

/** Times on every screen: en-IN on the plant's clock, 'N/A' when missing, 'Invalid Date' when unreadable (SPEC §2). */
export const formatDateTime = formatPlantDateTime;
