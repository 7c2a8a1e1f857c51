import 'i18next';
import type { Catalogue } from './catalogue';

// t('driver.acceptRide') is checked against English's keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
