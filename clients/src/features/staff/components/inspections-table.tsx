import { Button, TableCell, TableRow, Typography } from '@mui/material';
import type { InspectionRow } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { defectsText, driverLabel } from '../inspection-history';
import { InspectionResultChip } from './inspection-result-chip';
import { ScrollTable } from './scroll-table';

// The result right after the time: what a phone shows before the table is scrolled.
const HEADERS = ['time', 'result', 'driver', 'vehicle', 'type', 'defects', 'answers'] as const;
const cellSx = { whiteSpace: 'nowrap' } as const;

/** A page of inspections; a row (or its Open button) opens the answers. */
export function InspectionsTable({ rows, onOpen }: { rows: readonly InspectionRow[]; onOpen: (row: InspectionRow) => void }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>{t('staff.inspections.none')}</Typography>;
  return (
    <ScrollTable label={t('staff.inspections.table')} headers={HEADERS.map((header) => t(`staff.inspections.headers.${header}`))} stickyEnd>
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
              aria-label={t('staff.inspections.openLabel', { driver: driverLabel(row), time: formatDateTime(row.inspectedAt) })}
              onClick={(event) => {
                // The row opens it too; one open, not two.
                event.stopPropagation();
                onOpen(row);
              }}
            >
              {t('staff.inspections.open')}
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </ScrollTable>
  );
}
