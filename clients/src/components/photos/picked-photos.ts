import { PHOTO_LIMITS } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';

/** A photo the driver took for a report: uploading, uploaded, waiting for the network, or refused by the engine. */
export interface PickedPhoto {
  id: string;
  /** The shrunk JPEG as a data URL: shown on the phone, and queued with the report when offline. */
  jpeg: string;
  state: 'uploading' | 'uploaded' | 'waiting' | 'failed';
  /** Why the engine refused it. */
  message?: string;
}

const PHOTO_KEYS = ['wait', 'unreadable', 'notUploaded', 'offline', 'uploading', 'sent', 'label'] as const;

/** The photo texts, each read in the language spoken when read (clients/src/i18n, `photos`). */
export const PHOTO_TEXT = Object.defineProperties(
  {} as Readonly<Record<(typeof PHOTO_KEYS)[number], string>>,
  Object.fromEntries(PHOTO_KEYS.map((key) => [key, { get: () => i18n.t(`photos.${key}`), enumerable: true }])),
);

/** Whether another photo may be added. */
export const canAddPhoto = (photos: readonly PickedPhoto[]): boolean => photos.length < PHOTO_LIMITS.perReport;

/** Photos still on their way up: a report waits for them (online), so it never names one the engine has not got. */
export const stillUploading = (photos: readonly PickedPhoto[]): boolean => photos.some((photo) => photo.state === 'uploading');

/** The ids a report names: every photo but the refused ones (waiting ones go up first, from the offline queue). */
export const reportPhotoIds = (photos: readonly PickedPhoto[]): string[] =>
  photos.filter((photo) => photo.state !== 'failed').map((photo) => photo.id);

/** The photos that have not reached the engine yet and would go with an offline report. */
export const notYetUploaded = (photos: readonly PickedPhoto[]): PickedPhoto[] =>
  photos.filter((photo) => photo.state === 'waiting' || photo.state === 'uploading');
