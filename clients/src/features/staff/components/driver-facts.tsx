import { Box } from '@mui/material';
import type { DriverListRow } from '@plantride/schemas';
import { i18n } from '../../../i18n/i18n';
import { staffEn } from '../../../i18n/staff/en';
import { driverStatusLabel } from '../driver-form-rules';
import { formatDateTime } from '../../../lib/format-date';

/** One line of a driver record: `id` is its English term (the test id), `term` as the screen writes it now. */
export interface DriverFact {
  id: string;
  term: string;
  value: string;
}

/** The record's fields as label and value, in the edit form's order: what a driver record says, read at a glance. */
export function driverFactsOf(row: DriverListRow): DriverFact[] {
  const or = (value: string, fallback: string = i18n.t('messages.notAvailable')) => value.trim() || fallback;
  const fact = (key: keyof typeof staffEn.drivers.facts, value: string): DriverFact => ({
    id: staffEn.drivers.facts[key],
    term: i18n.t(`staff.drivers.facts.${key}`),
    value,
  });
  return [
    fact('name', or(row.NAME, i18n.t('messages.unnamedDriver'))),
    fact('vehicle', or(row.VEHICLE)),
    fact('mobile', or(row.MOBILE)),
    fact('sticker', or(row.FORKLIFT)),
    fact('status', driverStatusLabel(row.STATUS)),
    fact('blocked', row.BLOCKED_FOR_MAINTENANCE === 1 ? i18n.t('staff.common.yes') : i18n.t('staff.common.no')),
    fact('lastInspection', row.LAST_INSPECTED_AT ? formatDateTime(row.LAST_INSPECTED_AT) : i18n.t('staff.drivers.never')),
    fact('comments', or(row.COMMENTS, '—')),
    fact('tokenNo', row.OPERATOR_ID),
    fact('createdAt', formatDateTime(row.CREATED_AT)),
    fact('vehicleAssigned', or(row.VEHICLE_TYPE, i18n.t('staff.drivers.none'))),
  ];
}

/** View mode of a driver record: text, not disabled inputs (every value equally readable). */
export function DriverFacts({ row }: { row: DriverListRow }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(8rem, auto) 1fr', sm: 'repeat(2, minmax(9rem, auto) 1fr)' },
        columnGap: 2,
        rowGap: 1,
        m: 0,
        typography: 'body2',
      }}
    >
      {driverFactsOf(row).map(({ id, term, value }) => (
        <Box key={id} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {term}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid={`fact-${id}`}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
