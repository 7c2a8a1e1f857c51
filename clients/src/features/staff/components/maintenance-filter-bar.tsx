import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { toast } from '../../../lib/toast';
import { BREAKDOWN_TYPES, MAINTENANCE_FILTER_OPTIONS } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { PlantDateField } from '../../../components/plant-date-field';
import {
  checkMaintenanceFilter,
  emptyMaintenanceFilter,
  type MaintenanceFilterErrors,
  type MaintenanceFilterForm,
} from '../maintenance-filters';

interface Props {
  onApply: (filter: MaintenanceFilterForm) => void;
  onClear: () => void;
}

const FILTER_OPTION_KEYS = {
  pending: 'pending',
  accepted: 'accepted',
  completed: 'completed',
  rejected: 'rejected',
  date: 'date',
  'breakdown type': 'breakdownType',
  'driver ID': 'driverId',
  'driver name': 'driverName',
} as const satisfies Record<(typeof MAINTENANCE_FILTER_OPTIONS)[number], string>;

const fieldSx = { minWidth: { xs: '100%', sm: 180 } };

/** Filter by status, date range, breakdown type, driver ID or name; the chosen filter needs its value (SPEC §5). */
export function MaintenanceFilterBar({ onApply, onClear }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<MaintenanceFilterForm>(emptyMaintenanceFilter);
  const [errors, setErrors] = useState<MaintenanceFilterErrors>({});
  const set = (patch: Partial<MaintenanceFilterForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const apply = () => {
    const found = checkMaintenanceFilter(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t('messages.fillMandatoryFields'));
      return;
    }
    onApply(form);
    toast.success(t('messages.filtersApplied'));
  };

  const clear = () => {
    setForm(emptyMaintenanceFilter());
    setErrors({});
    onClear();
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('staff.requests.filters')} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          select
          size="small"
          label={t('staff.requests.filterBy')}
          value={form.filter}
          onChange={(e) => set({ ...emptyMaintenanceFilter(), filter: e.target.value as MaintenanceFilterForm['filter'] })}
          error={Boolean(errors.filter)}
          helperText={errors.filter}
          sx={fieldSx}
        >
          {MAINTENANCE_FILTER_OPTIONS.map((option) => (
            <MenuItem key={option} value={option} sx={{ textTransform: 'capitalize' }}>
              {t(`staff.requests.filterOptions.${FILTER_OPTION_KEYS[option]}`)}
            </MenuItem>
          ))}
        </TextField>
        {form.filter === 'date' && (
          <>
            <PlantDateField
              label={t('staff.requests.startDate')}
              value={form.startDate}
              onChange={(startDate) => set({ startDate, endDate: form.endDate && form.endDate < startDate ? '' : form.endDate })}
              error={errors.startDate}
              sx={fieldSx}
            />
            {/* The end date cannot be before the start date (SPEC §5). */}
            <PlantDateField
              label={t('staff.requests.endDate')}
              value={form.endDate}
              onChange={(endDate) => set({ endDate })}
              min={form.startDate}
              error={errors.endDate}
              sx={fieldSx}
            />
          </>
        )}
        {form.filter === 'breakdown type' && (
          <TextField
            select
            size="small"
            label={t('staff.requests.breakdownType')}
            value={form.breakdownType}
            onChange={(e) => set({ breakdownType: e.target.value as MaintenanceFilterForm['breakdownType'] })}
            error={Boolean(errors.breakdownType)}
            helperText={errors.breakdownType}
            sx={fieldSx}
          >
            {BREAKDOWN_TYPES.map((type) => (
              <MenuItem key={type} value={type} sx={{ textTransform: 'capitalize' }}>
                {t(`staff.common.breakdownTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {form.filter === 'driver ID' && (
          <TextField
            size="small"
            label={t('staff.requests.driverId')}
            value={form.driverId}
            onChange={(e) => set({ driverId: e.target.value })}
            error={Boolean(errors.driverId)}
            helperText={errors.driverId}
            sx={fieldSx}
          />
        )}
        {form.filter === 'driver name' && (
          <TextField
            size="small"
            label={t('staff.requests.driverName')}
            value={form.driverName}
            onChange={(e) => set({ driverName: e.target.value })}
            error={Boolean(errors.driverName)}
            helperText={errors.driverName}
            sx={fieldSx}
          />
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={apply}>
            {t('staff.requests.applyFilters')}
          </Button>
          <Button variant="outlined" onClick={clear}>
            {t('staff.common.clear')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
