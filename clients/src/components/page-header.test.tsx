import { Button, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
  it.each(['Logout', 'Back'])('given a keyboard user, when he tabs onto %s, then it shows a focus ring', async (name) => {
    renderHeader(name === 'Back' ? '/' : undefined);
    const button = screen.getByRole('button', { name });
    expect(getComputedStyle(button).outlineStyle).not.toBe('solid');
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(getComputedStyle(button).outline).toBe('2px solid currentcolor');
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
