import { INSPECTION_MESSAGES, type DashboardDriver } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** Today's inspection as the driver's record says it (issue #21). */
export type InspectionToday = DashboardDriver['INSPECTION_TODAY'];

export interface InspectionNotice {
  severity: 'success' | 'info' | 'warning' | 'error';
  title: string;
  text: string;
  /** Shown above everything else and with a large button: he cannot take rides until he inspects. */
  prominent: boolean;
}

/** What the dashboard's inspection card says, from today's state and whether the plant requires it. */
export function inspectionNotice(today: InspectionToday, required: boolean): InspectionNotice {
  switch (today) {
    case 'passed':
      return {
        severity: 'success',
        title: i18n.t('driver.inspection.passedTitle'),
        text: i18n.t('driver.inspection.passedText'),
        prominent: false,
      };
    case 'failed':
      return {
        severity: 'error',
        title: i18n.t('driver.inspection.failedTitle'),
        text: required
          ? i18n.t('driver.inspection.failedRequired', { required: translateMessage(INSPECTION_MESSAGES.inspectionRequired) })
          : i18n.t('driver.inspection.failedText'),
        prominent: required,
      };
    default:
      return required
        ? {
            severity: 'warning',
            title: i18n.t('driver.inspection.neededTitle'),
            text: translateMessage(INSPECTION_MESSAGES.inspectionRequired),
            prominent: true,
          }
        : {
            severity: 'info',
            title: i18n.t('driver.inspection.dailyTitle'),
            text: i18n.t('driver.inspection.notInspected'),
            prominent: false,
          };
  }
}
