import { useState } from 'react';
import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import type { SiteLocationAnswer } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useChangeLocation, type PlaceChange } from '../api/change-location';
import { checkPlaceDraft, placeChanges, placeDraftOf, type PlaceDraftErrors } from '../site-rules';
import { PlaceFields } from './place-fields';

/**
 * The selected place: rename, move, retire or bring back. The page keys it by the place as the
 * engine last answered it, so a refetch starts it again from the engine's values.
 */
export function PlaceEditor({ place }: { place: SiteLocationAnswer }) {
  const [draft, setDraft] = useState(() => placeDraftOf(place));
  const [errors, setErrors] = useState<PlaceDraftErrors>({});
  const [confirmRetire, setConfirmRetire] = useState(false);
  const change = useChangeLocation();

  const send = async (patch: Omit<PlaceChange, 'id'>, done: string) => {
    try {
      await change.mutateAsync({ id: place.id, ...patch });
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error, `Could not change ${place.name}.`));
    }
  };

  const save = () => {
    const checked = checkPlaceDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const patch = placeChanges(place, checked.place);
    if (Object.keys(patch).length === 0) return;
    void send(patch, `${checked.place.name} saved.`);
  };

  const retire = async () => {
    await send({ retired: true }, `${place.name} retired.`);
    setConfirmRetire(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="place-editor-title" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label={`Place ${place.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="place-editor-title" sx={{ overflowWrap: 'anywhere' }}>
            {place.name}
          </Typography>
          {place.retired && <Chip size="small" label="Retired" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {place.retired
            ? 'Not offered for new rides. Rides already booked keep it.'
            : 'Moving it re-estimates its routes from the plan, except those set by hand.'}
        </Typography>
        <PlaceFields
          draft={draft}
          errors={errors}
          disabled={change.isPending}
          onChange={(patch) => {
            setDraft((current) => ({ ...current, ...patch }));
            setErrors({});
          }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            Save
          </Button>
          {place.retired ? (
            <Button
              variant="outlined"
              onClick={() => void send({ retired: false }, `${place.name} is in use again.`)}
              disabled={change.isPending}
            >
              Bring back
            </Button>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setConfirmRetire(true)} disabled={change.isPending}>
              Retire
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmRetire}
        title={`Retire ${place.name}?`}
        confirmLabel="Retire"
        cancelLabel="Keep it"
        busy={change.isPending}
        onConfirm={() => void retire()}
        onCancel={() => setConfirmRetire(false)}
      >
        <Typography>It will no longer be offered for new rides. Rides already booked keep it, and you can bring it back later.</Typography>
      </ConfirmDialog>
    </Paper>
  );
}
