import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSidewaysOverflow } from '../../../components/use-sideways-overflow';

/** The last column's cells stay at the right edge while the table scrolls under them: a row's actions. */
const STICKY_LAST_COLUMN = {
  '& tr > :last-child': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    // A collapsed table's borders stay behind when a cell sticks, so the dividing line is a shadow.
    boxShadow: 'inset 1px 0 0 rgba(0, 0, 0, 0.12)',
  },
} as const;

/**
 * A table that scrolls sideways inside its own focusable box, so a phone page never does.
 * The box is positioned so that text hidden for screen readers (absolutely placed) is clipped by it too.
 * With `stickyEnd`, the last column stays in view. While columns are hidden to the right, a hint above says so.
 */
export function ScrollTable({
  label,
  headers,
  stickyEnd = false,
  children,
}: {
  label: string;
  headers: readonly string[];
  stickyEnd?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [box, hidesColumns] = useSidewaysOverflow<HTMLDivElement>();
  return (
    <>
      {/* Said only while columns sit past the right edge: gone once scrolled to the end or when all fit. */}
      {hidesColumns && (
        <Typography variant="body2" color="text.secondary" data-testid="scroll-hint">
          {t('staff.fleet.scrollHint')}
        </Typography>
      )}
      <TableContainer
        component={Paper}
        variant="outlined"
        role="region"
        tabIndex={0}
        aria-label={t('staff.fleet.scrollsSideways', { label })}
        sx={{ position: 'relative' }}
        ref={box}
      >
        <Table size="small" aria-label={label} sx={stickyEnd ? STICKY_LAST_COLUMN : undefined}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
