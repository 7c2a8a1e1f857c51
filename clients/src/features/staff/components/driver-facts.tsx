import { Box } from '@mui/material';
import { MESSAGES, type DriverListRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';

/** The record's fields as label and value, in the edit form's order: what a driver record says, read at a glance. */
export function driverFactsOf(row: DriverListRow): [string, string][] {
  const or = (value: string, fallback: string = MESSAGES.notAvailable) => value.trim() || fallback;
  return [
    ['Driver Name', or(row.NAME, MESSAGES.unnamedDriver)],
    ['Vehicle Number', or(row.VEHICLE)],
    ['Mobile Number', or(row.MOBILE)],
    ['Sticker Number', or(row.FORKLIFT)],
    ['Status', row.STATUS],
    ['Blocked for maintenance', row.BLOCKED_FOR_MAINTENANCE === 1 ? 'Yes' : 'No'],
    ['Last inspection', row.LAST_INSPECTED_AT ? formatDateTime(row.LAST_INSPECTED_AT) : 'Never'],
    ['Comments', or(row.COMMENTS, '—')],
    ['Token Number', row.OPERATOR_ID],
    ['Created At', formatDateTime(row.CREATED_AT)],
    ['Vehicle Assigned', or(row.VEHICLE_TYPE, 'None')],
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
      {driverFactsOf(row).map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {term}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid={`fact-${term}`}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
