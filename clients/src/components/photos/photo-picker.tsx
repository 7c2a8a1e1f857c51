import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { PHOTO_LIMITS } from '@plantride/schemas';
import { NoAnswerError, messageOf } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';
import { blobToDataUrl, dataUrlToBlob, putPhoto } from '../../lib/photo-upload';
import { PHOTO_TEXT, canAddPhoto, type PickedPhoto } from './picked-photos';
import { shrinkPhoto } from './shrink-photo';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';

interface Props {
  /** What the photos are of, e.g. "Photos of the breakdown". */
  label: string;
  disabled?: boolean;
  /** Every change of the photos (added, uploaded, refused, removed). */
  onChange: (photos: PickedPhoto[]) => void;
}

const stateText = (photo: PickedPhoto) =>
  photo.state === 'uploading'
    ? PHOTO_TEXT.uploading
    : photo.state === 'waiting'
      ? PHOTO_TEXT.offline
      : photo.state === 'failed'
        ? (photo.message ?? PHOTO_TEXT.notUploaded)
        : i18n.t('photos.uploaded');

/**
 * Up to three photos from the phone's camera (issue #34 item 3): each shrunk on the phone, then uploaded
 * at once under its own id; with no network it waits, and goes up when the network returns (or with
 * the report, from the offline queue).
 */
export function PhotoPicker({ label, disabled = false, onChange }: Props) {
  const labelId = useId();
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => changed.current(photos), [photos]);

  const update = (id: string, patch: Partial<PickedPhoto>) =>
    setPhotos((list) => list.map((photo) => (photo.id === id ? { ...photo, ...patch } : photo)));

  async function upload(photo: Pick<PickedPhoto, 'id' | 'jpeg'>) {
    update(photo.id, { state: 'uploading' });
    try {
      await putPhoto(photo.id, dataUrlToBlob(photo.jpeg));
      update(photo.id, { state: 'uploaded' });
    } catch (failure) {
      if (failure instanceof NoAnswerError) update(photo.id, { state: 'waiting' });
      else update(photo.id, { state: 'failed', message: messageOf(failure, PHOTO_TEXT.notUploaded) });
    }
  }

  // The network is back: the photos that waited for it go up now.
  const latest = useRef({ photos, upload });
  latest.current = { photos, upload };
  useEffect(() => {
    const online = () => {
      for (const photo of latest.current.photos) if (photo.state === 'waiting') void latest.current.upload(photo);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  async function add(file: File) {
    setError(null);
    let jpeg: string;
    try {
      jpeg = await blobToDataUrl(await shrinkPhoto(file));
    } catch {
      setError(PHOTO_TEXT.unreadable);
      return;
    }
    const photo: PickedPhoto = { id: newIdempotencyKey(), jpeg, state: navigator.onLine ? 'uploading' : 'waiting' };
    setPhotos((list) => (canAddPhoto(list) ? [...list, photo] : list));
    if (navigator.onLine) await upload(photo);
  }

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('photos.upTo', { label, count: PHOTO_LIMITS.perReport })}
      </Typography>
      {photos.length > 0 && (
        <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ p: 0, m: 0, mb: 1, listStyle: 'none', flexWrap: 'wrap' }}>
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} sx={{ width: 96 }} data-testid="picked-photo" data-state={photo.state}>
              <Box
                component="img"
                src={photo.jpeg}
                alt={t('photos.photoN', { n: index + 1 })}
                sx={{
                  width: 96,
                  height: 96,
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                  opacity: photo.state === 'uploaded' ? 1 : 0.6,
                }}
              />
              <Typography variant="caption" color={photo.state === 'failed' ? 'error' : 'text.secondary'} component="p" role="status">
                {stateText(photo)}
              </Typography>
              {/* 48 px tall, as every button a gloved thumb presses. */}
              <Button
                size="small"
                fullWidth
                aria-label={t('photos.removePhotoN', { n: index + 1 })}
                disabled={disabled}
                onClick={() => setPhotos((list) => list.filter((one) => one.id !== photo.id))}
                sx={{ minHeight: 48 }}
              >
                {t('photos.remove')}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Button
        variant="outlined"
        disabled={disabled || !canAddPhoto(photos)}
        onClick={() => inputRef.current?.click()}
        sx={{ minHeight: 48 }}
      >
        {t('photos.take')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/*"
        capture="environment"
        hidden
        aria-label={t('photos.takeFor', { label })}
        data-testid="photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same photo may be chosen again after it was removed.
          event.target.value = '';
          if (file) void add(file);
        }}
      />
    </Box>
  );
}
