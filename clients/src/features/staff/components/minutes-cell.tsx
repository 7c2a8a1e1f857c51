import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { Box } from '@mui/material';
import type { TFunction } from 'i18next';
import { toast } from '../../../lib/toast';
import { ROUTE_MINUTES_CEILING, type SiteLocationAnswer, type SiteRouteAnswer } from '@plantride/schemas';
import { checkMinutes, minutesMessage } from '../site-rules';

const CELL = { width: 56, height: 48 };
export const EDITED = { colour: '#8a4b08', tint: '#fbf1e6' };

interface CellProps {
  route: SiteRouteAnswer;
  from: SiteLocationAnswer;
  to: SiteLocationAnswer;
  editedNoteId: string;
  onSave: (route: SiteRouteAnswer, minutes: number, label: string) => Promise<boolean>;
  /**
   * The matrix's translator: a new one when the language changes, so every cell redraws then; a hook in
   * each of a large site's tens of thousands of cells would subscribe each to the language.
   */
  t: TFunction;
}

/** One direction's minutes, saved when the field is left or Enter is pressed; Escape puts the engine's value back. */
export const MinutesCell = memo(function MinutesCell({ route, from, to, editedNoteId, onSave, t }: CellProps) {
  const input = useRef<HTMLInputElement>(null);
  const [saving, setSaving] = useState(false);
  const label = t('staff.site.routes.cell', { from: from.name, to: to.name });

  const commit = async () => {
    const field = input.current;
    if (!field || field.value.trim() === String(route.minutes)) return;
    const minutes = checkMinutes(field.value);
    if (minutes === null) {
      toast.error(minutesMessage());
      field.value = String(route.minutes);
      return;
    }
    setSaving(true);
    const saved = await onSave(route, minutes, `${from.name} → ${to.name}`);
    setSaving(false);
    // Saved, the refetched site remounts this cell with its new value; refused, the old one comes back.
    if (!saved && input.current) input.current.value = String(route.minutes);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      event.currentTarget.value = String(route.minutes);
      event.currentTarget.blur();
    }
  };

  return (
    <Box
      component="td"
      data-edited={route.edited}
      sx={{ p: '2px', position: 'relative', bgcolor: route.edited ? EDITED.tint : undefined, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box
        component="input"
        ref={input}
        type="number"
        inputMode="numeric"
        min={1}
        max={ROUTE_MINUTES_CEILING}
        step={1}
        defaultValue={route.minutes}
        aria-label={label}
        aria-describedby={route.edited ? editedNoteId : undefined}
        disabled={saving}
        onBlur={() => void commit()}
        onKeyDown={keys}
        sx={{
          width: CELL.width,
          height: CELL.height,
          boxSizing: 'border-box',
          textAlign: 'center',
          font: 'inherit',
          fontWeight: route.edited ? 700 : 400,
          color: route.edited ? EDITED.colour : 'text.primary',
          border: 1,
          borderColor: route.edited ? EDITED.colour : 'transparent',
          borderRadius: 1,
          bgcolor: 'transparent',
          MozAppearance: 'textfield',
          '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 },
          '&:hover': { borderColor: 'text.secondary' },
          '&:focus': { outline: '2px solid', outlineColor: 'primary.main', bgcolor: 'background.paper' },
          '&:disabled': { opacity: 0.5 },
        }}
      />
      {route.edited && (
        <Box
          component="span"
          aria-hidden="true"
          sx={{ position: 'absolute', top: 4, right: 5, width: 7, height: 7, borderRadius: '50%', bgcolor: EDITED.colour }}
        />
      )}
    </Box>
  );
});
