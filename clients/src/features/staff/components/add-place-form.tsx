import { useState } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import { messageOf } from '../../../lib/api-client';
import { useAddLocation } from '../api/add-location';
import { checkPlaceDraft, type PlaceDraft, type PlaceDraftErrors } from '../site-rules';
import { PlaceFields } from './place-fields';

interface Props {
  draft: PlaceDraft;
  onDraft: (draft: PlaceDraft) => void;
  /** The new place's id, once the engine has it. */
  onAdded: (id: string) => void;
}

/** 'Add place': its routes to every other place are estimated from the plan until set by hand. */
export function AddPlaceForm({ draft, onDraft, onAdded }: Props) {
  const [errors, setErrors] = useState<PlaceDraftErrors>({});
  const add = useAddLocation();

  const submit = async () => {
    const checked = checkPlaceDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const place = await add.mutateAsync(checked.place);
      toast.success(`${place.name} added.`);
      onAdded(place.id);
    } catch (error) {
      toast.error(messageOf(error, 'Could not add the place.'));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="add-place-title" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label="Add place"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Typography variant="h6" component="h2" id="add-place-title">
          Add place
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Click open ground on the plan to fill in x and y.
        </Typography>
        <PlaceFields
          draft={draft}
          errors={errors}
          disabled={add.isPending}
          onChange={(patch) => {
            onDraft({ ...draft, ...patch });
            setErrors({});
          }}
        />
        <Button type="submit" variant="contained" disabled={add.isPending}>
          Add place
        </Button>
      </Stack>
    </Paper>
  );
}
