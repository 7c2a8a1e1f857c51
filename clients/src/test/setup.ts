import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The one i18next instance, as main.tsx starts it; every test begins and ends in English.
import { applyLanguage } from '../i18n/i18n';

afterEach(() => {
  cleanup();
  applyLanguage('en');
  localStorage.clear();
});
