import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select';
import { PlantDateField } from '../../../components/plant-date-field';
import { VEHICLE_TYPE_CHOICES } from '../../../lib/filter-choices';
import { useSearchText } from '../../../lib/use-search-text';
import { RESULT_OPTIONS, type InspectionFilters } from '../inspection-history';

const fieldSx = { minWidth: { xs: '100%', sm: 170 } };

/** The driver's token number goes to the server once typing pauses (or the field is left), not on each key. */
function OperatorIdField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const { text, setText, flush } = useSearchText(value, onSearch);
  return (
    <TextField
      size="small"
      type="search"
      label={t('staff.inspections.driverToken')}
      value={text}
      onChange={(e) => setText(e.target.value.toUpperCase())}
      onBlur={flush}
      sx={fieldSx}
    />
  );
}

/** Driver, vehicle type, plant days and result of the inspection list. */
export function InspectionFilterControls({
  filters,
  onChange,
}: {
  filters: InspectionFilters;
  onChange: (patch: Partial<InspectionFilters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
      <OperatorIdField value={filters.operatorId ?? ''} onSearch={(text) => onChange({ operatorId: text })} />
      <FilterSelect
        label={t('staff.inspections.vehicleType')}
        value={filters.vehicleType ?? ''}
        onChange={(vehicleType) => onChange({ vehicleType })}
        anyLabel={t('staff.inspections.allVehicleTypes')}
        options={VEHICLE_TYPE_CHOICES}
        sx={fieldSx}
      />
      <PlantDateField
        label={t('staff.inspections.from')}
        value={filters.from ?? ''}
        onChange={(from) => onChange({ from })}
        max={filters.to}
        sx={fieldSx}
      />
      <PlantDateField
        label={t('staff.inspections.to')}
        value={filters.to ?? ''}
        onChange={(to) => onChange({ to })}
        min={filters.from}
        sx={fieldSx}
      />
      <FilterSelect
        label={t('staff.inspections.result')}
        value={filters.passed ?? ''}
        onChange={(passed) => onChange({ passed })}
        anyLabel={t('staff.inspections.passedOrFailed')}
        options={RESULT_OPTIONS}
        sx={fieldSx}
      />
    </Stack>
  );
}
