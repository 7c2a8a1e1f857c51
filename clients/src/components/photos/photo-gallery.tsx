import { useState } from 'react';
import {
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { usePhoto } from './use-photo';
import { useTranslation } from 'react-i18next';

interface Props {
  photoIds: readonly string[];
  /** What they show, e.g. "Photos of request M1…"; names the list and each photo. */
  label: string;
  size?: number;
}

function Thumbnail({ photoId, name, size, onOpen }: { photoId: string; name: string; size: number; onOpen: () => void }) {
  const photo = usePhoto(photoId);
  const { t } = useTranslation();
  const box = { width: size, height: size, borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' } as const;
  if (photo.isPending)
    return (
      <Box sx={box} role="status" aria-label={t('photos.loadingName', { name })}>
        <CircularProgress size={20} aria-hidden="true" />
      </Box>
    );
  if (photo.isError)
    return (
      <Box sx={box}>
        <Typography variant="caption" color="error">
          {t('photos.notShown', { name })}
        </Typography>
      </Box>
    );
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={t('photos.open', { name })}
      sx={{ borderRadius: 1, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' } }}
    >
      <Box component="img" src={photo.data} alt="" sx={{ ...box, objectFit: 'cover', display: 'block' }} />
    </ButtonBase>
  );
}

function FullPhoto({ photoId, name, onClose }: { photoId: string; name: string; onClose: () => void }) {
  const photo = usePhoto(photoId);
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="lg" aria-labelledby={`${photoId}-title`}>
      <DialogTitle id={`${photoId}-title`}>{name}</DialogTitle>
      <DialogContent>
        {photo.data && <Box component="img" src={photo.data} alt={name} sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A report's photos for staff (issue #34): thumbnails, each opening the photo whole. Nothing when there are none. */
export function PhotoGallery({ photoIds, label, size = 64 }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useTranslation();
  if (photoIds.length === 0) return null;
  const nameOf = (index: number) => t('photos.nameOf', { label, n: index + 1, count: photoIds.length });
  return (
    <>
      <Stack
        component="ul"
        direction="row"
        spacing={1}
        useFlexGap
        aria-label={label}
        sx={{ p: 0, m: 0, listStyle: 'none', flexWrap: 'wrap' }}
      >
        {photoIds.map((photoId, index) => (
          <Box component="li" key={photoId} sx={{ display: 'flex' }}>
            <Thumbnail photoId={photoId} name={nameOf(index)} size={size} onOpen={() => setOpen(index)} />
          </Box>
        ))}
      </Stack>
      {open !== null && photoIds[open] && <FullPhoto photoId={photoIds[open]} name={nameOf(open)} onClose={() => setOpen(null)} />}
    </>
  );
}
