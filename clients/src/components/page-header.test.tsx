import { Button, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { mr } from '../i18n/mr';
import { theme } from '../app/theme';
import { PageHeader } from './page-header';

function renderHeader(backTo?: string) {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <PageHeader title="Driver" backTo={backTo} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('the header every signed-in screen shares', () => {
  afterEach(() => applyLanguage('en'));

  it.each(['Logout', 'Back'])('given a keyboard user, when he tabs onto %s, then it shows a focus ring', async (name) => {
    renderHeader(name === 'Back' ? '/' : undefined);
    const button = screen.getByRole('button', { name });
    expect(getComputedStyle(button).outlineStyle).not.toBe('solid');
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(getComputedStyle(button).outline).toBe('2px solid currentcolor');
  });

  it('given the language menu, when he chooses मराठी before signing in, then the header speaks Marathi at once and the page and device say mr', async () => {
    renderHeader('/');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'मराठी');
    expect(screen.getByRole('button', { name: mr.common.logout })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: mr.common.back })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: mr.common.language })).toHaveValue('mr');
    expect(document.documentElement.lang).toBe('mr');
    expect(localStorage.getItem('language')).toBe('mr');
  });

  it('given a filled button, when focused from the keyboard, then its ring takes the fill, not its white text', async () => {
    render(
      <ThemeProvider theme={theme}>
        <Button variant="contained">Go</Button>
      </ThemeProvider>,
    );
    await userEvent.tab();
    expect(getComputedStyle(screen.getByRole('button', { name: 'Go' })).outlineColor).toBe('rgb(31, 95, 59)'); // primary.main, #1f5f3b
  });
});
