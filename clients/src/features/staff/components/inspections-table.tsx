import { Button, TableCell, TableRow, Typography } from '@mui/material';
import type { InspectionRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { defectsText, driverLabel } from '../inspection-history';
import { InspectionResultChip } from './inspection-result-chip';
import { ScrollTable } from './scroll-table';

// The result right after the time: what a phone shows before the table is scrolled.
const HEADERS = ['Time', 'Result', 'Driver', 'Vehicle', 'Type', 'Defects', 'Answers'];
const cellSx = { whiteSpace: 'nowrap' } as const;

/** A page of inspections; a row (or its Open button) opens the answers. */
export function InspectionsTable({ rows, onOpen }: { rows: readonly InspectionRow[]; onOpen: (row: InspectionRow) => void }) {
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>No inspections found</Typography>;
  return (
    <ScrollTable label="Inspections" headers={HEADERS} stickyEnd>
      {rows.map((row) => (
        <TableRow
          key={row.inspectionId}
          hover
          onClick={() => onOpen(row)}
          sx={{ cursor: 'pointer' }}
          data-testid={`inspection-${row.inspectionId}`}
        >
          <TableCell sx={cellSx}>{formatDateTime(row.inspectedAt)}</TableCell>
          <TableCell>
            <InspectionResultChip passed={row.passed} />
          </TableCell>
          <TableCell sx={cellSx}>{driverLabel(row)}</TableCell>
          <TableCell sx={cellSx}>{row.vehicleNumber || '—'}</TableCell>
          <TableCell sx={cellSx}>{row.vehicleType}</TableCell>
          <TableCell sx={{ ...cellSx, color: row.defects.length > 0 ? 'error.main' : undefined }}>{defectsText(row.defects)}</TableCell>
          <TableCell>
            <Button
              size="small"
              variant="outlined"
              aria-label={`Open the answers of ${driverLabel(row)} at ${formatDateTime(row.inspectedAt)}`}
              onClick={(event) => {
                // The row opens it too; one open, not two.
                event.stopPropagation();
                onOpen(row);
              }}
            >
              Open
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </ScrollTable>
  );
}
