import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { REPORT_VEHICLE_FILTER_OPTIONS, RIDE_STATUSES, RIDE_STATUS_FILTERS } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { PlantDateField } from '../../../components/plant-date-field';
import { useSearchText } from '../../../lib/use-search-text';
import { stickerInput } from '../driver-form-rules';
import {
  FILTER_BY_KEYS,
  FILTER_BY_OPTIONS,
  filterByLabel,
  filterLabel,
  PRIORITY_FILTER_OPTIONS,
  SLA_FILTER_OPTIONS,
  type FilterBy,
  type ReportFilterKey,
  type ReportFilters,
} from '../report-filters';

interface Props {
  filters: ReportFilters;
  onChange: (patch: Partial<ReportFilters>) => void;
}

const STATUS_OPTIONS = [...RIDE_STATUS_FILTERS, ...RIDE_STATUSES.filter((s) => !(RIDE_STATUS_FILTERS as readonly string[]).includes(s))];
const SEARCHED: readonly ReportFilterKey[] = ['vehicleNumber', 'forkliftNumber', 'driverId', 'driverName'];
const fieldSx = { minWidth: { xs: '100%', sm: 220 } };

/** The search bar: what is typed goes to the server once typing pauses, so each key press is not a query. */
function SearchBar({
  label,
  value,
  sticker,
  onSearch,
}: {
  label: string;
  value: string;
  sticker: boolean;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { text, setText, flush } = useSearchText(value, onSearch);
  return (
    <TextField
      size="small"
      type="search"
      label={t('staff.reports.search', { label })}
      value={text}
      onChange={(e) => setText(sticker ? stickerInput(e.target.value) : e.target.value)}
      // Leaving the bar sends what was typed at once: a search still waiting must not fire after
      // the user clicked on (a ride id), and take him back here.
      onBlur={flush}
      slotProps={{ htmlInput: sticker ? { inputMode: 'numeric' } : undefined }}
      sx={fieldSx}
    />
  );
}

/** Filter-by dropdown (SPEC §2) and the input for the chosen filter; every filter set stays until cleared. */
export function ReportFilterControls({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const [filterBy, setFilterBy] = useState<FilterBy>('None');
  const [key] = FILTER_BY_KEYS[filterBy] as [ReportFilterKey | undefined];
  // The search bar searches the chosen text filter, and driver names otherwise.
  const searched = key && SEARCHED.includes(key) ? key : 'driverName';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
      <TextField
        select
        size="small"
        label={t('staff.reports.filterBy')}
        value={filterBy}
        onChange={(e) => setFilterBy(e.target.value as FilterBy)}
        sx={fieldSx}
      >
        {FILTER_BY_OPTIONS.map((option) => (
          <MenuItem key={option} value={option}>
            {filterByLabel(option)}
          </MenuItem>
        ))}
      </TextField>
      {filterBy === 'Vehicle Type' && (
        <TextField
          select
          size="small"
          label={filterLabel('vehicleType')}
          value={filters.vehicleType ?? ''}
          onChange={(e) => onChange({ vehicleType: e.target.value })}
          sx={fieldSx}
        >
          {REPORT_VEHICLE_FILTER_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
      {filterBy === 'Status' && (
        <TextField
          select
          size="small"
          label={filterLabel('status')}
          value={filters.status ?? ''}
          onChange={(e) => onChange({ status: e.target.value })}
          sx={fieldSx}
        >
          {STATUS_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
      {filterBy === 'Priority' && (
        <TextField
          select
          size="small"
          label={filterLabel('priority')}
          value={filters.priority ?? ''}
          onChange={(e) => onChange({ priority: e.target.value })}
          sx={fieldSx}
        >
          {PRIORITY_FILTER_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {filterBy === 'SLA' && (
        <TextField
          select
          size="small"
          label={filterLabel('slaMet')}
          value={filters.slaMet ?? ''}
          onChange={(e) => onChange({ slaMet: e.target.value })}
          sx={fieldSx}
        >
          {SLA_FILTER_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {filterBy === 'Date' && (
        <>
          <PlantDateField
            label={t('staff.reports.fromDate')}
            value={filters.from ?? ''}
            onChange={(from) => onChange({ from })}
            max={filters.to}
            sx={fieldSx}
          />
          <PlantDateField
            label={t('staff.reports.toDate')}
            value={filters.to ?? ''}
            onChange={(to) => onChange({ to })}
            min={filters.from}
            sx={fieldSx}
          />
        </>
      )}
      <SearchBar
        key={searched}
        label={filterLabel(searched)}
        value={filters[searched] ?? ''}
        sticker={searched === 'forkliftNumber'}
        onSearch={(text) => onChange({ [searched]: text })}
      />
    </Stack>
  );
}
